package io.httpmodels.server.bio;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * A server socket whose accepted connections give up on a peer that stops reading: a write that makes no
 * progress for the write timeout closes its socket, which ends the blocked write with an exception. Java's
 * blocking sockets have a read timeout ({@code SO_TIMEOUT}) but none for writes, so without this a client that
 * sends requests and never reads its answers holds the thread that serves it for ever: the single-thread
 * model's only thread, or one of the fixed pool's.
 *
 * <p>Like nginx's {@code send_timeout}, the limit is between two steps of progress, not for a whole response:
 * writes go to the socket in slices of {@value #SLICE_BYTES} bytes, and each slice has the whole timeout. One
 * watchdog thread per server socket checks the connections a few times per timeout; it ends when this socket
 * is closed.
 *
 * <p>Thread-safe: accept on one thread, write on others, close from any.
 */
final class WriteDeadlineServerSocket extends ServerSocket {

    private static final Logger log = LoggerFactory.getLogger(WriteDeadlineServerSocket.class);
    static final int SLICE_BYTES = 64 * 1024;

    private final long timeoutNanos;
    private final Set<DeadlineSocket> connections = ConcurrentHashMap.newKeySet();
    private final Thread watchdog;

    /**
     * @param writeTimeout how long one write may make no progress before the connection is closed
     * @param threadName   the watchdog thread's name
     */
    WriteDeadlineServerSocket(Duration writeTimeout, String threadName) throws IOException {
        this.timeoutNanos = writeTimeout.toNanos();
        // A few checks per timeout: a stalled write is closed between 1 and 1.25 timeouts after it stalled.
        long periodMillis = Math.clamp(writeTimeout.toMillis() / 4, 10, 1_000);
        this.watchdog = Thread.ofPlatform().name(threadName).daemon().unstarted(() -> watch(periodMillis));
        watchdog.start();
    }

    @Override
    public Socket accept() throws IOException {
        DeadlineSocket socket = new DeadlineSocket();
        implAccept(socket);
        connections.add(socket);
        return socket;
    }

    @Override
    public void close() throws IOException {
        try {
            super.close();
        } finally {
            watchdog.interrupt();
            try {
                watchdog.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void watch(long periodMillis) {
        try {
            while (!isClosed()) {
                TimeUnit.MILLISECONDS.sleep(periodMillis);
                long now = System.nanoTime();
                for (DeadlineSocket socket : connections) {
                    if (socket.isClosed()) {
                        connections.remove(socket);
                    } else if (socket.stalledLongerThan(timeoutNanos, now)) {
                        log.debug(
                                "closing {}: a write made no progress for {} ms",
                                socket.getRemoteSocketAddress(),
                                TimeUnit.NANOSECONDS.toMillis(timeoutNanos));
                        closeQuietly(socket);
                        connections.remove(socket);
                    }
                }
            }
        } catch (InterruptedException e) {
            // closed
        }
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            log.debug("close failed", e);
        }
    }

    /** An accepted socket whose output stream stamps when a write started and clears it when it returns. */
    private static final class DeadlineSocket extends Socket {

        // System.nanoTime() when the write in progress started; NOT_WRITING between writes.
        private static final long NOT_WRITING = Long.MIN_VALUE;
        private volatile long writingSinceNanos = NOT_WRITING;
        private OutputStream out;

        boolean stalledLongerThan(long timeoutNanos, long now) {
            long since = writingSinceNanos;
            return since != NOT_WRITING && now - since > timeoutNanos;
        }

        @Override
        public synchronized OutputStream getOutputStream() throws IOException {
            if (out == null) {
                out = new DeadlineOutputStream(super.getOutputStream());
            }
            return out;
        }

        private final class DeadlineOutputStream extends FilterOutputStream {

            DeadlineOutputStream(OutputStream out) {
                super(out);
            }

            @Override
            public void write(int b) throws IOException {
                writingSinceNanos = System.nanoTime();
                try {
                    out.write(b);
                } finally {
                    writingSinceNanos = NOT_WRITING;
                }
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                try {
                    for (int done = 0; done < len; ) {
                        int n = Math.min(SLICE_BYTES, len - done);
                        writingSinceNanos = System.nanoTime(); // each slice that went is progress
                        out.write(b, off + done, n);
                        done += n;
                    }
                } finally {
                    writingSinceNanos = NOT_WRITING;
                }
            }
        }
    }
}
