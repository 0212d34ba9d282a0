package io.httpmodels.server.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

class HttpRequestReaderTest {

    private static final int MAX_HEADER_BYTES = 1024;
    private static final int MAX_BODY_BYTES = 4096;

    /** An input that hands out its bytes in the given pieces, one piece per read, as a socket might. */
    private static final class PiecewiseInput extends InputStream {
        private final List<byte[]> pieces;
        private int piece;
        private int offset;
        private int reads;

        PiecewiseInput(List<byte[]> pieces) {
            this.pieces = pieces;
        }

        static PiecewiseInput splitAt(byte[] bytes, int... cuts) {
            List<byte[]> pieces = new ArrayList<>();
            int from = 0;
            for (int cut : cuts) {
                pieces.add(java.util.Arrays.copyOfRange(bytes, from, cut));
                from = cut;
            }
            pieces.add(java.util.Arrays.copyOfRange(bytes, from, bytes.length));
            return new PiecewiseInput(pieces);
        }

        @Override
        public int read() {
            throw new AssertionError("the reader must not read byte by byte");
        }

        @Override
        public int read(byte[] b, int off, int len) {
            while (piece < pieces.size() && offset == pieces.get(piece).length) {
                piece++;
                offset = 0;
            }
            if (piece == pieces.size()) {
                return -1;
            }
            reads++;
            int n = Math.min(len, pieces.get(piece).length - offset);
            System.arraycopy(pieces.get(piece), offset, b, off, n);
            offset += n;
            return n;
        }
    }

    private static HttpRequestReader reader(InputStream in, ByteArrayOutputStream written) {
        return new HttpRequestReader(in, new HttpResponseWriter(written, "test"), MAX_HEADER_BYTES, MAX_BODY_BYTES);
    }

    private static HttpRequestReader reader(String text) {
        return reader(PiecewiseInput.splitAt(bytes(text)), new ByteArrayOutputStream());
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static int statusOf(String request) {
        RequestRejectedException e = assertThrows(
                RequestRejectedException.class, () -> reader(request).read());
        return e.status().code();
    }

    @Test
    void parsesTheRequestLineHeadersAndBody() throws Exception {
        HttpRequest request = reader("POST /echo?x=1 HTTP/1.1\r\nHost: example\r\nX-Spaced:  a b \t\r\n"
                        + "Content-Length: 5\r\n\r\nhello")
                .read();
        assertEquals("POST", request.method());
        assertEquals("/echo?x=1", request.target());
        assertEquals("HTTP/1.1", request.version());
        assertEquals(
                List.of(
                        new HttpHeader("Host", "example"),
                        new HttpHeader("X-Spaced", "a b"),
                        new HttpHeader("Content-Length", "5")),
                request.headers());
        assertEquals("a b", request.header("x-spaced"));
        assertArrayEquals(bytes("hello"), request.body());
        assertTrue(request.keepAlive());
    }

    @Test
    void aRequestSplitAtEveryByteParsesTheSame() throws Exception {
        byte[] wire = bytes("POST /echo HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\n\r\nabc"
                + "GET /plaintext HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nxy\r\n0\r\n\r\n");
        for (int cut = 1; cut < wire.length; cut++) {
            for (int second = cut + 1; second < wire.length; second += 7) {
                HttpRequestReader reader =
                        reader(PiecewiseInput.splitAt(wire, cut, second), new ByteArrayOutputStream());
                HttpRequest first = reader.read();
                assertArrayEquals(bytes("abc"), first.body(), "cut at " + cut + ", " + second);
                HttpRequest next = reader.read();
                assertEquals("/plaintext", next.target(), "cut at " + cut + ", " + second);
                assertArrayEquals(bytes("xy"), next.body(), "cut at " + cut + ", " + second);
                assertNull(reader.read(), "clean end after two requests");
            }
        }
    }

    @Test
    void pipelinedRequestsInOneReadAreParsedWithoutFurtherReads() throws Exception {
        String one = "GET /plaintext HTTP/1.1\r\nHost: h\r\n\r\n";
        PiecewiseInput in = new PiecewiseInput(List.of(bytes(one.repeat(16))));
        HttpRequestReader reader = reader(in, new ByteArrayOutputStream());
        for (int i = 0; i < 16; i++) {
            assertEquals("/plaintext", reader.read().target());
            assertEquals(i < 15, reader.hasBufferedInput());
        }
        assertEquals(1, in.reads, "16 pipelined requests arrived in one read and needed no other");
    }

    @Test
    void pendingResponsesAreFlushedBeforeABlockingRead() throws Exception {
        ByteArrayOutputStream written = new ByteArrayOutputStream();
        HttpResponseWriter writer = new HttpResponseWriter(written, "test");
        String one = "GET /plaintext HTTP/1.1\r\nHost: h\r\n\r\n";
        HttpRequestReader reader = new HttpRequestReader(
                PiecewiseInput.splitAt(bytes(one + one), one.length()), writer, MAX_HEADER_BYTES, MAX_BODY_BYTES);
        reader.read();
        writer.write(HttpResponse.ok("text/plain", bytes("first")), false, HttpResponseWriter.ConnectionHeader.NONE);
        assertEquals(0, written.size(), "buffered while nothing blocks");
        reader.read(); // needs a read: the first answer must leave before it
        assertTrue(written.toString(StandardCharsets.ISO_8859_1).endsWith("first"));
    }

    @Test
    void emptyLinesBeforeTheRequestLineAndBareLineFeedsAreAccepted() throws Exception {
        HttpRequest request = reader("\r\n\r\nGET /json HTTP/1.1\nHost: h\n\n").read();
        assertEquals("/json", request.target());
        assertEquals("h", request.header("Host"));
    }

    @Test
    void persistenceFollowsTheVersionAndConnectionHeader() throws Exception {
        assertTrue(reader("GET / HTTP/1.1\r\nHost: h\r\n\r\n").read().keepAlive());
        assertFalse(reader("GET / HTTP/1.1\r\nHost: h\r\nConnection: Close\r\n\r\n")
                .read()
                .keepAlive());
        assertFalse(reader("GET / HTTP/1.0\r\n\r\n").read().keepAlive());
        assertTrue(reader("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
                .read()
                .keepAlive());
        assertFalse(reader("GET / HTTP/1.1\r\nHost: h\r\nConnection: upgrade, close\r\n\r\n")
                .read()
                .keepAlive());
    }

    @Test
    void expectContinueSendsTheInterimResponseBeforeReadingTheBody() throws Exception {
        ByteArrayOutputStream written = new ByteArrayOutputStream();
        HttpRequest request = reader(
                        PiecewiseInput.splitAt(bytes("POST /echo HTTP/1.1\r\nHost: h\r\n"
                                + "Expect: 100-continue\r\nContent-Length: 2\r\n\r\nok")),
                        written)
                .read();
        assertArrayEquals(bytes("ok"), request.body());
        assertEquals("HTTP/1.1 100 Continue\r\n\r\n", written.toString(StandardCharsets.ISO_8859_1));
    }

    @Test
    void chunkedBodiesAreDecodedWithExtensionsAndTrailers() throws Exception {
        HttpRequest request = reader("POST /echo HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n"
                        + "4;name=value\r\nWiki\r\nB\r\npedia in \r\n\r\n0\r\nX-Trailer: t\r\n\r\n")
                .read();
        assertEquals("Wikipedia in \r\n", new String(request.body(), StandardCharsets.ISO_8859_1));
    }

    @Test
    void badFramingIsRejectedWithItsStatus() {
        assertEquals(400, statusOf("GET /\r\nHost: h\r\n\r\n"));
        assertEquals(400, statusOf("GET / HTTP/1.1\r\n\r\n"));
        assertEquals(400, statusOf("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n"));
        assertEquals(400, statusOf("GET  / HTTP/1.1\r\nHost: h\r\n\r\n"));
        assertEquals(400, statusOf("GET / HTTP/1.1\r\nHost: h\r\nX: a\rb\r\n\r\n"));
        assertEquals(400, statusOf("GET / HTTP/1.1\r\nHost: h\r\nX: a\u0000b\r\n\r\n"));
        assertEquals(400, statusOf("GET /a b HTTP/1.1\r\nHost: h\r\n\r\n"));
        assertEquals(400, statusOf("GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab"));
        assertEquals(400, statusOf("GET / HTTP/1.1\r\nHost: h\r\nContent-Length: +1\r\n\r\na"));
        assertEquals(400, statusOf("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n"));
        assertEquals(400, statusOf("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nab\r\n"));
        assertEquals(501, statusOf("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: gzip, chunked\r\n\r\n"));
        assertEquals(
                501,
                statusOf("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n"
                        + "Transfer-Encoding: chunked\r\n\r\n"));
        assertEquals(505, statusOf("GET / HTTP/1.2\r\nHost: h\r\n\r\n"));
    }

    @Test
    void limitsAreEnforcedBeforeTheExcessIsRead() {
        String longTarget = "/" + "a".repeat(MAX_HEADER_BYTES);
        assertEquals(414, statusOf("GET " + longTarget + " HTTP/1.1\r\nHost: h\r\n\r\n"));
        assertEquals(414, statusOf("GET " + longTarget)); // no line end yet: still answered at once
        assertEquals(431, statusOf("GET / HTTP/1.1\r\nHost: h\r\nX: " + "b".repeat(MAX_HEADER_BYTES) + "\r\n\r\n"));
        assertEquals(
                413, statusOf("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: " + (MAX_BODY_BYTES + 1) + "\r\n\r\n"));
        assertEquals(
                413,
                statusOf("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n" + "800\r\n"
                        + "x".repeat(0x800) + "\r\n800\r\n" + "x".repeat(0x800) + "\r\n1\r\nx\r\n0\r\n\r\n"));
    }

    @Test
    void binaryNoiseIsRejectedFromItsFirstBytes() {
        assertEquals(400, statusOf("\u0016\u0003\u0001\u0002\u0000")); // a TLS ClientHello's first bytes
    }

    @Test
    void theEndOfTheStreamBetweenRequestsIsACleanEnd() throws Exception {
        assertNull(reader("").read());
        assertThrows(EOFException.class, () -> reader("GET / HTTP/1.1\r\nHo").read());
        assertThrows(
                EOFException.class,
                () -> reader("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 9\r\n\r\nabc")
                        .read());
    }

    @Test
    void theBodyIsReadEvenWhenItIsMuchLargerThanTheBuffer() throws IOException, RequestRejectedException {
        HttpRequestReader reader = new HttpRequestReader(
                PiecewiseInput.splitAt(
                        bytes("POST / HTTP/1.1\r\nHost: h\r\n" + "Content-Length: 100000\r\n\r\n"
                                + "z".repeat(100_000)),
                        50,
                        9000),
                new HttpResponseWriter(new ByteArrayOutputStream(), "t"),
                MAX_HEADER_BYTES,
                200_000);
        assertEquals(100_000, reader.read().body().length);
    }
}
