package io.httpmodels.server;

import javax.net.ssl.SSLException;
import javax.net.ssl.SSLSocketFactory;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A test client on a raw socket: writes exactly the bytes a test gives it and parses exactly what comes back,
 * so the kit sees what a server really sends (no client library smoothing anything over). Every read is bounded
 * by a socket timeout.
 */
public final class RawHttpConnection implements AutoCloseable {

    /** How long any single read may wait. */
    public static final int READ_TIMEOUT_MILLIS = 5_000;

    /**
     * How long a read waits in a case where the model is on record for answering nothing ({@link Deviation#silent()}):
     * the answer it would give if it no longer deviated is one of the kit's own, which any model gives within
     * milliseconds on loopback; a late one on a busy host keeps the deviation on record a run longer, and fails no
     * other model's case.
     */
    public static final int SILENCE_MILLIS = 1_000;

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;

    public RawHttpConnection(int port) throws IOException {
        this(port, READ_TIMEOUT_MILLIS);
    }

    /** Connects with {@code readTimeoutMillis} for the connect and for every read. */
    public RawHttpConnection(int port, int readTimeoutMillis) throws IOException {
        this(port, readTimeoutMillis, null);
    }

    /**
     * Connects with {@code readTimeoutMillis} for the connect and for every read; with {@code tls} not null, then
     * layers TLS over the connection (as {@code localhost}), whose handshake runs on the first send or read, bounded
     * by the same timeout.
     * Reads and writes go through TLS from then on; {@link #socket()} is the TLS socket.
     */
    public RawHttpConnection(int port, int readTimeoutMillis, SSLSocketFactory tls) throws IOException {
        Socket plain = new Socket();
        plain.connect(new InetSocketAddress("127.0.0.1", port), readTimeoutMillis);
        plain.setSoTimeout(readTimeoutMillis);
        plain.setTcpNoDelay(true);
        if (tls == null) {
            socket = plain;
        } else {
            // No startHandshake() here: the handshake runs on the first send or read, as a plaintext connection's
            // first bytes would. A model serving one connection at a time handshakes only once it takes this one.
            socket = tls.createSocket(plain, "localhost", port, true);
        }
        in = new BufferedInputStream(socket.getInputStream());
        out = socket.getOutputStream();
    }

    /** A response as received. Header names are lower-cased; a repeated header keeps every value. */
    public record Response(String statusLine, int status, Map<String, List<String>> headers, byte[] body) {

        /** The single value of header {@code name}, or {@code null}. */
        public String header(String name) {
            List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
            if (values == null) {
                return null;
            }
            if (values.size() != 1) {
                throw new AssertionError("header " + name + " appears " + values.size() + " times: " + values);
            }
            return values.get(0);
        }

        public String bodyText() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    /** Sends {@code text} (ISO-8859-1) in one write. */
    public RawHttpConnection send(String text) throws IOException {
        return send(text.getBytes(StandardCharsets.ISO_8859_1));
    }

    /** Sends {@code bytes} in one write. */
    public RawHttpConnection send(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
        return this;
    }

    /** Reads one response to a request other than HEAD. */
    public Response read() throws IOException {
        return read(false);
    }

    /** Reads one response; for a HEAD request there is no body whatever Content-Length says. */
    public Response read(boolean toHead) throws IOException {
        String statusLine = readLine();
        if (statusLine == null) {
            throw new IOException("connection closed before a status line");
        }
        String[] parts = statusLine.split(" ", 3);
        if (parts.length < 2 || !parts[0].startsWith("HTTP/1.")) {
            throw new IOException("malformed status line: " + statusLine);
        }
        int status = Integer.parseInt(parts[1]);
        Map<String, List<String>> headers = new LinkedHashMap<>();
        String line;
        while ((line = readLine()) != null && !line.isEmpty()) {
            int colon = line.indexOf(':');
            if (colon <= 0) {
                throw new IOException("malformed header line: " + line);
            }
            headers.computeIfAbsent(line.substring(0, colon).toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                    .add(line.substring(colon + 1).strip());
        }
        if (line == null) {
            throw new IOException("connection closed inside a response head");
        }
        byte[] body = new byte[0];
        if (!toHead && status >= 200 && status != 204 && status != 304) {
            List<String> length = headers.get("content-length");
            if (length == null) {
                throw new IOException("response without Content-Length: " + statusLine + " " + headers);
            }
            body = in.readNBytes(Integer.parseInt(length.get(0)));
        }
        return new Response(statusLine, status, headers, body);
    }

    /**
     * Waits (bounded by the read timeout) until the server closes the connection: true on EOF or reset,
     * false if bytes arrive instead or nothing happens in time.
     */
    public boolean closedByServer() throws IOException {
        try {
            return in.read() < 0;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (SocketException | SSLException e) {
            return true; // reset, or TLS cut without close_notify: closed all the same
        }
    }

    /**
     * Like {@link #closedByServer()}, but first discards whatever the server still sends (answers it wrote
     * before closing): true once EOF or a reset arrives within the read timeout.
     */
    public boolean closedByServerAfterDiscarding() throws IOException {
        byte[] sink = new byte[8192];
        try {
            while (in.read(sink) >= 0) {
                // keep discarding: each read is bounded by the socket timeout
            }
            return true;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (SocketException | SSLException e) {
            return true;
        }
    }

    /**
     * Request {@code i} of a short-connection load, on a connection of its own: {@code GET /plaintext}, the even
     * ones with {@code Connection: close} (the server closes), the odd ones closed by this client after the answer.
     *
     * @throws IOException when the answer is not 200, or a server asked to close did not
     */
    public static void plaintextOnShortConnection(int port, int i) throws IOException {
        plaintextOnShortConnection(port, i, true);
    }

    /**
     * Like {@link #plaintextOnShortConnection(int, int)}; with {@code awaitServerClose} false, for a server that
     * answers {@code Connection: close} but leaves the connection open (a deviation on record elsewhere), the even
     * requests' answers must still say {@code Connection: close}, and this client closes the connection itself once
     * it has read the whole answer (by its Content-Length) instead of waiting for the server's close.
     *
     * @throws IOException when the answer is not 200, or does not say close, or a server awaited to close did not
     */
    public static void plaintextOnShortConnection(int port, int i, boolean awaitServerClose) throws IOException {
        boolean serverCloses = i % 2 == 0;
        try (RawHttpConnection client = new RawHttpConnection(port)) {
            Response response = client.send("GET /plaintext HTTP/1.1\r\nHost: x\r\n"
                            + (serverCloses ? "Connection: close\r\n" : "") + "\r\n")
                    .read();
            if (response.status() != 200 || (serverCloses && !closeAnswered(client, response, awaitServerClose))) {
                throw new IOException("request " + i + ": " + response.statusLine() + " " + response.headers());
            }
        }
    }

    // Asked only of a request that said Connection: close: a kept-alive connection is never closed by the server, so
    // waiting for that would cost every such request the read timeout.
    private static boolean closeAnswered(RawHttpConnection client, Response response, boolean awaitServerClose)
            throws IOException {
        return awaitServerClose ? client.closedByServer() : "close".equalsIgnoreCase(response.header("Connection"));
    }

    /** The underlying socket, for tests that need its options. */
    public Socket socket() {
        return socket;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }

    // Reads a CRLF-terminated line (ISO-8859-1), without the CRLF; null on EOF before any byte.
    private String readLine() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream(64);
        int b;
        while ((b = in.read()) >= 0) {
            if (b == '\n') {
                byte[] bytes = line.toByteArray();
                int length = bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
                return new String(bytes, 0, length, StandardCharsets.ISO_8859_1);
            }
            line.write(b);
        }
        return line.size() == 0 ? null : line.toString(StandardCharsets.ISO_8859_1);
    }
}
