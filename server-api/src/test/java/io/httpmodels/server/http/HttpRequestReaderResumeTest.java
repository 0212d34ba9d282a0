package io.httpmodels.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The reader over a source that has no more bytes yet (as a non-blocking socket): its stream throws, and the next
 * {@link HttpRequestReader#read()} goes on where the last one stopped, in a head, a Content-Length body or any part
 * of a chunked one. Whatever the points the input is cut at, the requests are those of the whole input.
 */
class HttpRequestReaderResumeTest {

    private static final String PIPELINE = "GET /plaintext HTTP/1.1\r\nHost: a\r\n\r\n"
            + "POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 11\r\n\r\nhello world"
            + "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "5;x=y\r\nhello\r\n6\r\n world\r\n0\r\nTrailer: t\r\n\r\n"
            + "\r\nHEAD /json HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n";

    /** Thrown by the source when it has handed out every byte it has so far. */
    private static final class NoMoreYet extends IOException {}

    /** A source fed in pieces: reads take what was fed, then throw until more is fed; -1 once ended. */
    private static final class Feed extends InputStream {
        private final byte[] bytes;
        private int available;
        private int position;
        private boolean ended;

        Feed(byte[] bytes) {
            this.bytes = bytes;
        }

        void feedUpTo(int end) {
            available = end;
            ended = end == bytes.length;
        }

        @Override
        public int read() {
            throw new UnsupportedOperationException("the reader reads in chunks");
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (position == available) {
                if (ended) {
                    return -1;
                }
                throw new NoMoreYet();
            }
            int n = Math.min(len, available - position);
            System.arraycopy(bytes, position, b, off, n);
            position += n;
            return n;
        }
    }

    private static HttpRequestReader reader(InputStream in, ByteArrayOutputStream out) {
        return new HttpRequestReader(in, new HttpResponseWriter(out, "test"), 1024, 4096);
    }

    /** Every request of {@code input}, read with the source cut at each of {@code cuts}. */
    private static List<String> readAll(byte[] input, int... cuts) throws IOException, RequestRejectedException {
        Feed feed = new Feed(input);
        HttpRequestReader reader = reader(feed, new ByteArrayOutputStream());
        List<String> requests = new ArrayList<>();
        int next = 0;
        while (true) {
            feed.feedUpTo(next < cuts.length ? cuts[next++] : input.length);
            try {
                HttpRequest request;
                while ((request = reader.read()) != null) {
                    requests.add(describe(request));
                }
                return requests;
            } catch (NoMoreYet interrupted) {
                // fed more on the next turn
            }
        }
    }

    private static String describe(HttpRequest request) {
        return request.method() + " " + request.target() + " " + request.headers() + " "
                + new String(request.body(), StandardCharsets.ISO_8859_1) + " " + request.keepAlive();
    }

    @Test
    void aPipelineCutAtAnyOneByteReadsAsTheWhole() throws Exception {
        byte[] input = PIPELINE.getBytes(StandardCharsets.US_ASCII);
        List<String> whole = readAll(input);
        assertEquals(4, whole.size(), whole.toString());
        for (int cut = 1; cut < input.length; cut++) {
            assertEquals(whole, readAll(input, cut), "cut at " + cut);
        }
    }

    @Test
    void aPipelineFedOneByteAtATimeReadsAsTheWhole() throws Exception {
        byte[] input = PIPELINE.getBytes(StandardCharsets.US_ASCII);
        int[] everyByte = new int[input.length - 1];
        for (int i = 0; i < everyByte.length; i++) {
            everyByte[i] = i + 1;
        }
        assertEquals(readAll(input), readAll(input, everyByte));
    }

    @Test
    void aReaderIsBetweenRequestsOnlyWhenItHoldsNothingOfOne() throws Exception {
        byte[] input =
                "GET /plaintext HTTP/1.1\r\nHost: a\r\n\r\nPOST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 4\r\n\r\nab"
                        .getBytes(StandardCharsets.US_ASCII);
        Feed feed = new Feed(input);
        HttpRequestReader reader = reader(feed, new ByteArrayOutputStream());
        assertTrue(reader.isBetweenRequests(), "new");
        int firstEnd = "GET /plaintext HTTP/1.1\r\nHost: a\r\n\r\n".length();
        feed.feedUpTo(firstEnd);
        assertEquals("/plaintext", reader.read().target());
        assertThrows(NoMoreYet.class, reader::read);
        assertTrue(reader.isBetweenRequests(), "the source ran out on a request boundary");
        feed.feedUpTo(firstEnd + 10);
        assertThrows(NoMoreYet.class, reader::read);
        assertFalse(reader.isBetweenRequests(), "half a head is held");
        feed.feedUpTo(input.length - 1);
        assertThrows(NoMoreYet.class, reader::read);
        assertFalse(reader.isBetweenRequests(), "half a body is held");
        assertTrue(reader.readingBody());
    }

    @ParameterizedTest(name = "cut at {0}")
    @ValueSource(ints = {20, 60, 74, 75})
    void continueIsSentOnceHoweverTheBodyIsCut(int cut) throws Exception {
        String request = "POST /echo HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\nabcd";
        byte[] input = request.getBytes(StandardCharsets.US_ASCII);
        Feed feed = new Feed(input);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        HttpRequestReader reader = reader(feed, out);
        feed.feedUpTo(cut);
        assertThrows(NoMoreYet.class, reader::read);
        feed.feedUpTo(input.length);
        assertEquals("abcd", new String(reader.read().body(), StandardCharsets.US_ASCII));
        assertNull(reader.read());
        assertEquals("HTTP/1.1 100 Continue\r\n\r\n", out.toString(StandardCharsets.US_ASCII));
    }
}
