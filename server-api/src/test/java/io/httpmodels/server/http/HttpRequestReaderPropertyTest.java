package io.httpmodels.server.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.statistics.Statistics;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Properties of {@link HttpRequestReader} over generated input: whatever bytes arrive, in whatever pieces, a
 * read returns a request, returns {@code null} at a clean end, ends with {@link EOFException} when the input
 * stops inside a request, or throws {@link RequestRejectedException} with one of the statuses the reader
 * answers with; never anything else, and never more memory per read than its limits allow. Valid requests,
 * pipelined and split into reads anywhere, come out exactly as they were sent.
 *
 * <p>Tries are bounded so that the class runs in seconds; jqwik's seed is printed on failure, and
 * {@code -Djqwik.tries.default} has no effect here (the counts are fixed per property).
 */
class HttpRequestReaderPropertyTest {

    private static final int MAX_HEADER_BYTES = 1024;
    private static final int MAX_BODY_BYTES = 4096;
    private static final Set<Integer> REJECTION_STATUSES = Set.of(400, 413, 414, 431, 501, 505);

    // What one read may allocate: the reader's buffer is allocated once, before; a read makes the head's strings
    // and header list (a few times the head limit) and the body (a chunked body grows a ByteArrayOutputStream
    // up to twice the limit, then copies it). Eight times both limits is a generous bound a leak or an
    // unbounded buffer would still cross.
    private static final long ALLOCATION_BOUND_BYTES = 8L * (MAX_HEADER_BYTES + MAX_BODY_BYTES) + 16 * 1024;

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    // ---------------------------------------------------------------- any input

    @Property(tries = 3000)
    void anyBytesAreParsedOrRejectedWithAStatus(
            @ForAll("httpLikeBytes") byte[] input,
            @ForAll @Size(min = 1, max = 8) List<@IntRange(min = 1, max = 64) Integer> reads)
            throws IOException {
        Statistics.label("outcome").collect(readAll(input, reads));
        // Not vacuous: the tokens reach both ends of the reader.
        Statistics.label("outcome").coverage(coverage -> {
            coverage.check("request").percentage(p -> p > 5);
            coverage.check("rejected").percentage(p -> p > 10);
        });
    }

    @Property(tries = 1000)
    void randomBytesAreParsedOrRejectedWithAStatus(
            @ForAll @Size(max = 2048) byte[] input,
            @ForAll @Size(min = 1, max = 8) List<@IntRange(min = 1, max = 512) Integer> reads)
            throws IOException {
        readAll(input, reads);
    }

    @Property(tries = 3000)
    void mutatedValidRequestsAreParsedOrRejectedWithAStatus(
            @ForAll("mutatedRequests") byte[] input,
            @ForAll @Size(min = 1, max = 8) List<@IntRange(min = 1, max = 64) Integer> reads)
            throws IOException {
        Statistics.label("outcome").collect(readAll(input, reads));
        Statistics.label("outcome").coverage(coverage -> {
            coverage.check("request").percentage(p -> p > 5);
            coverage.check("rejected").percentage(p -> p > 10);
        });
    }

    // Reads requests until the input ends or the reader refuses; fails on any other outcome. Returns how it ended:
    // "request" (at least one request parsed, however it ended), else "rejected", "eof" (inside a request) or "empty".
    private static String readAll(byte[] input, List<Integer> reads) throws IOException {
        HttpRequestReader reader = new HttpRequestReader(
                new PiecewiseInput(input, reads),
                new HttpResponseWriter(new ByteArrayOutputStream(), "test"),
                MAX_HEADER_BYTES,
                MAX_BODY_BYTES);
        // Each request consumes at least one byte, so this many reads always reach the end.
        for (int i = 0; i <= input.length; i++) {
            long before = THREADS.getCurrentThreadAllocatedBytes();
            HttpRequest request;
            try {
                request = reader.read();
            } catch (RequestRejectedException e) {
                assertTrue(REJECTION_STATUSES.contains(e.status().code()), "rejected with " + e.status());
                assertNotNull(e.detail());
                return i > 0 ? "request" : "rejected";
            } catch (EOFException e) {
                return i > 0 ? "request" : "eof"; // the input ended inside a request: the connection just closes
            }
            long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
            assertTrue(allocated <= ALLOCATION_BOUND_BYTES, "one read allocated " + allocated + " bytes");
            if (request == null) {
                return i == 0 ? "empty" : "request";
            }
            assertTrue(request.body().length <= MAX_BODY_BYTES, "body of " + request.body().length + " bytes");
        }
        return fail("more requests than input bytes");
    }

    // ---------------------------------------------------------------- valid requests, any split

    /** A valid request as generated, and what the reader must make of it. */
    record Generated(
            String method,
            String target,
            List<HttpHeader> headers,
            byte[] body,
            boolean chunked,
            List<Integer> chunkSizes) {

        byte[] bytes() {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            out.writeBytes(ascii(method + " " + target + " HTTP/1.1\r\n"));
            for (HttpHeader header : expectedHeaders()) {
                out.writeBytes(ascii(header.name() + ": " + header.value() + "\r\n"));
            }
            out.writeBytes(ascii("\r\n"));
            if (chunked) {
                int from = 0;
                for (int size : chunkSizes) {
                    int n = Math.min(size, body.length - from);
                    if (n <= 0) {
                        break;
                    }
                    out.writeBytes(ascii(Integer.toHexString(n) + "\r\n"));
                    out.write(body, from, n);
                    out.writeBytes(ascii("\r\n"));
                    from += n;
                }
                if (from < body.length) {
                    out.writeBytes(ascii(Integer.toHexString(body.length - from) + "\r\n"));
                    out.write(body, from, body.length - from);
                    out.writeBytes(ascii("\r\n"));
                }
                out.writeBytes(ascii("0\r\n\r\n"));
            } else {
                out.writeBytes(body);
            }
            return out.toByteArray();
        }

        List<HttpHeader> expectedHeaders() {
            List<HttpHeader> all = new ArrayList<>();
            all.add(new HttpHeader("Host", "localhost"));
            all.addAll(headers);
            if (chunked) {
                all.add(new HttpHeader("Transfer-Encoding", "chunked"));
            } else if (body.length > 0) {
                all.add(new HttpHeader("Content-Length", String.valueOf(body.length)));
            }
            return all;
        }
    }

    @Property(tries = 1000)
    void validRequestsSurviveAnySplitIntoReads(
            @ForAll("validRequests") List<Generated> requests,
            @ForAll @Size(min = 1, max = 16) List<@IntRange(min = 1, max = 40) Integer> reads)
            throws IOException, RequestRejectedException {
        ByteArrayOutputStream pipelined = new ByteArrayOutputStream();
        for (Generated request : requests) {
            pipelined.writeBytes(request.bytes());
        }
        HttpRequestReader reader = new HttpRequestReader(
                new PiecewiseInput(pipelined.toByteArray(), reads),
                new HttpResponseWriter(new ByteArrayOutputStream(), "test"),
                MAX_HEADER_BYTES,
                MAX_BODY_BYTES);
        for (Generated expected : requests) {
            HttpRequest actual = reader.read();
            assertNotNull(actual, "a request is missing");
            assertEquals(expected.method(), actual.method());
            assertEquals(expected.target(), actual.target());
            assertEquals(HttpRequest.HTTP_1_1, actual.version());
            assertEquals(expected.expectedHeaders(), actual.headers());
            assertArrayEquals(expected.body(), actual.body());
            assertTrue(actual.keepAlive());
        }
        assertNull(reader.read(), "nothing after the last request");
    }

    // ---------------------------------------------------------------- generators

    @Provide
    Arbitrary<List<Generated>> validRequests() {
        return validRequest().list().ofMinSize(1).ofMaxSize(3);
    }

    private static Arbitrary<Generated> validRequest() {
        Arbitrary<String> method = Arbitraries.of("GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "M-SEARCH");
        Arbitrary<String> target = Arbitraries.strings()
                .withChars("abcxyz0123456789-._~!$&'()*+,;=:@/?%")
                .ofMaxLength(40)
                .map(path -> "/" + path);
        Arbitrary<HttpHeader> header = Combinators.combine(
                        Arbitraries.strings()
                                .withChars("abcdefghXYZ0123-_!#$%&'*+.^`|~")
                                .ofMinLength(1)
                                .ofMaxLength(12),
                        Arbitraries.strings()
                                .withCharRange('!', '~')
                                .ofMaxLength(30)
                                .map(v -> v.length() > 2 ? v.charAt(0) + " \t" + v.substring(1) : v))
                .as((name, value) -> new HttpHeader("X-" + name, value));
        Arbitrary<byte[]> body = Arbitraries.bytes().array(byte[].class).ofMaxSize(600);
        Arbitrary<List<Integer>> chunkSizes =
                Arbitraries.integers().between(1, 200).list().ofMaxSize(6);
        return Combinators.combine(
                        method, target, header.list().ofMaxSize(6), body, Arbitraries.of(true, false), chunkSizes)
                .as(Generated::new);
    }

    // HTTP's own tokens and some noise, strung together: gets far deeper into the reader than random bytes.
    @Provide
    Arbitrary<byte[]> httpLikeBytes() {
        Arbitrary<String> token = Arbitraries.of(
                "GET",
                "POST",
                "HEAD",
                " ",
                "  ",
                "\t",
                "/",
                "/plaintext",
                "/echo",
                "*",
                "?",
                "HTTP/1.1",
                "HTTP/1.0",
                "HTTP/2.0",
                "HTTP/1.",
                "\r\n",
                "\n",
                "\r",
                "\r\n\r\n",
                ":",
                ": ",
                "Host",
                "Host: x",
                "Content-Length",
                "Content-Length: ",
                "Transfer-Encoding: ",
                "chunked",
                "gzip",
                "Connection: ",
                "close",
                "Expect: 100-continue",
                "0",
                "1",
                "5",
                "-1",
                "ffffffffffffffff",
                "99999999999999999999",
                ";",
                ";ext=1",
                ",",
                "\u0000",
                "\u007f",
                "\u00ff",
                "\u00e9",
                "x",
                "hello");
        Arbitrary<String> tokens = token.list().ofMaxSize(40).map(list -> String.join("", list));
        // Whole lines, mostly plausible, some not, with any line end: requests that get as far as the body.
        Arbitrary<String> requestLine = Arbitraries.frequencyOf(
                Tuple.of(
                        3,
                        Arbitraries.of(
                                "GET /plaintext HTTP/1.1",
                                "POST /echo HTTP/1.1",
                                "GET / HTTP/1.0",
                                "PUT /x?y HTTP/1.1")),
                Tuple.of(1, tokens));
        Arbitrary<String> headerLine = Arbitraries.frequencyOf(
                Tuple.of(
                        4,
                        Arbitraries.of(
                                "Content-Length: 5",
                                "Content-Length: 0",
                                "Content-Length: -1",
                                "Content-Length: 99999999999",
                                "Transfer-Encoding: chunked",
                                "Transfer-Encoding: gzip",
                                "Connection: close",
                                "Connection: keep-alive",
                                "Expect: 100-continue",
                                "X-A: a\u0000b",
                                " folded",
                                "X-B:",
                                "X-C: \u00e9",
                                "X-D: d")),
                Tuple.of(1, tokens));
        Arbitrary<String> lineEnd = Arbitraries.frequencyOf(
                Tuple.of(10, Arbitraries.just("\r\n")), Tuple.of(1, Arbitraries.of("\n", "\r")));
        Arbitrary<String> line = Combinators.combine(headerLine, lineEnd).as(String::concat);
        Arbitrary<String> body = Arbitraries.oneOf(
                Arbitraries.of("", "hello", "5\r\nhello\r\n0\r\n\r\n", "5;x=y\r\nhello\r\n0\r\nT: v\r\n\r\n"), tokens);
        // Mostly one Host line (an HTTP/1.1 request needs exactly one), sometimes none.
        Arbitrary<String> host = Arbitraries.of("Host: x\r\n", "Host: x\r\n", "Host: x\r\n", "");
        Arbitrary<String> structured = Combinators.combine(
                        requestLine, lineEnd, host, line.list().ofMaxSize(4), body)
                .as((first, end, hostLine, lines, rest) ->
                        first + end + hostLine + String.join("", lines) + "\r\n" + rest);
        return Arbitraries.oneOf(
                structured.map(HttpRequestReaderPropertyTest::ascii),
                structured.map(HttpRequestReaderPropertyTest::ascii),
                tokens.map(HttpRequestReaderPropertyTest::ascii),
                Arbitraries.bytes().array(byte[].class).ofMaxSize(64));
    }

    // A valid request (or a pipeline of two) with a few bytes flipped, inserted or deleted.
    @Provide
    Arbitrary<byte[]> mutatedRequests() {
        Arbitrary<byte[]> valid = validRequest()
                .list()
                .ofMinSize(1)
                .ofMaxSize(2)
                .map(list -> {
                    ByteArrayOutputStream out = new ByteArrayOutputStream();
                    list.forEach(r -> out.writeBytes(r.bytes()));
                    return out.toByteArray();
                });
        Arbitrary<int[]> mutation = Combinators.combine(
                        Arbitraries.integers().between(0, 2),
                        Arbitraries.integers().between(0, Integer.MAX_VALUE),
                        Arbitraries.integers().between(0, 255))
                .as((kind, where, value) -> new int[] {kind, where, value});
        return Combinators.combine(valid, mutation.list().ofMinSize(1).ofMaxSize(4))
                .as(HttpRequestReaderPropertyTest::mutate);
    }

    private static byte[] mutate(byte[] bytes, List<int[]> mutations) {
        byte[] out = bytes;
        for (int[] m : mutations) {
            if (out.length == 0) {
                break;
            }
            int at = m[1] % out.length;
            byte value = (byte) m[2];
            out = switch (m[0]) {
                case 0 -> { // flip
                    byte[] copy = out.clone();
                    copy[at] = value;
                    yield copy;
                }
                case 1 -> { // insert
                    byte[] copy = new byte[out.length + 1];
                    System.arraycopy(out, 0, copy, 0, at);
                    copy[at] = value;
                    System.arraycopy(out, at, copy, at + 1, out.length - at);
                    yield copy;
                }
                default -> { // delete
                    byte[] copy = new byte[out.length - 1];
                    System.arraycopy(out, 0, copy, 0, at);
                    System.arraycopy(out, at + 1, copy, at, out.length - at - 1);
                    yield copy;
                }
            };
        }
        return out;
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** Hands out its bytes in reads of the given sizes, in turn, as a socket might deliver them. */
    private static final class PiecewiseInput extends InputStream {
        private final byte[] bytes;
        private final List<Integer> readSizes;
        private int pos;
        private int reads;

        PiecewiseInput(byte[] bytes, List<Integer> readSizes) {
            this.bytes = bytes;
            this.readSizes = readSizes;
        }

        @Override
        public int read() {
            return pos < bytes.length ? bytes[pos++] & 0xFF : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (len == 0) {
                throw new AssertionError("the reader asked for 0 bytes: its buffer is full and it would spin");
            }
            if (pos >= bytes.length) {
                return -1;
            }
            int n = Math.min(Math.min(len, readSizes.get(reads++ % readSizes.size())), bytes.length - pos);
            System.arraycopy(bytes, pos, b, off, n);
            pos += n;
            return n;
        }
    }
}
