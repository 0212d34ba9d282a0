package io.httpmodels.server;

import java.io.BufferedOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One attacking h2c connection on a raw socket: it writes frames the {@link Http2Attack} builds and, once told to
 * ({@link #startReading()}), reads what the server sends by its frame headers on a thread of its own, tallying what
 * a verdict needs: GOAWAY and its code, RST_STREAM by code, the end of the connection. An attack that must not read
 * (the floods, the zero window) starts reading only after it stops writing, so what the server could not send stays
 * with the server meanwhile.
 *
 * <p>Writes block when the server stops reading: {@link #close()} from another thread ends such a write.
 */
final class Http2AttackConnection implements AutoCloseable {

    private final Socket socket;
    private final OutputStream out;
    private final InputStream in;
    private final CountDownLatch ended = new CountDownLatch(1);
    private final ReentrantLock writing = new ReentrantLock();
    private volatile boolean ackOwed;
    private volatile boolean reading;
    private volatile int goawayCode = -1;
    private volatile long bytesRead;
    private volatile String endedBy;
    private final Map<Integer, Integer> resetsByCode = new TreeMap<>();
    private final BlockingQueue<Frame> frames;

    /** One frame the server sent, kept when the connection keeps frames: its header's fields and its payload. */
    record Frame(int type, int flags, int streamId, byte[] payload) {
        boolean has(int flag) {
            return (flags & flag) != 0;
        }

        @Override
        public String toString() {
            return "frame(type " + type + ", flags " + flags + ", stream " + streamId + ", " + payload.length
                    + " bytes)";
        }
    }

    /** Connects to {@code port} on loopback and sends the preface with {@code settings} (a SETTINGS frame). */
    Http2AttackConnection(int port, byte[] settings) throws IOException {
        this(port, concat(Http2Frames.PREFACE, settings), false);
    }

    /**
     * Connects to {@code port} on loopback and sends {@code opening} as it is (a preface and SETTINGS, or not); with
     * {@code keepFrames} every frame the reader reads is kept for {@link #nextFrame}, which the conformance kit reads
     * and an attack, whose answers would pile up, does not.
     */
    Http2AttackConnection(int port, byte[] opening, boolean keepFrames) throws IOException {
        frames = keepFrames ? new LinkedBlockingQueue<>() : null;
        socket = new Socket(InetAddress.getLoopbackAddress(), port);
        socket.setTcpNoDelay(true);
        out = new BufferedOutputStream(socket.getOutputStream(), 64 * 1024);
        in = socket.getInputStream();
        write(opening);
        flush();
    }

    private static byte[] concat(byte[] first, byte[] second) {
        byte[] both = Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, both, first.length, second.length);
        return both;
    }

    /**
     * The next frame the server sent, waiting at most {@code millis}; null when none came in time or the connection
     * has ended and every frame it carried was taken. Only for a connection that keeps frames.
     */
    Frame nextFrame(long millis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        while (true) {
            Frame frame = frames.poll(Math.min(20, millis), TimeUnit.MILLISECONDS);
            if (frame != null) {
                return frame;
            }
            if (ended.getCount() == 0) {
                return frames.poll();
            }
            if (System.nanoTime() - deadline > 0) {
                return null;
            }
        }
    }

    /** Queues {@code frame}, after an acknowledgement the server's SETTINGS are owed; {@link #flush()} sends them. */
    void write(byte[] frame) throws IOException {
        writing.lock();
        try {
            if (ackOwed) {
                ackOwed = false;
                out.write(Http2Frames.settingsAck());
            }
            out.write(frame);
        } finally {
            writing.unlock();
        }
    }

    void flush() throws IOException {
        writing.lock();
        try {
            out.flush();
        } finally {
            writing.unlock();
        }
    }

    /**
     * Acknowledges the server's SETTINGS now if no write is under way, else with the next write: the reader must
     * never wait on a write the server is not reading, or neither side would read.
     */
    private void owe() {
        ackOwed = true;
        if (writing.tryLock()) {
            try {
                if (ackOwed) {
                    ackOwed = false;
                    out.write(Http2Frames.settingsAck());
                    out.flush();
                }
            } catch (IOException e) {
                // the server has closed: the next read says how, which is what the kit records
            } finally {
                writing.unlock();
            }
        }
    }

    /** Starts reading the server's frames on a daemon thread, acknowledging its SETTINGS; once only. */
    synchronized void startReading() {
        if (reading) {
            return;
        }
        reading = true;
        Thread.ofPlatform().daemon().name("h2-attack-reader").start(this::read);
    }

    private void read() {
        byte[] header = new byte[9];
        byte[] payload = new byte[Http2Frames.MAX_FRAME_PAYLOAD];
        try {
            while (true) {
                readFully(header, 9);
                int length = (header[0] & 0xff) << 16 | (header[1] & 0xff) << 8 | (header[2] & 0xff);
                int type = header[3] & 0xff;
                int flags = header[4] & 0xff;
                if (length > payload.length) {
                    payload = new byte[length];
                }
                readFully(payload, length);
                bytesRead += 9 + length;
                if (frames != null) {
                    int streamId = Http2Frames.readInt(header, 5) & 0x7fffffff;
                    frames.add(new Frame(type, flags, streamId, Arrays.copyOf(payload, length)));
                }
                switch (type) {
                    case Http2Frames.GOAWAY -> goawayCode = Http2Frames.readInt(payload, 4);
                    case Http2Frames.RST_STREAM -> {
                        synchronized (resetsByCode) {
                            resetsByCode.merge(Http2Frames.readInt(payload, 0), 1, Integer::sum);
                        }
                    }
                    case Http2Frames.SETTINGS -> {
                        if ((flags & Http2Frames.ACK) == 0) {
                            owe();
                        }
                    }
                    default -> {}
                }
            }
        } catch (EOFException e) {
            endedBy = "closed";
        } catch (IOException e) {
            endedBy = "reset (" + e.getMessage() + ")";
        } finally {
            ended.countDown();
        }
    }

    private void readFully(byte[] into, int length) throws IOException {
        for (int at = 0; at < length; ) {
            int n = in.read(into, at, length - at);
            if (n < 0) {
                throw new EOFException();
            }
            at += n;
        }
    }

    /** Waits at most {@code millis} for the server to end the connection (read must have started); whether it did. */
    boolean awaitEnd(long millis) throws InterruptedException {
        return ended.await(millis, TimeUnit.MILLISECONDS);
    }

    /** How the connection ended, as the reader saw it ("closed" or "reset (...)"), or null while it is open. */
    String endedBy() {
        return endedBy;
    }

    /** The error code of the server's last GOAWAY, or -1 if it sent none. */
    int goawayCode() {
        return goawayCode;
    }

    long bytesRead() {
        return bytesRead;
    }

    /** How many RST_STREAM frames the server sent, by error code. */
    Map<Integer, Integer> resetsByCode() {
        synchronized (resetsByCode) {
            return new TreeMap<>(resetsByCode);
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
