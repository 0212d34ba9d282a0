package io.httpmodels.server.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

class HttpRequestReaderTest {

    private static final int MAX_HEADER_BYTES = 1024;
    private static final int MAX_BODY_BYTES = 4096;

    /**
     * An input that hands out its bytes in the given pieces, one piece per read, as a socket might. A read with
     * no room (a reader whose buffer is full) fails the test instead of spinning forever.
     */
    private static final class PiecewiseInput extends InputStream {
        private final List<byte[]> pieces;
        private int piece;
        private int offset;
        private int reads;
        private Runnable beforeEachRead = () -> {};

        PiecewiseInput(List<byte[]> pieces) {
            this.pieces = pieces;
        }

        static PiecewiseInput splitAt(byte[] bytes, int... cuts) {
            List<byte[]> pieces = new ArrayList<>();
            int from = 0;
            for (int cut : cuts) {
                pieces.add(Arrays.copyOfRange(bytes, from, cut));
                from = cut;
            }
            pieces.add(Arrays.copyOfRange(bytes, from, bytes.length));
            return new PiecewiseInput(pieces);
        }

        static PiecewiseInput of(String... pieces) {
            return new PiecewiseInput(
                    Stream.of(pieces).map(HttpRequestReaderTest::bytes).toList());
        }

        @Override
        public int read() {
            throw new AssertionError("the reader must not read byte by byte");
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (len == 0) {
                throw new AssertionError("the reader asked for 0 bytes: its buffer is full");
            }
            beforeEachRead.run();
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

    private static HttpRequestReader reader(InputStream in) {
        return reader(in, new ByteArrayOutputStream());
    }

    private static HttpRequestReader reader(String text) {
        return reader(PiecewiseInput.of(text));
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }

    private static RequestRejectedException rejection(InputStream in) {
        return assertThrows(RequestRejectedException.class, () -> {
            HttpRequestReader reader = reader(in);
            while (reader.read() != null) {
                // the rejection may come with a later request
            }
        });
    }

    /** Asserts that {@code request} (or one after it on the connection) gets {@code status} for {@code why}. */
    private static void assertRejected(int status, String why, String request) {
        RequestRejectedException e = rejection(PiecewiseInput.of(request));
        assertEquals(status + " " + why, e.status().code() + " " + e.detail(), request);
    }

    private static String get(String target) {
        return "GET " + target + " HTTP/1.1\r\nHost: h\r\n\r\n";
    }

    /** A request head of exactly {@code length} bytes, padded with one header. */
    private static String headOfLength(int length) {
        String start = "GET / HTTP/1.1\r\nHost: h\r\nX-Pad: ";
        String end = "\r\n\r\n";
        return start + "p".repeat(length - start.length() - end.length()) + end;
    }

    /** The parts of a request a test compares, in one string. */
    private static String describe(HttpRequest r) {
        return r.method() + " " + r.target() + " " + r.version() + " " + r.headers() + " [" + text(r.body()) + "] "
                + (r.keepAlive() ? "keep-alive" : "close");
    }

    /**
     * RFC 9112 §6.1: an HTTP/1.0 message with Transfer-Encoding has faulty framing; Netty's decoder refuses it, and
     * the codecs must agree on where such a request ends (CodecDifferentialFuzzTest).
     */
    @Test
    void anHttp10RequestWithTransferEncodingIsRefused() {
        assertRejected(
                400,
                "Transfer-Encoding in an HTTP/1.0 request",
                "POST /echo HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n");
    }

    /** Found by CodecDifferentialFuzzTest: a trailer line was skipped whatever it held; Netty refuses a bad one. */
    @Test
    void aTrailerFieldIsHeldToTheFieldGrammar() {
        String chunked = "POST /echo HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n";
        assertRejected(400, "malformed header field", chunked + "T\u00c2: v\r\n\r\n");
        assertRejected(400, "malformed header field", chunked + "no colon\r\n\r\n");
        assertRejected(400, "obsolete header line folding", chunked + "T: v\r\n folded\r\n\r\n");
        assertRejected(400, "invalid character in header value", chunked + "T: a\u0001b\r\n\r\n");
    }

    @Test
    void parsesTheRequestLineHeadersAndBody() throws Exception {
        HttpRequest request = reader("POST /echo?x=1 HTTP/1.1\r\nHost: example\r\nX-Spaced:  a b \t\r\n"
                        + "X-Empty:   \r\nContent-Length: 5\r\n\r\nhello")
                .read();
        assertEquals("POST", request.method());
        assertEquals("/echo?x=1", request.target());
        assertEquals("HTTP/1.1", request.version());
        assertEquals(
                List.of(
                        new HttpHeader("Host", "example"),
                        new HttpHeader("X-Spaced", "a b"),
                        new HttpHeader("X-Empty", ""),
                        new HttpHeader("Content-Length", "5")),
                request.headers());
        assertEquals("a b", request.header("x-spaced"));
        assertNull(request.header("X-Missing"));
        assertFalse(request.isHead());
        assertArrayEquals(bytes("hello"), request.body());
        assertTrue(request.keepAlive());
    }

    @Test
    void theCommonMethodsAreSharedConstantsAndOthersAreReadAsSent() throws Exception {
        assertSame("GET", reader(get("/")).read().method());
        assertSame("POST", reader("POST / HTTP/1.1\r\nHost: h\r\n\r\n").read().method());
        HttpRequest head = reader("HEAD / HTTP/1.1\r\nHost: h\r\n\r\n").read();
        assertSame("HEAD", head.method());
        assertTrue(head.isHead());
        // One byte off each common method: read as sent, never mistaken for it.
        for (String method : List.of(
                "XET",
                "GXT",
                "GEX",
                "GE",
                "GETS",
                "XOST",
                "PXST",
                "POXT",
                "POSX",
                "XEAD",
                "HXAD",
                "HEXD",
                "HEAX",
                "HEADS",
                "get",
                "M-SEARCH")) {
            HttpRequest request =
                    reader(method + " / HTTP/1.1\r\nHost: h\r\n\r\n").read();
            assertEquals(method, request.method());
            assertFalse(request.isHead(), method);
        }
    }

    @Test
    void http10IsNamedAndPersistsOnlyWhenAsked() throws Exception {
        assertEquals("HTTP/1.0", reader("GET / HTTP/1.0\r\n\r\n").read().version());
        assertTrue(reader("GET / HTTP/1.1\r\nHost: h\r\n\r\n").read().keepAlive());
        assertFalse(reader("GET / HTTP/1.1\r\nHost: h\r\nConnection: Close\r\n\r\n")
                .read()
                .keepAlive());
        assertFalse(reader("GET / HTTP/1.0\r\n\r\n").read().keepAlive());
        assertTrue(reader("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
                .read()
                .keepAlive());
        assertFalse(reader("GET / HTTP/1.0\r\nConnection: keep-alive, close\r\n\r\n")
                .read()
                .keepAlive());
        assertFalse(reader("GET / HTTP/1.1\r\nHost: h\r\nConnection: upgrade, close\r\n\r\n")
                .read()
                .keepAlive());
    }

    /**
     * Five requests of every framing (a body, an empty line between requests, chunks with an extension and
     * trailers, HTTP/1.0), split into three reads at every pair of offsets: each split
     * parses exactly as the whole does.
     */
    @Test
    void pipelinedRequestsSplitAnywhereParseAsTheWholeDoes() throws Exception {
        String wire = "POST /echo HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\n\r\nabc"
                + "GET /plaintext HTTP/1.1\r\nHost: h\r\nX-A: 1\r\n\r\n"
                + "\r\n"
                + "POST /echo HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "2\r\nxy\r\n1;e=1\r\nz\r\n0\r\nT: 1\r\nU: 2\r\n\r\n"
                + "HEAD /json HTTP/1.0\r\nConnection: keep-alive\r\n\r\n";
        List<String> expected = List.of(
                "POST /echo HTTP/1.1 [HttpHeader[name=Host, value=h], HttpHeader[name=Content-Length, value=3]]"
                        + " [abc] keep-alive",
                "GET /plaintext HTTP/1.1 [HttpHeader[name=Host, value=h], HttpHeader[name=X-A, value=1]] []"
                        + " keep-alive",
                "POST /echo HTTP/1.1 [HttpHeader[name=Host, value=h],"
                        + " HttpHeader[name=Transfer-Encoding, value=chunked]] [xyz] keep-alive",
                "HEAD /json HTTP/1.0 [HttpHeader[name=Connection, value=keep-alive]] [] keep-alive");
        byte[] all = bytes(wire);
        for (int first = 0; first <= all.length; first++) {
            for (int second = first; second <= all.length; second++) {
                HttpRequestReader reader = reader(PiecewiseInput.splitAt(all, first, second));
                for (String request : expected) {
                    assertEquals(request, describe(reader.read()), "cut at " + first + ", " + second);
                }
                assertNull(reader.read(), "clean end, cut at " + first + ", " + second);
            }
        }
    }

    @Test
    void pipelinedRequestsInOneReadAreParsedWithoutFurtherReads() throws Exception {
        String crlf = "GET /plaintext HTTP/1.1\r\nHost: h\r\n\r\n";
        String json = "GET /json HTTP/1.1\r\nHost: h\r\n\r\n";
        PiecewiseInput in = PiecewiseInput.of((crlf + json).repeat(8));
        HttpRequestReader reader = reader(in);
        for (int i = 0; i < 16; i++) {
            assertEquals(i % 2 == 0 ? "/plaintext" : "/json", reader.read().target());
            assertEquals(i < 15, reader.hasBufferedInput());
        }
        assertEquals(1, in.reads, "16 pipelined requests arrived in one read and needed no other");
    }

    @Test
    void aBodyThatLooksLikeARequestIsNotParsedAsTheNextOne() throws Exception {
        String inner = get("/json");
        HttpRequestReader reader = reader("POST /echo HTTP/1.1\r\nHost: h\r\nContent-Length: " + inner.length()
                + "\r\n\r\n" + inner + get("/plaintext"));
        assertEquals(inner, text(reader.read().body()));
        assertEquals("GET /plaintext", describe(reader.read()).substring(0, 14));
        assertNull(reader.read());
    }

    /** More requests than the buffer holds, in reads of many sizes: the buffer is compacted, never overrun. */
    @Test
    void aLongPipelineInReadsOfAnySizeIsParsedWhole() throws Exception {
        StringBuilder wire = new StringBuilder();
        for (int i = 0; i < 400; i++) {
            wire.append(
                    i % 3 == 0
                            ? get("/echo?seq=" + i)
                            : "POST /echo?seq=" + i + " HTTP/1.1\r\nHost: h\r\n" + "Content-Length: 7\r\n\r\nbody"
                                    + i % 10 + "..");
        }
        byte[] all = bytes(wire.toString());
        for (int pieceBytes : new int[] {1000, 4099, 8000, 8192, 20_000}) {
            List<byte[]> pieces = new ArrayList<>();
            for (int from = 0; from < all.length; from += pieceBytes) {
                pieces.add(Arrays.copyOfRange(all, from, Math.min(all.length, from + pieceBytes)));
            }
            HttpRequestReader reader = reader(new PiecewiseInput(pieces));
            for (int i = 0; i < 400; i++) {
                HttpRequest request = reader.read();
                assertEquals("/echo?seq=" + i, request.target(), "pieces of " + pieceBytes);
                assertEquals(i % 3 == 0 ? "" : "body" + i % 10 + "..", text(request.body()));
            }
            assertNull(reader.read());
        }
    }

    @Test
    void pendingResponsesAreFlushedBeforeABlockingReadAndOnlyThen() throws Exception {
        ByteArrayOutputStream written = new ByteArrayOutputStream();
        HttpResponseWriter writer = new HttpResponseWriter(written, "test");
        String post = "POST /echo HTTP/1.1\r\nHost: h\r\nContent-Length: 4\r\n\r\n";
        // A body already buffered is read without blocking; the body in the next read needs a blocking read.
        PiecewiseInput in = PiecewiseInput.of(get("/") + post + "body" + post + "bo", "dy");
        HttpRequestReader reader = new HttpRequestReader(in, writer, MAX_HEADER_BYTES, MAX_BODY_BYTES);
        List<Integer> writtenAtEachRead = new ArrayList<>();
        in.beforeEachRead = () -> writtenAtEachRead.add(written.size());
        reader.read();
        writer.write(HttpResponse.ok("text/plain", bytes("first")), false, HttpResponseWriter.ConnectionHeader.NONE);
        assertEquals("body", text(reader.read().body()));
        assertEquals(0, written.size(), "nothing blocked yet: the answer stays buffered");
        writer.write(HttpResponse.ok("text/plain", bytes("second")), false, HttpResponseWriter.ConnectionHeader.NONE);
        assertEquals("body", text(reader.read().body()));
        assertTrue(text(written.toByteArray()).endsWith("second"), "both answers left before the body's read");
        assertEquals(List.of(0, written.size()), writtenAtEachRead);
        // Waiting for the next head blocks too.
        writer.write(HttpResponse.ok("text/plain", bytes("third")), false, HttpResponseWriter.ConnectionHeader.NONE);
        assertNull(reader.read());
        assertTrue(text(written.toByteArray()).endsWith("third"), "the last answer left before the head's read");
        assertEquals(written.size(), writtenAtEachRead.get(2));
    }

    @Test
    void emptyLinesBeforeTheRequestLineAreSkipped() throws Exception {
        HttpRequest request =
                reader("\r\n\r\n\nGET /json HTTP/1.1\r\nHost: h\r\n\r\n").read();
        assertEquals("/json", request.target());
        assertEquals("h", request.header("Host"));
        assertNull(reader("\r\n\r\n").read(), "blank lines and the end: no request");
    }

    @Test
    void expectContinueSendsTheInterimResponseBeforeReadingTheBody() throws Exception {
        ByteArrayOutputStream written = new ByteArrayOutputStream();
        HttpRequest request = reader(
                        PiecewiseInput.of(
                                "POST /echo HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n",
                                "ok"),
                        written)
                .read();
        assertArrayEquals(bytes("ok"), request.body());
        assertEquals("HTTP/1.1 100 Continue\r\n\r\n", text(written.toByteArray()));

        ByteArrayOutputStream chunked = new ByteArrayOutputStream();
        reader(
                        PiecewiseInput.of("POST /echo HTTP/1.1\r\nHost: h\r\nExpect: 100-Continue\r\n"
                                + "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n"),
                        chunked)
                .read();
        assertEquals("HTTP/1.1 100 Continue\r\n\r\n", text(chunked.toByteArray()));
    }

    @Test
    void expectContinueWithoutABodyToInviteSendsNothing() throws Exception {
        ByteArrayOutputStream written = new ByteArrayOutputStream();
        HttpRequest request = reader(
                        PiecewiseInput.of(
                                "POST /echo HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 0\r\n\r\n"),
                        written)
                .read();
        assertEquals(0, request.body().length);
        assertEquals(0, written.size());
        reader(PiecewiseInput.of("GET / HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\n\r\n"), written)
                .read();
        assertEquals(0, written.size());
    }

    @Test
    void chunkedBodiesAreDecodedWithExtensionsWhitespaceAndTrailers() throws Exception {
        HttpRequest request = reader("POST /echo HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: Chunked\r\n\r\n"
                        + "4;name=value\r\nWiki\r\nB ; n = \"v \\\" w\"\r\npedia in \r\n\r\n3\t;x;y=z\r\nab\r\r\n"
                        + "00000000000000a\r\n0123456789\r\n0\r\nX-Trailer: t\r\n\r\n")
                .read();
        assertEquals("Wikipedia in \r\nab\r0123456789", text(request.body()));
        // A chunk whose data ends with CR.
        assertEquals(
                "x\r",
                text(reader("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nx\r\r\n0\r\n\r\n")
                        .read()
                        .body()));
    }

    @Test
    void trailersAreSkippedUpToTheHeaderLimitAndTheNextRequestFollows() throws Exception {
        String chunked = "POST /echo HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nz\r\n0\r\n";
        String first = "X-One: 1\r\n";
        // Trailer lines (with their CRLFs) of exactly the header limit, then the empty line.
        String second = "X-Two: " + "t".repeat(MAX_HEADER_BYTES - first.length() - "X-Two: \r\n".length()) + "\r\n";
        HttpRequestReader reader = reader(PiecewiseInput.of(chunked + first + second + "\r\n" + get("/next")));
        assertEquals("z", text(reader.read().body()));
        assertEquals("/next", reader.read().target());
        assertNull(reader.read());

        String over = "X-Two: " + "t".repeat(MAX_HEADER_BYTES - first.length() - "X-Two: \r\n".length() + 1) + "\r\n";
        assertRejected(431, "trailer fields longer than 1024 bytes", chunked + first + over + "\r\n");
    }

    @Test
    void badFramingIsRejectedWithItsStatusAndReason() {
        assertRejected(400, "malformed request line", "GET /\r\nHost: h\r\n\r\n");
        assertRejected(400, "malformed request line", "GET  HTTP/1.1\r\nHost: h\r\n\r\n");
        assertRejected(400, "malformed request line", "GET\r\nHost: h\r\n\r\n");
        assertRejected(400, "missing Host header", "GET / HTTP/1.1\r\n\r\n");
        assertRejected(400, "more than one Host header", "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n");
        assertRejected(400, "malformed header field", "GET / HTTP/1.1\r\nHost: h\r\nNoColon\r\n\r\n");
        assertRejected(400, "malformed header field", "GET / HTTP/1.1\r\nHost : h\r\n\r\n");
        assertRejected(400, "malformed header field", "GET / HTTP/1.1\r\nHost: h\r\n: empty\r\n\r\n");
        assertRejected(400, "obsolete header line folding", "GET / HTTP/1.1\r\nHost: h\r\nX: a\r\n b\r\n\r\n");
        assertRejected(400, "obsolete header line folding", "GET / HTTP/1.1\r\nHost: h\r\nX: a\r\n\tb\r\n\r\n");
        assertRejected(400, "obsolete header line folding", "GET / HTTP/1.1\r\n X: a\r\nHost: h\r\n\r\n");
        assertRejected(400, "bare CR in request head", "GET / HTTP/1.1\r\nHost: h\r\nX: a\rb\r\n\r\n");
        assertRejected(400, "bare CR in request head", "GET / HTTP/1.1\r\r\nHost: h\r\n\r\n");
        assertRejected(400, "invalid character in header value", "GET / HTTP/1.1\r\nHost: h\r\nX: a\u0000b\r\n\r\n");
        assertRejected(400, "invalid character in header value", "GET / HTTP/1.1\r\nHost: h\r\nX: a\u001fb\r\n\r\n");
        assertRejected(400, "invalid character in header value", "GET / HTTP/1.1\r\nHost: h\r\nX: a\u007fb\r\n\r\n");
    }

    @Test
    void theRequestTargetIsVisibleAsciiOnly() throws Exception {
        assertEquals("/!~%20", reader(get("/!~%20")).read().target());
        for (String target : List.of("/a b", " /", "/a\tb", "/a\u0001b", "/a\u007fb", "/a\u0080b", "/\u00ff")) {
            assertRejected(
                    400, "invalid character in request target", "GET " + target + " HTTP/1.1\r\nHost: h\r\n\r\n");
        }
    }

    @Test
    void theVersionIsHttpDigitDotDigitAndOnly10And11AreServed() throws Exception {
        for (String version : List.of(
                "HTTP/1.a",
                "HTTP/:.1",
                "HTTP//.1",
                "HTTP/1.:",
                "HTTP/1./",
                "HTTP/1,1",
                "HTTP/11",
                "http/1.1",
                "HTTP-1.1",
                "HTTX/1.1",
                "HTPP/1.1",
                "HTTP/1.1x")) {
            assertRejected(400, "malformed HTTP version", "GET / " + version + "\r\nHost: h\r\n\r\n");
        }
        for (String version : List.of("HTTP/0.9", "HTTP/9.9", "HTTP/2.0", "HTTP/1.2", "HTTP/2.1", "HTTP/0.1")) {
            assertRejected(505, "only HTTP/1.1 and HTTP/1.0 are served", "GET / " + version + "\r\nHost: h\r\n\r\n");
        }
    }

    @Test
    void contentLengthIsOnePlainDecimal() throws Exception {
        assertEquals(
                "abc",
                text(reader("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 000000000000000003\r\n\r\nabc")
                        .read()
                        .body()));
        assertEquals(
                "ab",
                text(reader("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\nab")
                        .read()
                        .body()));
        assertRejected(
                400,
                "invalid Content-Length",
                "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 0000000000000000003\r\n\r\n");
        assertRejected(400, "invalid Content-Length", "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: +1\r\n\r\na");
        assertRejected(400, "invalid Content-Length", "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 1a\r\n\r\na");
        assertRejected(400, "invalid Content-Length", "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: /\r\n\r\na");
        assertRejected(400, "invalid Content-Length", "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: :\r\n\r\na");
        assertRejected(400, "invalid Content-Length", "POST / HTTP/1.1\r\nHost: h\r\nContent-Length:\r\n\r\n");
        assertRejected(
                400,
                "conflicting Content-Length headers",
                "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab");
        assertRejected(
                400,
                "conflicting Content-Length headers",
                "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 0\r\nContent-Length: 2\r\n\r\nab");
    }

    @Test
    void transferEncodingIsChunkedAloneAndNeverWithContentLength() {
        assertRejected(
                400,
                "both Content-Length and Transfer-Encoding",
                "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\nContent-Length: 0\r\n\r\n0\r\n\r\n");
        assertRejected(
                501,
                "only the chunked transfer coding is supported",
                "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: gzip, chunked\r\n\r\n");
        assertRejected(
                501,
                "only the chunked transfer coding is supported",
                "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n");
        String notFinal = "chunked must be the final transfer coding, and only once";
        assertRejected(400, notFinal, "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked, gzip\r\n\r\n");
        assertRejected(400, notFinal, "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: gzip\r\n\r\n");
        assertRejected(
                400,
                notFinal,
                "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n");
        // Two Transfer-Encoding lines and a Content-Length: the smuggling rule comes first.
        assertRejected(
                400,
                "both Content-Length and Transfer-Encoding",
                "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n"
                        + "Content-Length: 5\r\n\r\n0\r\n\r\n");
    }

    @Test
    void chunkFramingIsChecked() {
        String head = "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n";
        assertRejected(400, "malformed chunk size", head + "zz\r\n");
        assertRejected(400, "malformed chunk size", head + "\r\n");
        assertRejected(400, "malformed chunk extension", head + "5x\r\nhello\r\n0\r\n\r\n");
        assertRejected(400, "malformed chunk size", head + ";x\r\n");
        assertRejected(400, "chunk size too large", head + "0000000000000001\r\nx\r\n0\r\n\r\n");
        assertRejected(400, "chunk data longer than its size", head + "1\r\nab\r\n");
        assertRejected(400, "bare CR in request head", head + "1\r\na\r\n0\r\nX: a\rb\r\n\r\n");
        assertRejected(400, "bare CR in request head", head + "1\r\r\na\r\n0\r\n\r\n");
        // A trailer line that starts with a bare CR, at the very start of a read.
        RequestRejectedException e = rejection(PiecewiseInput.of(head + "1\r\nz\r\n0\r\n", "\rX: 1\r\n\r\n"));
        assertEquals("bare CR in request head", e.detail());
        // A chunk-size line longer than the reader's buffer (8 KiB here) can never complete.
        assertRejected(400, "chunk line too long", head + "1;" + "e".repeat(9000) + "\r\nx\r\n0\r\n\r\n");
    }

    @Test
    void aChunkLineStartingLateInAFullBufferIsStillRead() throws Exception {
        // The first read fills most of the buffer; the last-chunk line starts near its end and completes later.
        String head = "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n";
        String data = "d".repeat(8000 - head.length() - "1f40\r\n".length() - 2);
        String chunk = Integer.toHexString(data.length()) + "\r\n" + data + "\r\n";
        HttpRequest request = new HttpRequestReader(
                        PiecewiseInput.of(head + chunk + "0", "\r\n\r\n"),
                        new HttpResponseWriter(new ByteArrayOutputStream(), "t"),
                        MAX_HEADER_BYTES,
                        10_000)
                .read();
        assertEquals(data, text(request.body()));
    }

    @Test
    void headLimitsAreExactAndTheStatusSaysWhichPartIsOver() throws Exception {
        assertEquals("/", reader(headOfLength(MAX_HEADER_BYTES)).read().target());
        assertRejected(431, "header fields longer than 1024 bytes", headOfLength(MAX_HEADER_BYTES + 1));

        // A request line of exactly the limit (its CR included) is fine; the headers after it are what is over.
        String line = "GET /" + "a".repeat(MAX_HEADER_BYTES - "GET / HTTP/1.1\r".length()) + " HTTP/1.1\r\n";
        assertEquals(MAX_HEADER_BYTES + 1, line.length());
        assertRejected(431, "header fields longer than 1024 bytes", line + "Host: h\r\n\r\n");
        String longer = "GET /a" + line.substring(5);
        assertRejected(414, "request line longer than 1024 bytes", longer + "Host: h\r\n\r\n");
        assertRejected(414, "request line longer than 1024 bytes", "GET /" + "a".repeat(1100)); // no end yet

        // The same limits for a request that follows another, far into the same buffer.
        String first = "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 700\r\n\r\n" + "b".repeat(700);
        assertRejected(431, "header fields longer than 1024 bytes", first + headOfLength(MAX_HEADER_BYTES + 1));
        HttpRequestReader reader = reader(first + headOfLength(MAX_HEADER_BYTES));
        assertEquals(700, reader.read().body().length);
        assertEquals(
                headOfLength(MAX_HEADER_BYTES),
                "GET / HTTP/1.1\r\nHost: h\r\nX-Pad: " + reader.read().header("X-Pad") + "\r\n\r\n");
    }

    @Test
    void aHeadCutByTheCloseAtTheLimitIsAnEndOfStream() {
        String head = headOfLength(MAX_HEADER_BYTES + 50);
        assertThrows(
                EOFException.class,
                () -> reader(head.substring(0, MAX_HEADER_BYTES)).read());
    }

    @Test
    void aHeadLargerThanTheDefaultBufferIsReadUpToItsLimit() throws Exception {
        int maxHeaderBytes = 9000;
        String head = headOfLength(maxHeaderBytes);
        HttpRequestReader reader = new HttpRequestReader(
                PiecewiseInput.of(head.substring(0, 5000), head.substring(5000)),
                new HttpResponseWriter(new ByteArrayOutputStream(), "t"),
                maxHeaderBytes,
                MAX_BODY_BYTES);
        assertEquals(
                maxHeaderBytes - "GET / HTTP/1.1\r\nHost: h\r\nX-Pad: \r\n\r\n".length(),
                reader.read().header("X-Pad").length());
    }

    @Test
    void aSecondRequestsHeadIsMeasuredFromItsOwnStart() throws Exception {
        // A first request whose body fills most of the limit, then a second head that arrives in two reads.
        String first = "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 1000\r\n\r\n" + "b".repeat(1000);
        HttpRequestReader reader = reader(PiecewiseInput.of(first + "GET /second HTTP/1.1\r\nHo", "st: h\r\n\r\n"));
        assertEquals(1000, reader.read().body().length);
        assertEquals("/second", reader.read().target());
    }

    @Test
    void bodyLimitsAreExact() throws Exception {
        String body = "b".repeat(MAX_BODY_BYTES);
        assertEquals(
                MAX_BODY_BYTES,
                reader("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: " + MAX_BODY_BYTES + "\r\n\r\n" + body)
                        .read()
                        .body()
                        .length);
        assertRejected(
                413,
                "body larger than 4096 bytes",
                "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: " + (MAX_BODY_BYTES + 1) + "\r\n\r\n");

        String head = "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n";
        String half = "800\r\n" + "x".repeat(0x800) + "\r\n";
        assertEquals(
                MAX_BODY_BYTES, reader(head + half + half + "0\r\n\r\n").read().body().length);
        assertRejected(413, "body larger than 4096 bytes", head + half + half + "1\r\nx\r\n0\r\n\r\n");
    }

    @Test
    void garbageIsRejectedFromItsFirstBytes() {
        // Each is followed by the end of the stream, not a head: only an early rejection answers it.
        assertEquals(
                400,
                rejection(PiecewiseInput.of("\u0016\u0003\u0001\u0002\u0000"))
                        .status()
                        .code());
        assertEquals(
                400, rejection(PiecewiseInput.of(" GET / HTTP/1.1")).status().code());
        assertEquals(400, rejection(PiecewiseInput.of("\r\n GET")).status().code());
        assertEquals(400, rejection(PiecewiseInput.of("GE\u0000T")).status().code());
        // A method then a space is not garbage yet.
        assertThrows(
                EOFException.class, () -> reader("GET / HTTP/1.1\r\n\u0000").read());
    }

    @Test
    void theEndOfTheStreamBetweenRequestsIsACleanEnd() throws Exception {
        assertNull(reader("").read());
        HttpRequestReader reader = reader(get("/"));
        reader.read();
        assertNull(reader.read());
        assertThrows(EOFException.class, () -> reader("GET / HTTP/1.1\r\nHo").read());
        assertThrows(
                EOFException.class,
                () -> reader("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 9\r\n\r\nabc")
                        .read());
        String chunked = "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n";
        assertThrows(EOFException.class, () -> reader(chunked + "5\r\nab").read());
        assertThrows(EOFException.class, () -> reader(chunked + "5").read());
        assertThrows(EOFException.class, () -> reader(chunked + "0\r\nX: 1\r\n").read());
    }

    @Test
    void theBodyIsReadEvenWhenItIsMuchLargerThanTheBuffer() throws Exception {
        StringBuilder body = new StringBuilder();
        for (int i = 0; body.length() < 100_000; i++) {
            body.append(i).append(',');
        }
        body.setLength(100_000);
        HttpRequestReader reader = new HttpRequestReader(
                PiecewiseInput.splitAt(
                        bytes("POST / HTTP/1.1\r\nHost: h\r\n" + "Content-Length: 100000\r\n\r\n" + body), 50, 9000),
                new HttpResponseWriter(new ByteArrayOutputStream(), "t"),
                MAX_HEADER_BYTES,
                200_000);
        assertEquals(body.toString(), text(reader.read().body()));
    }

    private static Stream<Arguments> chunkedSplits() {
        return Stream.of(Arguments.of(1), Arguments.of(3), Arguments.of(7), Arguments.of(4096));
    }

    @ParameterizedTest
    @MethodSource("chunkedSplits")
    void aChunkedBodyLargerThanTheBufferArrivesWhole(int pieceBytes) throws Exception {
        StringBuilder wire = new StringBuilder("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n");
        StringBuilder body = new StringBuilder();
        for (int i = 0; body.length() < 20_000; i++) {
            String chunk = ("chunk " + i + ";").repeat(i % 50 + 1);
            wire.append(Integer.toHexString(chunk.length()))
                    .append("\r\n")
                    .append(chunk)
                    .append("\r\n");
            body.append(chunk);
        }
        wire.append("0\r\n\r\n").append(get("/after"));
        byte[] all = bytes(wire.toString());
        List<byte[]> pieces = new ArrayList<>();
        for (int from = 0; from < all.length; from += pieceBytes) {
            pieces.add(Arrays.copyOfRange(all, from, Math.min(all.length, from + pieceBytes)));
        }
        HttpRequestReader reader = new HttpRequestReader(
                new PiecewiseInput(pieces),
                new HttpResponseWriter(new ByteArrayOutputStream(), "t"),
                MAX_HEADER_BYTES,
                100_000);
        assertEquals(body.toString(), text(reader.read().body()));
        assertEquals("/after", reader.read().target());
    }
    /** RFC 9112 §7.1.1: what follows a chunk size is chunk extensions, exactly, up to the CRLF. */
    @Test
    void chunkExtensionsFollowTheGrammar() {
        String head = "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n";
        String bad = "malformed chunk extension";
        assertRejected(400, bad, head + "5;\r\nhello\r\n0\r\n\r\n");
        assertRejected(400, bad, head + "5;bad[=x\r\nhello\r\n0\r\n\r\n");
        assertRejected(400, bad, head + "5;a\u0001\r\nhello\r\n0\r\n\r\n");
        assertRejected(400, bad, head + "5 \r\nhello\r\n0\r\n\r\n");
        assertRejected(400, bad, head + "5;a=\"open\r\nhello\r\n0\r\n\r\n");
        assertRejected(400, bad, head + "5\r\nhello\r\n0;\r\n\r\n");
    }

    /** RFC 9112 §2.2: every line of the head and of a chunked body ends with CRLF; a bare LF is refused. */
    @Test
    void aBareLineFeedIsRefusedWhereverALineEnds() {
        String bareLf = "bare LF in request head";
        assertRejected(400, bareLf, "GET /json HTTP/1.1\nHost: h\r\n\r\n");
        assertRejected(400, bareLf, "GET /json HTTP/1.1\r\nHost: h\n\r\n");
        assertRejected(400, bareLf, "GET /json HTTP/1.1\r\nHost: h\r\n\n");
        assertRejected(400, bareLf, "GET /json HTTP/1.1\nHost: h\n\n");
        String head = "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n";
        assertRejected(400, bareLf, head + "1\nz\r\n0\r\n\r\n");
        assertRejected(400, bareLf, head + "1\r\nz\n0\r\n\r\n");
        assertRejected(400, bareLf, head + "0\r\n\n");
    }

    /** RFC 9112 §3.2: one Host, whose value is a host and an optional port, and nothing else. */
    @Test
    void hostIsOneHostAndPort() throws Exception {
        for (String host : List.of("h", "h:8080", "127.0.0.1:1", "[::1]:80", "a-b.c_d~e")) {
            assertEquals(
                    host,
                    reader("GET / HTTP/1.1\r\nHost: " + host + "\r\n\r\n")
                            .read()
                            .header("Host"));
        }
        for (String host : List.of("user@h", "h/path", "", "a, b", "h:80x", "h?q", "[::1", "[]")) {
            assertRejected(400, "invalid Host header", "GET / HTTP/1.1\r\nHost: " + host + "\r\n\r\n");
        }
        assertRejected(400, "more than one Host header", "GET / HTTP/1.1\r\nHost: h\r\nHost: h\r\n\r\n");
        assertRejected(400, "more than one Host header", "GET / HTTP/1.0\r\nHost: a\r\nHost: b\r\n\r\n");
        assertRejected(400, "invalid Host header", "GET / HTTP/1.0\r\nHost: user@h\r\n\r\n");
        assertNull(reader("GET / HTTP/1.0\r\n\r\n").read().header("Host"), "HTTP/1.0 may go without");
    }

    /** RFC 9110 §10.1.1: an HTTP/1.0 client cannot expect 100 Continue; the expectation is ignored. */
    @Test
    void anHttp10ExpectationGetsNoInterimResponse() throws Exception {
        ByteArrayOutputStream written = new ByteArrayOutputStream();
        HttpRequest request = reader(
                        PiecewiseInput.of(
                                "POST /echo HTTP/1.0\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n", "ok"),
                        written)
                .read();
        assertArrayEquals(bytes("ok"), request.body());
        assertEquals(0, written.size());
    }
}
