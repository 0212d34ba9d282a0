package io.httpmodels.server.http;

import java.io.Flushable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Writes HTTP/1.1 responses into its own buffer and sends them on {@link #flush()}, so that each response's
 * headers and body leave in one write (no Nagle stall even without TCP_NODELAY) and pipelined responses leave
 * together. Headers are rendered per response from pre-encoded names and values; nothing is formatted with
 * Strings on the way.
 *
 * <p>Not thread-safe: one writer per connection.
 */
public final class HttpResponseWriter implements Flushable {

    /** Whether the response says anything about the connection's persistence. */
    public enum ConnectionHeader {
        /** Nothing: HTTP/1.1's default, the connection stays open. */
        NONE,
        /** {@code Connection: close}: the server closes after this response. */
        CLOSE,
        /** {@code Connection: keep-alive}: an HTTP/1.0 client asked to keep the connection. */
        KEEP_ALIVE;

        /** What the answer to {@code request} says: close if it asked to, keep-alive to an HTTP/1.0 client that asked. */
        public static ConnectionHeader forRequest(HttpRequest request) {
            if (!request.keepAlive()) {
                return CLOSE;
            }
            return request.version() == HttpRequest.HTTP_1_0 ? KEEP_ALIVE : NONE;
        }
    }

    private static final byte[] CRLF = ascii("\r\n");
    private static final byte[] DATE = ascii("Date: ");
    private static final byte[] CONTENT_TYPE = ascii("Content-Type: ");
    private static final byte[] CONTENT_LENGTH = ascii("Content-Length: ");
    private static final byte[] ALLOW = ascii("Allow: ");
    private static final byte[] CONNECTION_CLOSE = ascii("Connection: close\r\n");
    private static final byte[] CONNECTION_KEEP_ALIVE = ascii("Connection: keep-alive\r\n");
    private static final byte[] CONTINUE = ascii("HTTP/1.1 100 Continue\r\n\r\n");
    /** The buffer's size unless a smaller one is asked for. */
    public static final int DEFAULT_BUFFER_BYTES = 16 * 1024;

    private final OutputStream out;
    private final byte[] serverLine;
    /** The bytes of every head that do not depend on the response: Server, and the fixed parts of the rest. */
    private final int fixedHeadBytes;

    private final byte[] buf;
    private int count;

    /**
     * @param out          the connection's output; written in whole responses or batches of them
     * @param serverHeader the {@code Server} header value
     */
    public HttpResponseWriter(OutputStream out, String serverHeader) {
        this(out, serverHeader, DEFAULT_BUFFER_BYTES);
    }

    /**
     * @param out          the connection's output; written in whole responses or batches of them
     * @param serverHeader the {@code Server} header value
     * @param bufferBytes  the most bytes of responses held before they are sent: what a blocking server holds of
     *                     a connection's unsent answers, since the write that sends them blocks until the socket
     *                     takes them; at least 1
     */
    public HttpResponseWriter(OutputStream out, String serverHeader, int bufferBytes) {
        if (bufferBytes < 1) {
            throw new IllegalArgumentException("bufferBytes must be at least 1, was " + bufferBytes);
        }
        this.buf = new byte[bufferBytes];
        this.out = out;
        this.serverLine = ascii("Server: " + serverHeader + "\r\n");
        this.fixedHeadBytes = serverLine.length
                + DATE.length
                + CRLF.length
                + CONTENT_TYPE.length
                + CRLF.length
                + CONTENT_LENGTH.length
                + CRLF.length
                + CRLF.length;
    }

    /**
     * Buffers one response.
     *
     * @param response    what to answer
     * @param headersOnly true for HEAD: every header, Content-Length included, and no body
     * @param connection  what to say about persistence
     */
    public void write(HttpResponse response, boolean headersOnly, ConnectionHeader connection) throws IOException {
        byte[] body = response.body();
        int bodyBytes = headersOnly ? 0 : body.length;
        int responseBytes = headLength(response, body.length, connection) + bodyBytes;
        // A response larger than what is left goes after what is buffered; one larger than the whole buffer is
        // sent on its own, headers and body still in one write.
        if (count + responseBytes > buf.length) {
            flush();
            if (responseBytes > buf.length) {
                writeLarge(response, responseBytes, headersOnly, connection);
                return;
            }
        }
        count = renderHead(buf, count, response, body.length, connection);
        System.arraycopy(body, 0, buf, count, bodyBytes);
        count += bodyBytes;
    }

    /** Sends {@code 100 Continue} at once: the client waits for it before sending the body. */
    public void writeContinue() throws IOException {
        if (count + CONTINUE.length > buf.length) {
            flush();
        }
        System.arraycopy(CONTINUE, 0, buf, count, CONTINUE.length);
        count += CONTINUE.length;
        flush();
    }

    /**
     * Sends everything buffered in one write; does nothing when the buffer is empty. What a failed write could not
     * send is dropped all the same: it belonged to a connection that is now broken, and a writer shared by many
     * connections (the reactor's, pointed at each in turn) must never hand it to the next one.
     */
    @Override
    public void flush() throws IOException {
        if (count > 0) {
            try {
                out.write(buf, 0, count);
                out.flush();
            } finally {
                count = 0;
            }
        }
    }

    private void writeLarge(HttpResponse response, int responseBytes, boolean headersOnly, ConnectionHeader connection)
            throws IOException {
        byte[] whole = new byte[responseBytes];
        int headBytes = renderHead(whole, 0, response, response.body().length, connection);
        System.arraycopy(response.body(), 0, whole, headBytes, responseBytes - headBytes);
        out.write(whole);
        out.flush();
    }

    /** The exact length of the head {@link #renderHead} writes. */
    private int headLength(HttpResponse response, int contentLength, ConnectionHeader connection) {
        int length = fixedHeadBytes
                + response.status().statusLine().length
                + HttpDate.now().bytes().length
                + response.contentType().length()
                + decimalDigits(contentLength);
        if (response.allow() != null) {
            length += ALLOW.length + response.allow().length() + CRLF.length;
        }
        if (connection == ConnectionHeader.CLOSE) {
            length += CONNECTION_CLOSE.length;
        } else if (connection == ConnectionHeader.KEEP_ALIVE) {
            length += CONNECTION_KEEP_ALIVE.length;
        }
        return length;
    }

    private int renderHead(byte[] dst, int at, HttpResponse response, int contentLength, ConnectionHeader connection) {
        at = put(dst, at, response.status().statusLine());
        at = put(dst, at, serverLine);
        at = put(dst, at, DATE);
        at = put(dst, at, HttpDate.now().bytes());
        at = put(dst, at, CRLF);
        at = put(dst, at, CONTENT_TYPE);
        at = putAscii(dst, at, response.contentType());
        at = put(dst, at, CRLF);
        at = put(dst, at, CONTENT_LENGTH);
        at = putDecimal(dst, at, contentLength);
        at = put(dst, at, CRLF);
        if (response.allow() != null) {
            at = put(dst, at, ALLOW);
            at = putAscii(dst, at, response.allow());
            at = put(dst, at, CRLF);
        }
        if (connection == ConnectionHeader.CLOSE) {
            at = put(dst, at, CONNECTION_CLOSE);
        } else if (connection == ConnectionHeader.KEEP_ALIVE) {
            at = put(dst, at, CONNECTION_KEEP_ALIVE);
        }
        return put(dst, at, CRLF);
    }

    private static int put(byte[] dst, int at, byte[] src) {
        System.arraycopy(src, 0, dst, at, src.length);
        return at + src.length;
    }

    private static int putAscii(byte[] dst, int at, String s) {
        for (int i = 0; i < s.length(); i++) {
            dst[at++] = (byte) s.charAt(i);
        }
        return at;
    }

    private static int putDecimal(byte[] dst, int at, int value) {
        int digits = decimalDigits(value);
        for (int i = at + digits - 1, v = value; i >= at; i--, v /= 10) {
            dst[i] = (byte) ('0' + v % 10);
        }
        return at + digits;
    }

    /** How many digits {@code value} (not negative) has in decimal: 1 for 0. */
    private static int decimalDigits(int value) {
        int digits = 1;
        for (int v = value; v >= 10; v /= 10) {
            digits++;
        }
        return digits;
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
