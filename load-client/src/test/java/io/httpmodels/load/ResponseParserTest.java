package io.httpmodels.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

class ResponseParserTest {

    private static final String NGINX = "HTTP/1.1 200 OK\r\nServer: nginx\r\nDate: Mon, 01 Jan 2024 00:00:00 GMT\r\n"
            + "Content-Type: text/plain\r\nContent-Length: 13\r\nConnection: keep-alive\r\n\r\nHello, World!";
    private static final String CHUNKED = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "5\r\nHello\r\n8;ext=1\r\n, World!\r\n0\r\nX-Trailer: yes\r\n\r\n";
    private static final String NOT_FOUND = "HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n";
    private static final String UPPER_CASE_CHUNKED =
            "HTTP/1.0 500 Oops\r\nTRANSFER-ENCODING: gzip, CHUNKED\r\n\r\n" + "A\r\n0123456789\r\n0\r\n\r\n";

    private final long[] statuses = new long[ResponseParser.STATUS_CODES];
    private final ResponseParser parser = new ResponseParser(statuses);

    private static ByteBuffer direct(byte[] bytes, int from, int to) {
        ByteBuffer buf = ByteBuffer.allocateDirect(to - from);
        buf.put(bytes, from, to - from).flip();
        return buf;
    }

    private int feed(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.ISO_8859_1);
        return parser.feed(direct(bytes, 0, bytes.length));
    }

    @Test
    void parsesOneResponseAndCountsItsStatus() {
        assertEquals(1, feed(NGINX));
        assertFalse(parser.isMalformed());
        assertFalse(parser.inResponse());
        assertEquals(1, statuses[200]);
    }

    @Test
    void parsesChunkedBodyWithExtensionsAndTrailers() {
        assertEquals(1, feed(CHUNKED));
        assertEquals(1, feed(UPPER_CASE_CHUNKED));
        assertFalse(parser.isMalformed());
        assertEquals(1, statuses[200]);
        assertEquals(1, statuses[500]);
        assertEquals(1, parser.takeErrorResponses());
        assertEquals(0, parser.takeErrorResponses());
    }

    /** Every response of a mixed sequence, split into two reads at every byte offset. */
    @Test
    void survivesASplitAtEveryOffset() {
        byte[] all = (NGINX + CHUNKED + NOT_FOUND + UPPER_CASE_CHUNKED + NGINX).getBytes(StandardCharsets.ISO_8859_1);
        for (int split = 0; split <= all.length; split++) {
            long[] counts = new long[ResponseParser.STATUS_CODES];
            ResponseParser p = new ResponseParser(counts);
            int done = p.feed(direct(all, 0, split)) + p.feed(direct(all, split, all.length));
            assertFalse(p.isMalformed(), "split at " + split + ": " + p.malformedReason());
            assertEquals(5, done, "split at " + split);
            assertEquals(3, counts[200], "split at " + split);
            assertEquals(1, counts[404], "split at " + split);
            assertEquals(1, counts[500], "split at " + split);
            assertFalse(p.inResponse(), "split at " + split);
        }
    }

    @Test
    void survivesOneByteAtATime() {
        byte[] all = (NGINX + CHUNKED + NGINX).getBytes(StandardCharsets.ISO_8859_1);
        int done = 0;
        for (int i = 0; i < all.length; i++) {
            done += parser.feed(direct(all, i, i + 1));
            if (i < NGINX.length() - 1) {
                assertEquals(0, done, "at byte " + i);
            } else if (i == NGINX.length() - 1) {
                assertEquals(1, done, "at byte " + i);
            }
        }
        assertEquals(3, done);
        assertFalse(parser.isMalformed());
    }

    /** Header values are skipped eight bytes at a time: any byte that is not LF must not end them. */
    @Test
    void skipsLongHeaderValuesWithAnyBytes() {
        StringBuilder value = new StringBuilder();
        for (int b = 0x80; b < 0x100; b++) {
            value.append((char) b).append((char) (b ^ 0x0A)).append('\t').append((char) 0x0B);
        }
        String response = "HTTP/1.1 200 OK\r\nX-Bytes: " + value + "\r\nContent-Length: 2\r\n\r\nok";
        byte[] all = (response + response).getBytes(StandardCharsets.ISO_8859_1);
        for (int split = 0; split <= all.length; split += 7) {
            ResponseParser p = new ResponseParser(new long[ResponseParser.STATUS_CODES]);
            int done = p.feed(direct(all, 0, split)) + p.feed(direct(all, split, all.length));
            assertEquals(2, done, "split at " + split);
            assertFalse(p.isMalformed());
        }
    }

    @Test
    void countsSixteenPipelinedResponsesInOneBuffer() {
        assertEquals(16, feed(NGINX.repeat(16)));
        assertEquals(16, statuses[200]);
    }

    @Test
    void reportsPartialResponseAsInProgress() {
        assertEquals(0, feed(NGINX.substring(0, NGINX.length() - 3)));
        assertTrue(parser.inResponse());
        assertEquals(1, feed(NGINX.substring(NGINX.length() - 3)));
        assertFalse(parser.inResponse());
    }

    @Test
    void skipsInterimResponses() {
        assertEquals(1, feed("HTTP/1.1 100 Continue\r\n\r\n" + NGINX));
        assertEquals(0, statuses[100]);
        assertEquals(1, statuses[200]);
    }

    @Test
    void knowsResponsesWithoutBody() {
        assertEquals(2, feed("HTTP/1.1 204 No Content\r\n\r\nHTTP/1.1 304 Not Modified\r\nContent-Length: 99\r\n\r\n"));
        parser.noBody(true);
        assertEquals(1, feed("HTTP/1.1 200 OK\r\nContent-Length: 13\r\n\r\n"));
        assertFalse(parser.isMalformed());
    }

    @Test
    void bodyUntilCloseCompletesAtEndOfStream() {
        assertEquals(0, feed("HTTP/1.0 200 OK\r\n\r\nsome body"));
        assertTrue(parser.inResponse());
        assertEquals(1, parser.feedEof());
        assertEquals(1, statuses[200]);
    }

    @Test
    void connectionCloseStopsParsing() {
        assertEquals(1, feed("HTTP/1.1 200 OK\r\nConnection: keep-alive, Close\r\nContent-Length: 0\r\n\r\n" + NGINX));
        assertTrue(parser.closeRequested());
        assertFalse(parser.inResponse());
        parser.reset();
        assertFalse(parser.closeRequested());
        assertEquals(1, feed(NGINX));
    }

    @Test
    void repeatedEqualContentLengthIsAccepted() {
        assertEquals(1, feed("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length:2\r\n\r\nhi"));
        assertFalse(parser.isMalformed());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "garbage\r\n\r\n",
                "HTTP/2 200 OK\r\n\r\n",
                "HTTP/1.1 2x0 OK\r\n\r\n",
                "HTTP/1.1 20 OK\r\n\r\n",
                "HTTP/1.1 2000 OK\r\n\r\n",
                "HTTP/1.1 200 OK\r\nNo colon here\r\n\r\n",
                "HTTP/1.1 200 OK\r\nContent-Length: 1x\r\n\r\n",
                "HTTP/1.1 200 OK\r\nContent-Length: 1 2\r\n\r\n",
                "HTTP/1.1 200 OK\r\nContent-Length:\r\n\r\n",
                "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\nabc",
                "HTTP/1.1 200 OK\r\nContent-Length: 99999999999999999999999\r\n\r\n",
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n\r\n",
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n0\r\n\r\n",
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFFFF\r\n",
                "HTTP/1.1 200 OK\r\n\rX",
            })
    void detectsMalformedInput(String input) {
        feed(input);
        assertTrue(parser.isMalformed(), () -> "not detected: " + input);
        assertTrue(parser.malformedReason() != null);
        // Once malformed, later bytes are ignored rather than misparsed.
        assertEquals(0, feed(NGINX));
    }

    @Test
    void rejectsAnOversizedHead() {
        String huge = "HTTP/1.1 200 OK\r\nX-Big: " + "a".repeat(ResponseParser.MAX_HEAD_BYTES) + "\r\n\r\n";
        feed(huge);
        assertTrue(parser.isMalformed());
    }

    @Test
    void completesResponsesBeforeMalformedBytes() {
        assertEquals(2, feed(NGINX + NGINX + "junk"));
        assertTrue(parser.isMalformed());
    }
}
