package io.httpmodels.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

class HttpResponseWriterTest {

    /** The writer's buffer: what it may send in one write. */
    private static final int BUFFER_BYTES = 16 * 1024;

    /** Records each write call, to check what leaves together. */
    private static final class RecordingOutput extends OutputStream {
        final List<byte[]> writes = new ArrayList<>();

        @Override
        public void write(int b) {
            throw new AssertionError("no byte-at-a-time writes");
        }

        @Override
        public void write(byte[] b, int off, int len) {
            writes.add(Arrays.copyOfRange(b, off, off + len));
        }
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    /** A body of {@code length} bytes in which every position is recognisable. */
    private static byte[] patterned(int length) {
        byte[] body = new byte[length];
        for (int i = 0; i < length; i++) {
            body[i] = (byte) ('a' + i % 23);
        }
        return body;
    }

    private static String dateOf(String written) {
        int at = written.indexOf("Date: ") + 6;
        return written.substring(at, written.indexOf("\r\n", at));
    }

    /** How long the head of a 200 text/plain response with a body of {@code bodyLength} bytes is. */
    private static int headLength(int bodyLength) throws Exception {
        return headLength(
                HttpResponse.ok("text/plain", new byte[bodyLength]), HttpResponseWriter.ConnectionHeader.NONE);
    }

    private static int headLength(HttpResponse response, HttpResponseWriter.ConnectionHeader connection)
            throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        HttpResponseWriter writer = new HttpResponseWriter(out, "t");
        writer.write(response, true, connection);
        writer.flush();
        return out.size();
    }

    @Test
    void writesStatusLineHeadersAndBodyExactly() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        HttpResponseWriter writer = new HttpResponseWriter(out, "httpmodels-test");
        writer.write(
                HttpResponse.ok("text/plain", ascii("Hello, World!")), false, HttpResponseWriter.ConnectionHeader.NONE);
        writer.flush();
        String written = out.toString(StandardCharsets.ISO_8859_1);
        String date = dateOf(written);
        assertEquals(29, date.length(), date);
        assertEquals(
                "HTTP/1.1 200 OK\r\nServer: httpmodels-test\r\nDate: " + date + "\r\n"
                        + "Content-Type: text/plain\r\nContent-Length: 13\r\n\r\nHello, World!",
                written);
    }

    @Test
    void everyOptionalHeaderIsWrittenExactly() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        HttpResponseWriter writer = new HttpResponseWriter(out, "t");
        writer.write(
                new HttpResponse(HttpStatus.METHOD_NOT_ALLOWED, "text/plain", new byte[0], "GET, HEAD"),
                false,
                HttpResponseWriter.ConnectionHeader.KEEP_ALIVE);
        writer.write(
                HttpResponse.ok("application/json", ascii("{}")), false, HttpResponseWriter.ConnectionHeader.CLOSE);
        writer.flush();
        String written = out.toString(StandardCharsets.ISO_8859_1);
        String date = dateOf(written);
        assertEquals(
                "HTTP/1.1 405 Method Not Allowed\r\nServer: t\r\nDate: " + date + "\r\nContent-Type: text/plain\r\n"
                        + "Content-Length: 0\r\nAllow: GET, HEAD\r\nConnection: keep-alive\r\n\r\n"
                        + "HTTP/1.1 200 OK\r\nServer: t\r\nDate: "
                        + dateOf(written.substring(written.indexOf("HTTP/1.1 200 OK")))
                        + "\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}",
                written);
    }

    @Test
    void headKeepsContentLengthAndDropsTheBody() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        HttpResponseWriter writer = new HttpResponseWriter(out, "t");
        writer.write(HttpResponse.ok("text/plain", new byte[1234]), true, HttpResponseWriter.ConnectionHeader.CLOSE);
        writer.write(HttpResponse.ok("text/plain", new byte[100_000]), true, HttpResponseWriter.ConnectionHeader.NONE);
        writer.flush();
        String written = out.toString(StandardCharsets.ISO_8859_1);
        String[] heads = written.split("(?<=\r\n\r\n)");
        assertEquals(2, heads.length, written);
        assertTrue(heads[0].contains("Content-Length: 1234\r\n"), written);
        assertTrue(heads[0].endsWith("Connection: close\r\n\r\n"), written);
        assertTrue(heads[1].contains("Content-Length: 100000\r\n"), written);
    }

    @Test
    void pipelinedResponsesLeaveInOneWrite() throws Exception {
        RecordingOutput out = new RecordingOutput();
        HttpResponseWriter writer = new HttpResponseWriter(out, "t");
        for (int i = 0; i < 16; i++) {
            writer.write(HttpResponse.ok("text/plain", new byte[13]), false, HttpResponseWriter.ConnectionHeader.NONE);
        }
        assertEquals(0, out.writes.size());
        writer.flush();
        assertEquals(1, out.writes.size());
        assertEquals(16, text(out.writes.get(0)).split("HTTP/1.1 200 OK", -1).length - 1);
        writer.flush();
        assertEquals(1, out.writes.size(), "flushing nothing writes nothing");
    }

    /** A smaller buffer holds fewer answers: what a blocking model holds unsent is this, then its write blocks. */
    @Test
    void aSmallerBufferSendsEveryTimeItIsFull() throws Exception {
        RecordingOutput out = new RecordingOutput();
        int oneResponse = headLength(13) + 13;
        HttpResponseWriter writer = new HttpResponseWriter(out, "t", 3 * oneResponse);
        for (int i = 0; i < 10; i++) {
            writer.write(HttpResponse.ok("text/plain", new byte[13]), false, HttpResponseWriter.ConnectionHeader.NONE);
        }
        assertEquals(3, out.writes.size(), "three full buffers sent, the tenth response held");
        for (byte[] write : out.writes) {
            assertEquals(3 * oneResponse, write.length);
        }
        writer.flush();
        assertEquals(oneResponse, out.writes.get(3).length);
        assertEquals(
                "bufferBytes must be at least 1, was 0",
                assertThrows(IllegalArgumentException.class, () -> new HttpResponseWriter(out, "t", 0))
                        .getMessage());
    }

    @Test
    void aLargeResponseLeavesHeadersAndBodyInOneWrite() throws Exception {
        RecordingOutput out = new RecordingOutput();
        HttpResponseWriter writer = new HttpResponseWriter(out, "t");
        byte[] body = patterned(100_000);
        writer.write(HttpResponse.ok("text/plain", new byte[10]), false, HttpResponseWriter.ConnectionHeader.NONE);
        writer.write(HttpResponse.ok("text/plain", body), false, HttpResponseWriter.ConnectionHeader.CLOSE);
        assertEquals(2, out.writes.size(), "the small one, then the large one whole, at once");
        writer.flush();
        assertEquals(2, out.writes.size());
        String large = text(out.writes.get(1));
        assertTrue(large.startsWith("HTTP/1.1 200 OK\r\n"));
        assertTrue(large.contains("Content-Length: 100000\r\nConnection: close\r\n\r\n"), large.substring(0, 200));
        assertEquals(text(body), large.substring(large.indexOf("\r\n\r\n") + 4));
    }

    /** The buffer is used to its last byte: a response of exactly its size is buffered, one byte more is not. */
    @Test
    void aResponseOfExactlyTheBufferSizeIsBufferedAndOneByteMoreLeavesAtOnce() throws Exception {
        int fits = BUFFER_BYTES - headLength(BUFFER_BYTES);
        RecordingOutput out = new RecordingOutput();
        HttpResponseWriter writer = new HttpResponseWriter(out, "t");
        byte[] body = patterned(fits);
        writer.write(HttpResponse.ok("text/plain", body), false, HttpResponseWriter.ConnectionHeader.NONE);
        assertEquals(0, out.writes.size(), "exactly the buffer: still buffered");
        writer.flush();
        assertEquals(BUFFER_BYTES, out.writes.get(0).length);
        assertTrue(text(out.writes.get(0)).endsWith(text(body)));

        writer.write(
                HttpResponse.ok("text/plain", patterned(fits + 1)), false, HttpResponseWriter.ConnectionHeader.NONE);
        assertEquals(2, out.writes.size(), "one byte over: written at once");
        assertEquals(BUFFER_BYTES + 1, out.writes.get(1).length);
        assertTrue(text(out.writes.get(1)).endsWith(text(patterned(fits + 1))));
    }

    /** Heads with and without Allow, with each Connection header, are measured to the byte. */
    @ParameterizedTest
    @EnumSource(HttpResponseWriter.ConnectionHeader.class)
    void everyKindOfHeadIsMeasuredExactly(HttpResponseWriter.ConnectionHeader connection) throws Exception {
        for (String allow : Arrays.asList(null, "GET, HEAD, POST")) {
            HttpStatus status = allow == null ? HttpStatus.OK : HttpStatus.METHOD_NOT_ALLOWED;
            int head = headLength(new HttpResponse(status, "text/plain", new byte[BUFFER_BYTES], allow), connection);
            int fits = BUFFER_BYTES - head;
            RecordingOutput out = new RecordingOutput();
            HttpResponseWriter writer = new HttpResponseWriter(out, "t");
            writer.write(new HttpResponse(status, "text/plain", patterned(fits), allow), false, connection);
            assertEquals(0, out.writes.size(), connection + ", Allow " + allow);
            writer.write(new HttpResponse(status, "text/plain", patterned(fits + 1), allow), false, connection);
            assertEquals(2, out.writes.size(), connection + ", Allow " + allow);
            assertEquals(BUFFER_BYTES, out.writes.get(0).length);
            assertEquals(BUFFER_BYTES + 1, out.writes.get(1).length);
        }
    }

    /** A response of the buffer's size behind a buffered one: that one leaves, and the large one is buffered. */
    @Test
    void aResponseOfTheBufferSizeBehindAnotherWaitsForTheNextFlush() throws Exception {
        RecordingOutput out = new RecordingOutput();
        HttpResponseWriter writer = new HttpResponseWriter(out, "t");
        writer.write(HttpResponse.ok("text/plain", patterned(10)), false, HttpResponseWriter.ConnectionHeader.NONE);
        int fits = BUFFER_BYTES - headLength(BUFFER_BYTES);
        writer.write(HttpResponse.ok("text/plain", patterned(fits)), false, HttpResponseWriter.ConnectionHeader.NONE);
        assertEquals(1, out.writes.size());
        writer.flush();
        assertEquals(BUFFER_BYTES, out.writes.get(1).length);
    }

    /** A response that fits the buffer but not what is left of it goes after what is buffered, then waits. */
    @Test
    void aResponseThatDoesNotFitWhatIsLeftFlushesTheOthersFirst() throws Exception {
        int small = headLength(10) + 10;
        int rest = BUFFER_BYTES - small;
        int fitsTheRest = rest - headLength(rest);
        RecordingOutput out = new RecordingOutput();
        HttpResponseWriter writer = new HttpResponseWriter(out, "t");
        writer.write(HttpResponse.ok("text/plain", patterned(10)), false, HttpResponseWriter.ConnectionHeader.NONE);
        writer.write(
                HttpResponse.ok("text/plain", patterned(fitsTheRest)), false, HttpResponseWriter.ConnectionHeader.NONE);
        assertEquals(0, out.writes.size(), "both fit exactly");
        writer.write(HttpResponse.ok("text/plain", patterned(10)), false, HttpResponseWriter.ConnectionHeader.NONE);
        assertEquals(1, out.writes.size(), "the full buffer left before the third");
        assertEquals(BUFFER_BYTES, out.writes.get(0).length);
        writer.flush();
        assertEquals(small, out.writes.get(1).length);
    }

    @Test
    void continueLeavesAtOnceBehindWhatIsBuffered() throws Exception {
        RecordingOutput out = new RecordingOutput();
        HttpResponseWriter writer = new HttpResponseWriter(out, "t");
        writer.writeContinue();
        assertEquals(
                List.of("HTTP/1.1 100 Continue\r\n\r\n"),
                out.writes.stream().map(b -> text(b)).toList());

        // Pipelined answers already buffered leave with the 100, in order, in one write.
        out.writes.clear();
        writer.write(HttpResponse.ok("text/plain", ascii("first")), false, HttpResponseWriter.ConnectionHeader.NONE);
        writer.writeContinue();
        assertEquals(1, out.writes.size());
        assertTrue(text(out.writes.get(0)).endsWith("first" + "HTTP/1.1 100 Continue\r\n\r\n"));

        // When the 100 does not fit what is left, the buffered answers leave first.
        out.writes.clear();
        int fillsAllButTen = BUFFER_BYTES - 10 - headLength(BUFFER_BYTES - 10);
        writer.write(
                HttpResponse.ok("text/plain", patterned(fillsAllButTen)),
                false,
                HttpResponseWriter.ConnectionHeader.NONE);
        writer.writeContinue();
        assertEquals(2, out.writes.size());
        assertEquals(BUFFER_BYTES - 10, out.writes.get(0).length);
        assertEquals("HTTP/1.1 100 Continue\r\n\r\n", text(out.writes.get(1)));

        // Exactly what is left: one write.
        out.writes.clear();
        int leavesTheContinue = BUFFER_BYTES - 25 - headLength(BUFFER_BYTES - 25);
        writer.write(
                HttpResponse.ok("text/plain", patterned(leavesTheContinue)),
                false,
                HttpResponseWriter.ConnectionHeader.NONE);
        writer.writeContinue();
        assertEquals(1, out.writes.size());
        assertEquals(BUFFER_BYTES, out.writes.get(0).length);
    }

    @Test
    void flushReachesThroughABufferedStream() throws Exception {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        HttpResponseWriter writer = new HttpResponseWriter(new BufferedOutputStream(sink, 1 << 20), "t");
        writer.write(HttpResponse.ok("text/plain", ascii("small")), false, HttpResponseWriter.ConnectionHeader.NONE);
        writer.flush();
        assertTrue(sink.toString(StandardCharsets.ISO_8859_1).endsWith("small"));
        writer.write(HttpResponse.ok("text/plain", patterned(50_000)), false, HttpResponseWriter.ConnectionHeader.NONE);
        assertTrue(sink.size() > 50_000, "a large response is flushed as it is written");
        writer.writeContinue();
        assertTrue(sink.toString(StandardCharsets.ISO_8859_1).endsWith("100 Continue\r\n\r\n"));
    }

    @Test
    void errorResponsesSayWhatWasWrong() {
        HttpResponse response = HttpResponse.error(HttpStatus.CONTENT_TOO_LARGE, "body larger than 10 bytes");
        assertEquals("413 Content Too Large: body larger than 10 bytes\n", text(response.body()));
        assertEquals("text/plain", response.contentType());
        assertEquals(HttpStatus.CONTENT_TOO_LARGE, response.status());
        assertEquals(
                "404 Not Found\n",
                text(HttpResponse.error(HttpStatus.NOT_FOUND, null).body()));
    }

    @ParameterizedTest(name = "{0} keep-alive={1}: {2}")
    @CsvSource({"HTTP/1.1, true, NONE", "HTTP/1.1, false, CLOSE", "HTTP/1.0, true, KEEP_ALIVE", "HTTP/1.0, false, CLOSE"
    })
    void theConnectionHeaderSaysWhatTheRequestAsked(
            String version, boolean keepAlive, HttpResponseWriter.ConnectionHeader expected) {
        String interned = version.equals(HttpRequest.HTTP_1_1) ? HttpRequest.HTTP_1_1 : HttpRequest.HTTP_1_0;
        HttpRequest request = new HttpRequest("GET", "/plaintext", interned, List.of(), new byte[0], keepAlive);
        assertEquals(expected, HttpResponseWriter.ConnectionHeader.forRequest(request));
    }

    /**
     * The reactor shares one writer among the connections of its loop, pointing its output at each in turn: an answer
     * whose write failed (its peer gone) must not be sent again, to the next connection, in front of that one's own.
     */
    @Test
    void anAnswerWhoseWriteFailedIsDroppedNotSentToTheNextConnection() throws Exception {
        ByteArrayOutputStream next = new ByteArrayOutputStream();
        boolean[] broken = {true};
        OutputStream pointed = new OutputStream() {
            @Override
            public void write(int b) {
                throw new AssertionError("no byte-at-a-time writes");
            }

            @Override
            public void write(byte[] b, int off, int len) throws java.io.IOException {
                if (broken[0]) {
                    throw new java.io.IOException("Broken pipe");
                }
                next.write(b, off, len);
            }
        };
        HttpResponseWriter writer = new HttpResponseWriter(pointed, "t");
        writer.write(
                HttpResponse.ok("text/plain", ascii("for the first connection")),
                false,
                HttpResponseWriter.ConnectionHeader.NONE);
        assertThrows(java.io.IOException.class, writer::flush);

        broken[0] = false; // pointed at the next connection
        writer.write(
                HttpResponse.ok("text/plain", ascii("for the second")),
                false,
                HttpResponseWriter.ConnectionHeader.NONE);
        writer.flush();

        String sent = next.toString(StandardCharsets.ISO_8859_1);
        assertEquals(1, sent.split("HTTP/1.1 200", -1).length - 1, sent);
        assertTrue(sent.endsWith("for the second"), sent);
        assertTrue(!sent.contains("for the first connection"), sent);
    }
}
