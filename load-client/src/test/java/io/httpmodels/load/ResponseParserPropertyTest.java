package io.httpmodels.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Properties of {@link ResponseParser} over generated input: whatever bytes a server sends, in whatever pieces,
 * the parser counts the responses it completes or stops at {@link ResponseParser#isMalformed()} (which the
 * worker counts as a protocol error); it never throws and allocates nothing. Valid responses, pipelined and split
 * anywhere, are all counted with their statuses. Tries are bounded so that the class runs in seconds.
 */
class ResponseParserPropertyTest {

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    @Property(tries = 3000)
    void anyBytesAreCountedOrFlaggedMalformed(
            @ForAll("responseLikeBytes") byte[] input,
            @ForAll @Size(min = 1, max = 8) List<@IntRange(min = 1, max = 64) Integer> pieces,
            @ForAll boolean direct) {
        long[] statuses = new long[ResponseParser.STATUS_CODES];
        ResponseParser parser = new ResponseParser(statuses);
        List<ByteBuffer> buffers = split(input, pieces, direct);
        long before = THREADS.getCurrentThreadAllocatedBytes();
        int completed = 0;
        for (ByteBuffer buffer : buffers) {
            completed += parser.feed(buffer);
            if (parser.isMalformed()) {
                break; // the worker stops here: counts a protocol error and reconnects
            }
        }
        if (!parser.isMalformed()) {
            completed += parser.feedEof();
        }
        long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
        for (ByteBuffer buffer : buffers) {
            assertTrue(buffer.position() == buffer.limit() || parser.isMalformed(), "feed consumes the whole buffer");
        }
        // Nothing per byte; a little slack for the measurement itself.
        assertTrue(allocated < 1024, "the parser allocated " + allocated + " bytes");
        long counted = 0;
        for (long n : statuses) {
            counted += n;
        }
        assertTrue(completed <= counted, completed + " completed, " + counted + " counted");
        if (parser.isMalformed()) {
            assertNotNull(parser.malformedReason());
        }
        Statistics.label("outcome").collect(parser.isMalformed() ? "malformed" : completed > 0 ? "counted" : "partial");
        Statistics.label("outcome").coverage(coverage -> {
            coverage.check("counted").percentage(p -> p > 3);
            coverage.check("malformed").percentage(p -> p > 5);
        });
    }

    @Property(tries = 1000)
    void randomBytesNeverThrow(
            @ForAll @Size(max = 2048) byte[] input,
            @ForAll @Size(min = 1, max = 8) List<@IntRange(min = 1, max = 512) Integer> pieces) {
        ResponseParser parser = new ResponseParser(new long[ResponseParser.STATUS_CODES]);
        for (ByteBuffer buffer : split(input, pieces, false)) {
            parser.feed(buffer);
            if (parser.isMalformed()) {
                return;
            }
        }
        parser.feedEof();
    }

    /** A generated response: its bytes and its status. */
    record Generated(int status, byte[] bytes) {}

    @Property(tries = 1000)
    void validResponsesSurviveAnySplit(
            @ForAll("validResponses") List<Generated> responses,
            @ForAll @Size(min = 1, max = 16) List<@IntRange(min = 1, max = 40) Integer> pieces,
            @ForAll boolean direct) {
        ByteArrayOutputStream pipelined = new ByteArrayOutputStream();
        long[] expected = new long[ResponseParser.STATUS_CODES];
        for (Generated response : responses) {
            pipelined.writeBytes(response.bytes());
            expected[response.status()]++;
        }
        long[] statuses = new long[ResponseParser.STATUS_CODES];
        ResponseParser parser = new ResponseParser(statuses);
        int completed = 0;
        for (ByteBuffer buffer : split(pipelined.toByteArray(), pieces, direct)) {
            completed += parser.feed(buffer);
            assertFalse(parser.isMalformed(), parser.malformedReason());
        }
        assertEquals(responses.size(), completed);
        assertFalse(parser.inResponse());
        for (int status = 0; status < expected.length; status++) {
            assertEquals(expected[status], statuses[status], "responses with status " + status);
        }
    }

    @Provide
    Arbitrary<List<Generated>> validResponses() {
        Arbitrary<Integer> status = Arbitraries.of(200, 201, 202, 301, 400, 404, 413, 500, 503);
        Arbitrary<String> reason = Arbitraries.of("OK", "Whatever", "", "Not Found");
        Arbitrary<String> headers = Arbitraries.of(
                        "Server: x\r\n",
                        "Date: Mon, 01 Jan 2024 00:00:00 GMT\r\n",
                        "Content-Type: text/plain\r\n",
                        "X-Content-Length: 99\r\n",
                        "Connection: keep-alive\r\n",
                        "Transfer-Encoding-X: chunked\r\n")
                .list()
                .ofMaxSize(4)
                .map(list -> String.join("", list));
        Arbitrary<byte[]> body = Arbitraries.bytes().array(byte[].class).ofMaxSize(300);
        Arbitrary<List<Integer>> chunks =
                Arbitraries.integers().between(1, 100).list().ofMaxSize(5);
        Arbitrary<Generated> response = Combinators.combine(
                        status, reason, headers, body, Arbitraries.of(true, false), chunks)
                .as((code, text, head, content, chunked, sizes) ->
                        new Generated(code, bytes(code, text, head, content, chunked, sizes)));
        return response.list().ofMinSize(1).ofMaxSize(4);
    }

    private static byte[] bytes(
            int status, String reason, String headers, byte[] body, boolean chunked, List<Integer> sizes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(ascii("HTTP/1.1 " + status + " " + reason + "\r\n" + headers));
        if (!chunked) {
            out.writeBytes(ascii("Content-Length: " + body.length + "\r\n\r\n"));
            out.writeBytes(body);
            return out.toByteArray();
        }
        out.writeBytes(ascii("Transfer-Encoding: chunked\r\n\r\n"));
        int from = 0;
        for (int size : sizes) {
            int n = Math.min(size, body.length - from);
            if (n > 0) {
                out.writeBytes(ascii(Integer.toHexString(n) + (size % 3 == 0 ? ";ext=1" : "") + "\r\n"));
                out.write(body, from, n);
                out.writeBytes(ascii("\r\n"));
                from += n;
            }
        }
        if (from < body.length) {
            out.writeBytes(ascii(Integer.toHexString(body.length - from) + "\r\n"));
            out.write(body, from, body.length - from);
            out.writeBytes(ascii("\r\n"));
        }
        out.writeBytes(ascii("0\r\n" + (sizes.size() % 2 == 0 ? "X-Trailer: t\r\n" : "") + "\r\n"));
        return out.toByteArray();
    }

    // Status lines, headers and framing, right and wrong, strung together with noise.
    @Provide
    Arbitrary<byte[]> responseLikeBytes() {
        Arbitrary<String> statusLine = Arbitraries.of(
                "HTTP/1.1 200 OK",
                "HTTP/1.0 404 Not Found",
                "HTTP/1.1 100 Continue",
                "HTTP/1.1 204 No Content",
                "HTTP/1.1 999 Big",
                "HTTP/1.1 20 Short",
                "HTTP/2 200",
                "HTTX/1.1 200 OK",
                "HTTP/1.1 2x0 OK",
                "");
        Arbitrary<String> header = Arbitraries.of(
                "Content-Length: 5",
                "Content-Length: 0",
                "Content-Length: -1",
                "Content-Length: 99999999999999999999",
                "Content-Length: 5x",
                "Transfer-Encoding: chunked",
                "Transfer-Encoding: gzip",
                "Connection: close",
                "X-A: b",
                "No colon",
                " folded",
                ":",
                "Content-Length:",
                "Content-Length: 3, 3");
        Arbitrary<String> lineEnd = Arbitraries.frequencyOf(
                Tuple.of(10, Arbitraries.just("\r\n")), Tuple.of(1, Arbitraries.of("\n", "\r")));
        Arbitrary<String> body = Arbitraries.of(
                "",
                "hello",
                "5\r\nhello\r\n0\r\n\r\n",
                "ffffffffffffffffffff\r\n",
                "zz\r\n",
                "5\r\nhelloXX0\r\n\r\n",
                "-1\r\n",
                "0\r\nT: v\r\n\r\n");
        Arbitrary<String> response = Combinators.combine(
                        statusLine,
                        lineEnd,
                        Combinators.combine(header, lineEnd)
                                .as(String::concat)
                                .list()
                                .ofMaxSize(4),
                        body)
                .as((first, end, lines, rest) -> first + end + String.join("", lines) + "\r\n" + rest);
        return Arbitraries.oneOf(
                response.list().ofMaxSize(3).map(list -> ascii(String.join("", list))),
                Arbitraries.bytes().array(byte[].class).ofMaxSize(64));
    }

    private static List<ByteBuffer> split(byte[] bytes, List<Integer> pieces, boolean direct) {
        ArrayList<ByteBuffer> buffers = new ArrayList<>();
        for (int from = 0, i = 0; from < bytes.length; i++) {
            int n = Math.min(pieces.get(i % pieces.size()), bytes.length - from);
            ByteBuffer buffer = direct ? ByteBuffer.allocateDirect(n) : ByteBuffer.allocate(n);
            buffer.put(bytes, from, n).flip();
            buffers.add(buffer);
            from += n;
        }
        return buffers;
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }
}
