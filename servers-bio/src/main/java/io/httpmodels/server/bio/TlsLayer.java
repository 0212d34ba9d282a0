package io.httpmodels.server.bio;

import io.httpmodels.server.tls.ServerTls;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;
import java.io.IOException;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * TLS layered over an accepted plain socket: the server side of a {@link ServerTls}, built once per server, and the
 * handshake that turns each accepted connection into an {@link SSLSocket}. Layered rather than accepted by an
 * {@code SSLServerSocket} so that reads and writes still go through the accepted socket, and with them the
 * write deadline of {@link WriteDeadlineServerSocket}; see {@link BlockingServer}.
 *
 * <p>A handshake is bounded twice: each of its reads by the socket timeout, which ends a client that stalls at
 * once with a {@link SocketTimeoutException}; and the whole of it by a timer that closes the socket when the
 * timeout has passed, which ends a client that trickles its ClientHello a byte at a time (each byte would restart
 * the socket timeout). One timer thread per server; a handshake costs it one scheduled task, cancelled when done.
 *
 * <p>Thread-safe: one per server, {@link #handshake} called by the threads that serve connections.
 */
final class TlsLayer implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(TlsLayer.class);
    private static final long SHUTDOWN_WAIT_SECONDS = 5;

    private final SSLSocketFactory factory;
    private final SSLParameters parameters;
    private final ScheduledThreadPoolExecutor deadlines;

    /**
     * @param tls             the key, chain and protocols
     * @param timerThreadName the name of the thread that closes connections whose handshake outlasts its timeout
     */
    TlsLayer(ServerTls tls, String timerThreadName) {
        this.factory = tls.sslContext().getSocketFactory();
        this.parameters = tls.parameters();
        this.deadlines = new ScheduledThreadPoolExecutor(
                1, Thread.ofPlatform().name(timerThreadName).daemon().factory());
        deadlines.setRemoveOnCancelPolicy(true); // finished handshakes leave nothing queued
    }

    /**
     * Layers TLS over {@code accepted} in server mode and runs the handshake on the calling thread, within
     * {@code timeout} in all and each read within it too (the socket timeout in force when it returns; the caller
     * sets its own). Closing the returned socket closes {@code accepted}.
     *
     * @throws SocketTimeoutException    when the handshake is not done within {@code timeout}
     * @throws javax.net.ssl.SSLException when the client sends something other than TLS, or fails it
     * @throws SocketException           when the connection ends, or the server is closing
     */
    SSLSocket handshake(Socket accepted, Duration timeout) throws IOException {
        SSLSocket secure = (SSLSocket) factory.createSocket(accepted, null, true);
        secure.setSSLParameters(parameters);
        secure.setSoTimeout((int) Math.clamp(timeout.toMillis(), 1, Integer.MAX_VALUE));
        ScheduledFuture<?> cut;
        try {
            cut = deadlines.schedule(() -> closeQuietly(accepted), timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException e) {
            throw new SocketException("the server is closing");
        }
        try {
            secure.startHandshake();
        } catch (IOException e) {
            if (cut.isDone()) {
                throw new SocketTimeoutException("TLS handshake not done within " + timeout.toMillis() + " ms");
            }
            throw e;
        } finally {
            cut.cancel(false);
        }
        return secure;
    }

    /** Stops the timer thread and waits for it; connections still handshaking are closed by the server. */
    @Override
    public void close() {
        deadlines.shutdownNow();
        try {
            deadlines.awaitTermination(SHUTDOWN_WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            log.debug("close failed", e);
        }
    }
}
