package io.httpmodels.server.bio;

import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.http.HttpRequestReader;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;

/**
 * A connection's socket input, read under the request deadlines of {@link ServerConfig}: the per-read idle
 * timeout while it waits for a request, the head deadline once a head has begun, the body deadline once the head
 * is complete. Each blocking read gets as socket timeout ({@link Socket#setSoTimeout}) the idle timeout or what
 * is left of the current deadline, whichever is shorter, so a client trickling one byte every few seconds, which
 * the idle timeout alone would never cut, is cut when its deadline passes: the read then fails with
 * {@link RequestTimeoutException} (the connection answers 408 and closes), while a silence shorter than the
 * deadline but longer than the idle timeout still ends as a plain {@link SocketTimeoutException}.
 *
 * <p>Where a phase starts: a head's deadline runs from the read after its first bytes arrived (bytes left over
 * from a pipelined batch count from the first read that finds them buffered); a body's from the first read that
 * needs body bytes. Nothing is timed when a request arrives whole in one read: the fast path pays no clock read,
 * only a few field checks. It learns the phase from the {@link HttpRequestReader} reading it
 * ({@link HttpRequestReader#readingBody()}, {@link HttpRequestReader#hasBufferedInput()}) and from
 * {@link #requestRead()}, which the connection loop calls after each request.
 *
 * <p>Not thread-safe: one per connection, read by the thread that serves it.
 */
final class DeadlineInputStream extends InputStream {

    private static final long NOT_STARTED = Long.MIN_VALUE;

    private final Socket socket;
    private final InputStream in;
    private final int idleMillis;
    private final Duration headerTimeout;
    private final Duration bodyTimeout;
    private HttpRequestReader reader;
    /** The socket timeout in force, so it is set only when it changes. */
    private int soTimeoutMillis;
    /** Bytes of the current head have arrived (its deadline starts with the next read). */
    private boolean headBegun;

    private long headStartNanos = NOT_STARTED;
    private long bodyStartNanos = NOT_STARTED;

    /** Wraps {@code socket}'s input and sets its socket timeout to the idle timeout. */
    DeadlineInputStream(Socket socket, ServerConfig config) throws IOException {
        this.socket = socket;
        this.in = socket.getInputStream();
        this.idleMillis = (int) config.timeouts().idle().toMillis();
        this.headerTimeout = config.timeouts().header();
        this.bodyTimeout = config.timeouts().body();
        this.soTimeoutMillis = idleMillis;
        socket.setSoTimeout(idleMillis);
    }

    /** The reader that reads this stream, asked which phase each read belongs to; set once, before any read. */
    void attach(HttpRequestReader requestReader) {
        this.reader = requestReader;
    }

    /** A request was read whole: what comes next is the wait for another one, timed by the idle timeout. */
    void requestRead() {
        headBegun = false;
        headStartNanos = NOT_STARTED;
        bodyStartNanos = NOT_STARTED;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        // Which deadline, if any, bounds this read; null while waiting for a request (the idle timeout alone).
        String phase = null;
        int timeoutMillis = idleMillis;
        if (reader.readingBody()) {
            if (bodyStartNanos == NOT_STARTED) {
                bodyStartNanos = System.nanoTime();
            }
            phase = "body";
            timeoutMillis = timeLeftMillis(bodyStartNanos, bodyTimeout, phase);
        } else if (headBegun || reader.hasBufferedInput()) {
            if (headStartNanos == NOT_STARTED) {
                headStartNanos = System.nanoTime();
            }
            phase = "head";
            timeoutMillis = timeLeftMillis(headStartNanos, headerTimeout, phase);
        }
        boolean deadlineFirst = timeoutMillis < idleMillis;
        if (!deadlineFirst) {
            timeoutMillis = idleMillis;
        }
        if (timeoutMillis != soTimeoutMillis) {
            socket.setSoTimeout(timeoutMillis);
            soTimeoutMillis = timeoutMillis;
        }
        int n;
        try {
            n = in.read(b, off, len);
        } catch (SocketTimeoutException e) {
            if (deadlineFirst) {
                throw expired(phase);
            }
            throw e; // the idle timeout: a plain close, as between requests
        }
        if (n > 0) {
            headBegun = true; // also after body bytes: requestRead() clears it once that request is done
        }
        return n;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int available() throws IOException {
        return in.available();
    }

    @Override
    public void close() throws IOException {
        in.close();
    }

    // What is left of a deadline, in whole milliseconds rounded up (0 would mean no timeout at all).
    private int timeLeftMillis(long startNanos, Duration timeout, String what) throws RequestTimeoutException {
        long leftNanos = startNanos + timeout.toNanos() - System.nanoTime();
        if (leftNanos <= 0) {
            throw expired(what);
        }
        return (int) Math.min(Integer.MAX_VALUE, (leftNanos + 999_999) / 1_000_000);
    }

    private RequestTimeoutException expired(String what) {
        return new RequestTimeoutException("request " + what + " not received within "
                + (what.equals("body") ? bodyTimeout : headerTimeout).toMillis() + " ms");
    }

    /**
     * A request head or body did not arrive within its deadline. A {@link SocketTimeoutException}, so code that
     * knows nothing of deadlines treats it as the timeout it is; the connection loop answers it with 408.
     */
    static final class RequestTimeoutException extends SocketTimeoutException {
        private static final long serialVersionUID = 1L;

        RequestTimeoutException(String detail) {
            super(detail);
        }
    }
}
