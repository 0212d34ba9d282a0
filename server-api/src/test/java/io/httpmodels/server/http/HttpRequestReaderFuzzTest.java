package io.httpmodels.server.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.httpmodels.server.FuzzBytes;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * {@link HttpRequestReader} under Jazzer: whatever bytes arrive, in whatever pieces, a read returns a request,
 * returns {@code null} at a clean end, ends with {@link EOFException} when the input stops inside a request, or
 * throws {@link RequestRejectedException} with one of the statuses the reader answers with; never anything else,
 * and never more memory per read than its limits allow. Valid requests, pipelined and split into reads anywhere,
 * come out exactly as they were sent. A chunked body is decoded as a plain reading of RFC 9112 §7.1 decodes it,
 * or refused where that reading refuses it.
 *
 * <p>{@code mvn verify} runs each target over its committed corpus ({@code src/test/resources/.../
 * HttpRequestReaderFuzzTestInputs/<method>/}: the kits' vectors and every input a fuzzing run kept);
 * {@code JAZZER_FUZZ=1} fuzzes one (see {@code docs/fuzzing.md}). Inputs follow {@link FuzzBytes}' convention.
 */
class HttpRequestReaderFuzzTest {

    private static final int MAX_HEADER_BYTES = 1024;
    private static final int MAX_BODY_BYTES = 4096;
    private static final Set<Integer> REJECTION_STATUSES = Set.of(400, 413, 414, 431, 501, 505);

    // What one read may allocate: the reader's buffer is allocated once, before; a read makes the head's strings
    // and header list (a few times the head limit) and the body (a chunked body grows a ByteArrayOutputStream
    // up to twice the limit, then copies it). Eight times both limits is a generous bound a leak or an
    // unbounded buffer would still cross.
    private static final long ALLOCATION_BOUND_BYTES = 8L * (MAX_HEADER_BYTES + MAX_BODY_BYTES) + 16 * 1024;

    /**
     * Allocation is measured in regression runs only (every corpus input, those a fuzzing run found included):
     * while fuzzing, Jazzer's instrumentation and hooks allocate on the measured thread.
     */
    private static final boolean FUZZING = System.getenv("JAZZER_FUZZ") != null;

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    // ---------------------------------------------------------------- any input

    @FuzzTest(maxDuration = "60s")
    void anyBytesInAnyPiecesEndInARequestACleanEndOrARejection(byte[] data) throws IOException {
        FuzzBytes fuzz = new FuzzBytes(data);
        int[] pieces = fuzz.pieces();
        byte[] input = fuzz.rest();
        HttpRequestReader reader = reader(input, pieces);
        // Each request consumes at least one byte, so this many reads always reach the end.
        for (int i = 0; i <= input.length; i++) {
            long before = THREADS.getCurrentThreadAllocatedBytes();
            HttpRequest request;
            try {
                request = reader.read();
            } catch (RequestRejectedException e) {
                assertTrue(REJECTION_STATUSES.contains(e.status().code()), "rejected with " + e.status());
                assertNotNull(e.detail());
                return;
            } catch (EOFException e) {
                return; // the input ended inside a request: the connection just closes
            }
            long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
            assertTrue(FUZZING || allocated <= ALLOCATION_BOUND_BYTES, "one read allocated " + allocated + " bytes");
            if (request == null) {
                return;
            }
            assertTrue(request.body().length <= MAX_BODY_BYTES, "body of " + request.body().length + " bytes");
            assertTrue(
                    request.headers().size() <= MAX_HEADER_BYTES / 3,
                    request.headers().size() + " headers");
        }
        fail("more requests than input bytes");
    }

    // ---------------------------------------------------------------- valid requests, any split

    /** A valid request as generated, and what the reader must make of it. */
    record Generated(String method, String target, List<HttpHeader> headers, byte[] body, int[] chunkSizes) {

        boolean chunked() {
            return chunkSizes != null;
        }

        byte[] bytes() {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            out.writeBytes(ascii(method + " " + target + " HTTP/1.1\r\n"));
            for (HttpHeader header : expectedHeaders()) {
                out.writeBytes(ascii(header.name() + ": " + header.value() + "\r\n"));
            }
            out.writeBytes(ascii("\r\n"));
            if (!chunked()) {
                out.writeBytes(body);
                return out.toByteArray();
            }
            int from = 0;
            for (int i = 0; from < body.length; i++) {
                int n = Math.min(chunkSizes[i % chunkSizes.length], body.length - from);
                out.writeBytes(ascii(Integer.toHexString(n) + (i % 3 == 1 ? ";ext=\"v\"" : "") + "\r\n"));
                out.write(body, from, n);
                out.writeBytes(ascii("\r\n"));
                from += n;
            }
            out.writeBytes(ascii("0\r\n" + (chunkSizes.length % 2 == 0 ? "T: t\r\n" : "") + "\r\n"));
            return out.toByteArray();
        }

        List<HttpHeader> expectedHeaders() {
            List<HttpHeader> all = new ArrayList<>();
            all.add(new HttpHeader("Host", "localhost"));
            all.addAll(headers);
            if (chunked()) {
                all.add(new HttpHeader("Transfer-Encoding", "chunked"));
            } else if (body.length > 0) {
                all.add(new HttpHeader("Content-Length", String.valueOf(body.length)));
            }
            return all;
        }
    }

    private static final String TARGET_CHARS = "abcxyz0123456789-._~!$&'()*+,;=:@/?%";
    private static final String NAME_CHARS = "abcdefghXYZ0123-_!#$%&'*+.^`|~";

    /** Up to three valid requests, generated from the fuzzer's choices. */
    static List<Generated> validRequests(FuzzBytes fuzz) {
        List<Generated> requests = new ArrayList<>();
        int count = 1 + fuzz.nextInt(3);
        for (int r = 0; r < count; r++) {
            String method = fuzz.pick("GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "M-SEARCH");
            String target = "/" + chars(fuzz, TARGET_CHARS, fuzz.nextInt(41));
            List<HttpHeader> headers = new ArrayList<>();
            for (int h = fuzz.nextInt(7); h > 0; h--) {
                String value = visible(fuzz, fuzz.nextInt(31));
                if (value.length() > 2) {
                    value = value.charAt(0) + " \t" + value.substring(1); // inner whitespace is kept
                }
                headers.add(new HttpHeader("X-" + chars(fuzz, NAME_CHARS, 1 + fuzz.nextInt(12)), value));
            }
            byte[] body = fuzz.nextBytes(fuzz.nextInt(601));
            int[] chunkSizes = null;
            if (fuzz.nextInt(2) == 1) {
                chunkSizes = new int[1 + fuzz.nextInt(6)];
                for (int i = 0; i < chunkSizes.length; i++) {
                    chunkSizes[i] = 1 + fuzz.nextInt(200);
                }
            }
            requests.add(new Generated(method, target, headers, body, chunkSizes));
        }
        return requests;
    }

    private static String chars(FuzzBytes fuzz, String alphabet, int length) {
        StringBuilder out = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            out.append(alphabet.charAt(fuzz.nextInt(alphabet.length())));
        }
        return out.toString();
    }

    private static String visible(FuzzBytes fuzz, int length) {
        StringBuilder out = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            out.append((char) ('!' + fuzz.nextInt('~' - '!' + 1)));
        }
        return out.toString();
    }

    @FuzzTest(maxDuration = "60s")
    void validPipelinedRequestsSurviveAnySplitIntoReads(byte[] data) throws IOException, RequestRejectedException {
        FuzzBytes fuzz = new FuzzBytes(data);
        int[] pieces = fuzz.pieces();
        List<Generated> requests = validRequests(fuzz);
        ByteArrayOutputStream pipelined = new ByteArrayOutputStream();
        for (Generated request : requests) {
            pipelined.writeBytes(request.bytes());
        }
        HttpRequestReader reader = reader(pipelined.toByteArray(), pieces);
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

    // ---------------------------------------------------------------- the chunk grammar

    private static final byte[] CHUNKED_HEAD =
            ascii("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n");

    /**
     * A chunked body of any bytes, in any pieces, is decoded to what {@link ReferenceChunkedBody}, a plain reading of
     * the RFC's grammar, decodes it to, or refused where that refuses it, or left waiting for more where that
     * waits.
     */
    @FuzzTest(maxDuration = "60s")
    void aChunkedBodyIsDecodedAsTheGrammarSays(byte[] data) throws IOException {
        FuzzBytes fuzz = new FuzzBytes(data);
        int[] pieces = fuzz.pieces();
        byte[] body = fuzz.rest();
        ByteArrayOutputStream input = new ByteArrayOutputStream();
        input.writeBytes(CHUNKED_HEAD);
        input.writeBytes(body);
        HttpRequestReader reader = reader(input.toByteArray(), pieces);
        ReferenceChunkedBody.Result expected = ReferenceChunkedBody.decode(
                body, MAX_BODY_BYTES, MAX_HEADER_BYTES, Math.max(8192, MAX_HEADER_BYTES + 4));
        if (expected.outcome() == ReferenceChunkedBody.Outcome.UNDECIDED) {
            return; // a size line too long for the oracle; anyBytesInAnyPieces... covers such input
        }
        try {
            HttpRequest request = reader.read();
            assertNotNull(request);
            assertEquals(ReferenceChunkedBody.Outcome.DECODED, expected.outcome(), "the reader decoded it");
            assertArrayEquals(expected.body(), request.body());
        } catch (RequestRejectedException e) {
            assertEquals(ReferenceChunkedBody.Outcome.REFUSED, expected.outcome(), "the reader refused it: " + e);
        } catch (EOFException e) {
            assertEquals(ReferenceChunkedBody.Outcome.INCOMPLETE, expected.outcome(), "the reader wants more");
        }
    }

    private static HttpRequestReader reader(byte[] input, int[] pieces) {
        return new HttpRequestReader(
                FuzzBytes.piecewise(input, pieces),
                new HttpResponseWriter(new ByteArrayOutputStream(), "test"),
                MAX_HEADER_BYTES,
                MAX_BODY_BYTES);
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }
}
