package io.httpmodels.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;

import java.io.ByteArrayOutputStream;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@link ResponseParser} under Jazzer: whatever bytes a server sends, in whatever pieces, the parser counts the
 * responses it completes or stops at {@link ResponseParser#isMalformed()} (which the worker counts as a protocol
 * error); it never throws and allocates nothing. Valid responses, pipelined and split anywhere, are all counted
 * with their statuses.
 *
 * <p>Input: the first byte picks heap or direct buffers and how many read sizes follow (1 to 8), each next byte
 * one size (1 to 1021 bytes); the rest is what the server sent, or, for the valid-responses target, the choices
 * that generate it. {@code mvn verify} runs each target over its committed corpus
 * ({@code src/test/resources/io/httpmodels/load/ResponseParserFuzzTestInputs/<method>/}); {@code JAZZER_FUZZ=1}
 * fuzzes one (see {@code docs/fuzzing.md}).
 */
class ResponseParserFuzzTest {

    /**
     * Allocation is measured in regression runs only (every corpus input, those a fuzzing run found included):
     * while fuzzing, Jazzer's instrumentation and hooks allocate on the measured thread.
     */
    private static final boolean FUZZING = System.getenv("JAZZER_FUZZ") != null;

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    @FuzzTest(maxDuration = "60s")
    void anyBytesInAnyPiecesAreCountedOrFlaggedMalformedWithoutAllocating(byte[] data) {
        Choices in = new Choices(data);
        boolean direct = (in.peek() & 0x80) != 0;
        List<ByteBuffer> buffers = split(in, direct);
        long[] statuses = new long[ResponseParser.STATUS_CODES];
        ResponseParser parser = new ResponseParser(statuses);
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
        assertTrue(FUZZING || allocated < 1024, "the parser allocated " + allocated + " bytes");
        long counted = 0;
        for (long n : statuses) {
            counted += n;
        }
        assertTrue(completed <= counted, completed + " completed, " + counted + " counted");
        if (parser.isMalformed()) {
            assertNotNull(parser.malformedReason());
        }
    }

    @FuzzTest(maxDuration = "60s")
    void validPipelinedResponsesSurviveAnySplit(byte[] data) {
        Choices in = new Choices(data);
        boolean direct = (in.peek() & 0x80) != 0;
        int[] sizes = in.sizes();
        ByteArrayOutputStream pipelined = new ByteArrayOutputStream();
        long[] expected = new long[ResponseParser.STATUS_CODES];
        for (int n = 1 + in.next(4); n > 0; n--) {
            int status = in.pick(200, 201, 202, 301, 400, 404, 413, 500, 503);
            pipelined.writeBytes(response(in, status));
            expected[status]++;
        }
        List<ByteBuffer> buffers = split(pipelined.toByteArray(), sizes, direct);
        long[] statuses = new long[ResponseParser.STATUS_CODES];
        ResponseParser parser = new ResponseParser(statuses);
        int completed = 0;
        for (ByteBuffer buffer : buffers) {
            completed += parser.feed(buffer);
            assertFalse(parser.isMalformed(), parser.malformedReason());
        }
        assertEquals(Arrays.stream(expected).sum(), completed);
        assertFalse(parser.inResponse());
        for (int status = 0; status < expected.length; status++) {
            assertEquals(expected[status], statuses[status], "responses with status " + status);
        }
    }

    private static byte[] response(Choices in, int status) {
        String reason = in.pick("OK", "Whatever", "", "Not Found");
        StringBuilder headers = new StringBuilder();
        for (int h = in.next(5); h > 0; h--) {
            headers.append(in.pick(
                    "Server: x\r\n",
                    "Date: Mon, 01 Jan 2024 00:00:00 GMT\r\n",
                    "Content-Type: text/plain\r\n",
                    "X-Content-Length: 99\r\n",
                    "Connection: keep-alive\r\n",
                    "Transfer-Encoding-X: chunked\r\n"));
        }
        byte[] body = in.bytes(in.next(301));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(ascii("HTTP/1.1 " + status + " " + reason + "\r\n" + headers));
        if (in.next(2) == 0) {
            out.writeBytes(ascii("Content-Length: " + body.length + "\r\n\r\n"));
            out.writeBytes(body);
            return out.toByteArray();
        }
        out.writeBytes(ascii("Transfer-Encoding: chunked\r\n\r\n"));
        for (int from = 0; from < body.length; ) {
            int size = 1 + in.next(100);
            int n = Math.min(size, body.length - from);
            out.writeBytes(ascii(Integer.toHexString(n) + (size % 3 == 0 ? ";ext=1" : "") + "\r\n"));
            out.write(body, from, n);
            out.writeBytes(ascii("\r\n"));
            from += n;
        }
        out.writeBytes(ascii("0\r\n" + (in.next(2) == 0 ? "X-Trailer: t\r\n" : "") + "\r\n"));
        return out.toByteArray();
    }

    private static List<ByteBuffer> split(Choices in, boolean direct) {
        int[] sizes = in.sizes();
        return split(in.rest(), sizes, direct);
    }

    private static List<ByteBuffer> split(byte[] bytes, int[] sizes, boolean direct) {
        List<ByteBuffer> buffers = new ArrayList<>();
        for (int from = 0, i = 0; from < bytes.length; i++) {
            int n = Math.min(sizes[i % sizes.length], bytes.length - from);
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

    /** The fuzzer's bytes read as choices; zeros past the end. */
    private static final class Choices {
        private final byte[] data;
        private int pos;

        Choices(byte[] data) {
            this.data = data;
        }

        int peek() {
            return pos < data.length ? data[pos] & 0xFF : 0;
        }

        int nextByte() {
            return pos < data.length ? data[pos++] & 0xFF : 0;
        }

        int next(int bound) {
            return (bound > 256 ? nextByte() << 8 | nextByte() : nextByte()) % bound;
        }

        @SafeVarargs
        final <T> T pick(T... choices) {
            return choices[next(choices.length)];
        }

        byte[] bytes(int n) {
            byte[] out = new byte[n];
            for (int i = 0; i < n; i++) {
                out[i] = (byte) nextByte();
            }
            return out;
        }

        // The first byte: how many sizes follow (its low three bits); each size 1 to 1021 bytes.
        int[] sizes() {
            int[] sizes = new int[1 + nextByte() % 8];
            for (int i = 0; i < sizes.length; i++) {
                sizes[i] = 1 + nextByte() * 4;
            }
            return sizes;
        }

        byte[] rest() {
            byte[] rest = pos < data.length ? Arrays.copyOfRange(data, pos, data.length) : new byte[0];
            pos = data.length;
            return rest;
        }
    }
}
