package io.httpmodels.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;

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
        return feed(parser, text);
    }

    private static int feed(ResponseParser p, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.ISO_8859_1);
        return p.feed(direct(bytes, 0, bytes.length));
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

    /** Each malformed input, split as "input|reason". */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "garbage\r\n\r\n|status line does not start with HTTP/1.",
                "HTTP/2 200 OK\r\n\r\n|status line does not start with HTTP/1.",
                "HTTP/1.x 200 OK\r\n\r\n|bad HTTP minor version",
                "HTTP/1.1x200 OK\r\n\r\n|no space after HTTP version",
                "HTTP/1.1 2x0 OK\r\n\r\n|status code is not three digits",
                "HTTP/1.1 20 OK\r\n\r\n|status code is not three digits",
                "HTTP/1.1 2000 OK\r\n\r\n|status code is not three digits",
                "HTTP/1.1 099 OK\r\n\r\n|status code below 100",
                "HTTP/1.1 200 OK\r\nNoColon\r\n\r\n|header line without a colon",
                "HTTP/1.1 200 OK\r\nNo colon here\r\n\r\n|bad character in header name",
                "HTTP/1.1 200 OK\r\nNo-colon\n\r\n|header line without a colon",
                "HTTP/1.1 200 OK\r\nBad@Name: x\r\n\r\n|bad character in header name",
                "HTTP/1.1 200 OK\r\n@Bad: x\r\n\r\n|bad character in header name",
                "HTTP/1.1 200 OK\r\nContent@Length: 1\r\n\r\nx|bad character in header name",
                "HTTP/1.1 200 OK\r\nContent-Length\r\n\r\n|header line without a colon",
                "HTTP/1.1 200 OK\r\nConnection\n\r\n|header line without a colon",
                "HTTP/1.1 200 OK\r\nContent-Length: 1x\r\n\r\n|bad Content-Length",
                "HTTP/1.1 200 OK\r\nContent-Length: 1 2\r\n\r\n|bad Content-Length",
                "HTTP/1.1 200 OK\r\nContent-Length:\r\n\r\n|empty Content-Length",
                "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\nabc|conflicting Content-Length headers",
                "HTTP/1.1 200 OK\r\nContent-Length: 0\r\nContent-Length: 3\r\n\r\nabc|conflicting Content-Length headers",
                "HTTP/1.1 200 OK\r\nContent-Length: 99999999999999999999999\r\n\r\n|Content-Length too large",
                "HTTP/1.1 200 OK\r\nContent-Digest: sha-256=:x:\r\nContent-Length: 2\r\n\r\nokJUNK|status line does not start with HTTP/1.",
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n|bad chunk size",
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n\r\n|bad chunk size",
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5x\r\nhello\r\n0\r\n\r\n|bad chunk size",
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\rx|CR not followed by LF after chunk size",
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n0\r\n\r\n|chunk data longer than its size",
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nab\rx|CR not followed by LF after chunk data",
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\rx|CR not followed by LF after trailers",
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFFFF\r\n|chunk size too large",
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n8000000000000000\r\n|chunk size too large",
                "HTTP/1.1 200 OK\r\n\rX|CR not followed by LF after headers",
            })
    void detectsMalformedInputAndSaysWhy(String inputAndReason) {
        String input = inputAndReason.substring(0, inputAndReason.lastIndexOf('|'));
        String reason = inputAndReason.substring(inputAndReason.lastIndexOf('|') + 1);
        // Whole (the fast paths) and one byte at a time (the state machine) find the same fault.
        feed(input);
        assertTrue(parser.isMalformed(), () -> "not detected: " + input);
        assertEquals(reason, parser.malformedReason(), input);
        // Once malformed, later bytes are ignored rather than misparsed.
        assertEquals(0, feed(NGINX));
        ResponseParser bytewise = new ResponseParser(new long[ResponseParser.STATUS_CODES]);
        byte[] bytes = input.getBytes(StandardCharsets.ISO_8859_1);
        for (int i = 0; i < bytes.length; i++) {
            bytewise.feed(direct(bytes, i, i + 1));
        }
        assertEquals(reason, bytewise.malformedReason(), "byte by byte: " + input);
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

    /** Feeds {@code text} one byte per call: every byte goes through the state machine, no fast path. */
    private int feedBytewise(ResponseParser p, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.ISO_8859_1);
        int done = 0;
        for (int i = 0; i < bytes.length; i++) {
            done += p.feed(direct(bytes, i, i + 1));
        }
        return done;
    }

    /** Every status is counted under its own code, by the fast path and by the state machine alike. */
    @ParameterizedTest
    @ValueSource(ints = {101, 200, 204, 301, 304, 399, 400, 418, 429, 499, 500, 503, 599})
    void countsEachStatusUnderItsCodeAndFourHundredAndUpAsErrors(int code) {
        String response = "HTTP/1.1 " + code + " Reason\r\nContent-Length: 0\r\n\r\n";
        for (boolean bytewise : new boolean[] {false, true}) {
            long[] counts = new long[ResponseParser.STATUS_CODES];
            ResponseParser p = new ResponseParser(counts);
            assertEquals(2, bytewise ? feedBytewise(p, response + response) : feed(p, response + response));
            assertEquals(2, counts[code], code + (bytewise ? " byte by byte" : ""));
            assertEquals(2, java.util.Arrays.stream(counts).sum());
            assertEquals(code >= 400 ? 2 : 0, p.takeErrorResponses(), String.valueOf(code));
            assertEquals(0, p.takeErrorResponses(), "taken, then reset");
        }
    }

    @Test
    void statusesBeyondTheTableAreCountedAtZero() {
        assertEquals(2, feed("HTTP/1.1 600 X\r\nContent-Length: 0\r\n\r\nHTTP/1.1 999 X\r\nContent-Length: 0\r\n\r\n"));
        assertEquals(2, statuses[0]);
        assertEquals(2, parser.takeErrorResponses());
        assertThrows(
                IllegalArgumentException.class, () -> new ResponseParser(new long[ResponseParser.STATUS_CODES - 1]));
    }

    /** One byte off at each position of "HTTP/1.1 200": the fast path must not accept what the slow one refuses. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "XTTP/1.1 200", "HXTP/1.1 200", "HTXP/1.1 200", "HTTX/1.1 200", "HTTPX1.1 200", "HTTP/2.1 200",
                "HTTP/1X1 200", "HTTP/1.X 200", "HTTP/1.1X200", "HTTP/1.1 099", "HTTP/1.1 :00", "HTTP/1.1 /00",
                "HTTP/1.1 2/0", "HTTP/1.1 2:0", "HTTP/1.1 20/", "HTTP/1.1 20:"
            })
    void nearMissStatusLinesAreMalformed(String statusLine) {
        assertEquals(0, feed(statusLine + " OK\r\nContent-Length: 0\r\n\r\n"));
        assertTrue(parser.isMalformed(), statusLine);
        assertEquals(0, java.util.Arrays.stream(statuses).sum());
    }

    /** Names that share a prefix, a length or all but one letter with the framing headers are not them. */
    @Test
    void onlyTheExactFramingHeaderNamesFrame() {
        String ok = "Content-Length: 2\r\n\r\nok";
        for (String header : List.of(
                "Content-Digest: sha-256=:x:",
                "Content-Lengthy: 5",
                "Content-Lengt: 5",
                "Tontent-Length: 5",
                "Cransfer-Encoding: chunked",
                "Transfer-Encodinx: chunked",
                "Transfer-Encodingx: chunked",
                "Transfer-Encodin: chunked",
                "Content-Xy: close",
                "Connectionx: close",
                "Connectio: close",
                "Trailer: close",
                "C: 5",
                "T: chunked",
                "X-Content-Length: 5")) {
            long[] counts = new long[ResponseParser.STATUS_CODES];
            ResponseParser p = new ResponseParser(counts);
            String response = "HTTP/1.1 200 OK\r\n" + header + "\r\n" + ok;
            assertEquals(2, feed(p, response + response), header + ": " + p.malformedReason());
            assertFalse(p.closeRequested(), header);
            assertFalse(p.inResponse(), header);
        }
    }

    @Test
    void framingHeaderNamesAreCaseInsensitive() {
        assertEquals(1, feed("HTTP/1.1 200 OK\r\ncOnTeNt-LeNgTh: 2\r\nCONNECTION: CLOSE\r\n\r\nok" + NGINX));
        assertTrue(parser.closeRequested());
    }

    @Test
    void connectionCloseIsFoundAmongOtherTokens() {
        for (String value : List.of("close", "Close", "keep-alive, close", "close, keep-alive", " close ", "x,close")) {
            ResponseParser p = new ResponseParser(new long[ResponseParser.STATUS_CODES]);
            assertEquals(1, feed(p, "HTTP/1.1 200 OK\r\nConnection: " + value + "\r\nContent-Length: 0\r\n\r\n"));
            assertTrue(p.closeRequested(), value);
        }
        for (String value : List.of("closed", "clos", "keep-alive", "c lose", "close-x", "xclose", "")) {
            ResponseParser p = new ResponseParser(new long[ResponseParser.STATUS_CODES]);
            assertEquals(
                    2,
                    feed(p, ("HTTP/1.1 200 OK\r\nConnection: " + value + "\r\nContent-Length: 0\r\n\r\n").repeat(2)));
            assertFalse(p.closeRequested(), value);
        }
    }

    @Test
    void chunkedMustBeTheLastTransferCoding() {
        // Not chunked last: the body runs to the end of the connection.
        assertEquals(0, feed("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked, gzip\r\n\r\n5\r\nhello\r\n0\r\n\r\n"));
        assertEquals(1, parser.feedEof());
        ResponseParser p = new ResponseParser(statuses);
        assertEquals(1, feed(p, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunk, chunked\r\n\r\n2\r\nhi\r\n0\r\n\r\n"));
        assertFalse(p.closeRequested(), "a five-letter coding is not Connection: close");
        assertEquals(1, feed(p, "HTTP/1.1 200 OK\r\nTransfer-Encoding:  gzip ,\tChunked \r\n\r\n0\r\n\r\n"));
        assertFalse(p.isMalformed());
    }

    @Test
    void chunkSizesAreHexadecimalInEitherCase() {
        String head = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n";
        String body = "a\r\n0123456789\r\nA\r\n0123456789\r\nf\r\n" + "x".repeat(15) + "\r\nF\r\n"
                + "x".repeat(15) + "\r\n10\r\n" + "y".repeat(16) + "\r\n9\r\n" + "z".repeat(9)
                + "\r\n00001\r\n!\r\n0\r\n\r\n";
        assertEquals(2, feed(head + body + head + body));
        assertFalse(parser.isMalformed(), parser.malformedReason());
        for (String bad : List.of("g", "G", "@", "`", "/", ":")) {
            ResponseParser p = new ResponseParser(new long[ResponseParser.STATUS_CODES]);
            feed(p, head + bad + "\r\n");
            assertEquals("bad chunk size", p.malformedReason(), bad);
        }
        // The largest chunk size a long holds is accepted (its data would follow).
        ResponseParser p = new ResponseParser(new long[ResponseParser.STATUS_CODES]);
        assertEquals(0, feed(p, head + "7FFFFFFFFFFFFFFF\r\nsome data"));
        assertFalse(p.isMalformed(), p.malformedReason());
        assertTrue(p.inResponse());
    }

    @Test
    void chunkLinesMayEndInABareLineFeedAndCarryExtensions() {
        String head = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n";
        String response = head + "5\nhello\n3 ;x=1\r\nabc\r\n2\t\r\nde\r\n0\nTrailer: 1\n\n";
        assertEquals(2, feed(response + response));
        assertEquals(2, feedBytewise(new ResponseParser(new long[ResponseParser.STATUS_CODES]), response + response));
        assertFalse(parser.isMalformed(), parser.malformedReason());
    }

    @Test
    void aHeadMayEndWithBareLineFeedsAndFoldedLinesAreSkipped() {
        String response = "HTTP/1.1 200 OK\nX-A: 1\n  folded\n\tmore\nContent-Length: 2\n\nok";
        assertEquals(2, feed(response + response));
        assertEquals(2, feedBytewise(new ResponseParser(new long[ResponseParser.STATUS_CODES]), response + response));
        assertEquals(
                2, feed(new ResponseParser(new long[ResponseParser.STATUS_CODES]), "HTTP/1.1 204 X\n\n".repeat(2)));
    }

    /** An interim response leaves nothing behind: not its status, not its headers. */
    @Test
    void interimResponsesLeaveNoTrace() {
        String interim = "HTTP/1.1 103 Early Hints\r\nLink: </a>\r\nContent-Length: 5\r\nConnection: close\r\n\r\n"
                + "HTTP/1.1 100 Continue\r\n\r\n";
        String response = interim + "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok";
        for (boolean bytewise : new boolean[] {false, true}) {
            long[] counts = new long[ResponseParser.STATUS_CODES];
            ResponseParser p = new ResponseParser(counts);
            assertEquals(2, bytewise ? feedBytewise(p, response + response) : feed(p, response + response));
            assertFalse(p.isMalformed(), p.malformedReason());
            assertFalse(p.closeRequested());
            assertEquals(2, counts[200]);
            assertEquals(0, counts[100] + counts[103]);
        }
    }

    /** The head limit counts every byte from the status line to the empty line, whichever path reads them. */
    @ParameterizedTest
    @ValueSource(strings = {"reason", "name", "value", "connection", "framing-name"})
    void theHeadLimitIsExact(String where) {
        for (int extra = 0; extra <= 1; extra++) {
            String response = headOfLength(where, ResponseParser.MAX_HEAD_BYTES + extra) + "ok";
            for (int mode = 0; mode < 3; mode++) {
                ResponseParser p = new ResponseParser(new long[ResponseParser.STATUS_CODES]);
                int done;
                if (mode == 0) {
                    done = feed(p, response);
                } else if (mode == 1) {
                    done = feedBytewise(p, response);
                } else {
                    byte[] bytes = response.getBytes(StandardCharsets.ISO_8859_1);
                    int split = bytes.length / 2 + 3;
                    done = p.feed(direct(bytes, 0, split)) + p.feed(direct(bytes, split, bytes.length));
                }
                String label = where + " +" + extra + " mode " + mode;
                if (extra == 0) {
                    assertEquals(1, done, label + ": " + p.malformedReason());
                } else {
                    assertEquals(0, done, label);
                    assertTrue(p.isMalformed(), label);
                    assertEquals("response head larger than 65536 bytes", p.malformedReason(), label);
                }
            }
        }
    }

    /** A head of exactly {@code length} bytes whose bulk sits in the reason, a header name or a value. */
    private static String headOfLength(String where, int length) {
        String tail = "Content-Length: 2\r\n\r\n";
        String start = "HTTP/1.1 200 ";
        int pad = length - start.length() - tail.length();
        return switch (where) {
            case "reason" -> start + "R".repeat(pad - 2) + "\r\n" + tail;
            case "name" -> start + "OK\r\n" + "X".repeat(pad - 4 - 5) + ": v\r\n" + tail;
            case "value" -> start + "OK\r\n" + "X: " + "v".repeat(pad - 4 - 5) + "\r\n" + tail;
            case "connection" -> start + "OK\r\n" + "Connection: " + "k".repeat(pad - 4 - 14) + "\r\n" + tail;
            default -> start + "OK\r\n" + "C" + "o".repeat(pad - 4 - 6) + ": v\r\n" + tail;
        };
    }

    @Test
    void littleEndianBuffersFindTheSameLineEnds() {
        byte[] all = (NGINX + CHUNKED + NOT_FOUND).getBytes(StandardCharsets.ISO_8859_1);
        for (int split = 0; split <= all.length; split += 5) {
            ResponseParser p = new ResponseParser(new long[ResponseParser.STATUS_CODES]);
            ByteBuffer first = direct(all, 0, split).order(ByteOrder.LITTLE_ENDIAN);
            ByteBuffer second = direct(all, split, all.length).order(ByteOrder.LITTLE_ENDIAN);
            assertEquals(3, p.feed(first) + p.feed(second), "split at " + split);
        }
    }

    @Test
    void feedConsumesTheWholeBufferAndTheEndOfStreamCompletesOnlyABodyUntilClose() {
        ByteBuffer buf = direct((NGINX + "HTTP/1.1 200").getBytes(StandardCharsets.ISO_8859_1), 0, NGINX.length() + 12);
        assertEquals(1, parser.feed(buf));
        assertEquals(buf.limit(), buf.position());
        assertTrue(parser.inResponse());
        assertEquals(0, parser.feedEof(), "a response cut short is not completed by the close");
        parser.reset();
        assertFalse(parser.inResponse());
        assertEquals(0, parser.feedEof());
        assertEquals(0, feed("HTTP/1.0 200 OK\r\n\r\nbody"));
        assertEquals(1, parser.feedEof());
        assertFalse(parser.inResponse(), "done: the connection is over");
        assertEquals(0, feed(NGINX), "nothing is read after the close");
    }

    @Test
    void noBodyMeansNoneWhateverTheHeadersSay() {
        parser.noBody(true);
        assertEquals(
                2,
                feed("HTTP/1.1 200 OK\r\nContent-Length: 13\r\n\r\n"
                        + "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"));
        assertFalse(parser.inResponse());
        parser.noBody(false);
        assertEquals(0, feed("HTTP/1.1 200 OK\r\nContent-Length: 13\r\n\r\n"));
        assertTrue(parser.inResponse());
    }

    @Test
    void resetMidResponseForgetsItsHeaders() {
        assertEquals(0, feed("HTTP/1.1 404 Not Found\r\nContent-Length: 5\r\nConnection: close\r\nX-A"));
        parser.reset();
        assertEquals(2, feed(NGINX + NGINX));
        assertFalse(parser.isMalformed(), parser.malformedReason());
        assertEquals(0, statuses[404]);
        assertFalse(parser.closeRequested());
    }

    @Test
    void theLargestContentLengthALongHoldsIsRead() {
        assertEquals(0, feed("HTTP/1.1 200 OK\r\nContent-Length: 9223372036854775799\r\n\r\nsome"));
        assertFalse(parser.isMalformed(), parser.malformedReason());
        assertTrue(parser.inResponse());
        ResponseParser p = new ResponseParser(statuses);
        feed(p, "HTTP/1.1 200 OK\r\nContent-Length: 9223372036854775800\r\n\r\n");
        assertEquals("Content-Length too large", p.malformedReason());
    }

    @Test
    void resetForgetsTheMalformedStateAndItsReason() {
        feed("garbage");
        assertTrue(parser.isMalformed());
        parser.reset();
        assertFalse(parser.isMalformed());
        assertEquals(null, parser.malformedReason());
        feed("HTTP/1.1 500 X\r\nContent-Length: 0\r\n\r\n");
        parser.reset();
        assertEquals(0, parser.takeErrorResponses(), "a new connection starts with no errors");
        assertEquals(1, feed(NGINX));
    }
}
