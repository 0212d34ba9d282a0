package io.httpmodels.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * {@link HttpRequestReader#readingBody()}, as the stream under the reader sees it at each read: what the blocking
 * models' request deadlines are chosen by (a head deadline, or a body deadline).
 */
class HttpRequestReaderPhaseTest {

    /** Hands out one piece per read and notes, before each, whether the reader was reading a body. */
    private static final class PhaseRecordingInput extends InputStream {
        private final List<String> pieces;
        private final List<Boolean> readingBodyAtEachRead = new ArrayList<>();
        private HttpRequestReader reader;
        private int next;

        PhaseRecordingInput(String... pieces) {
            this.pieces = List.of(pieces);
        }

        @Override
        public int read(byte[] b, int off, int len) {
            readingBodyAtEachRead.add(reader.readingBody());
            if (next == pieces.size()) {
                return -1;
            }
            byte[] piece = pieces.get(next++).getBytes(StandardCharsets.ISO_8859_1);
            System.arraycopy(piece, 0, b, off, piece.length);
            return piece.length;
        }

        @Override
        public int read() {
            throw new UnsupportedOperationException("the reader reads in chunks");
        }
    }

    private static HttpRequestReader reader(PhaseRecordingInput input) {
        HttpRequestReader reader =
                new HttpRequestReader(input, new HttpResponseWriter(new ByteArrayOutputStream(), "test"), 1024, 4096);
        input.reader = reader;
        return reader;
    }

    @Test
    void readsForTheHeadAreNotBodyReadsAndReadsForTheBodyAre() throws Exception {
        PhaseRecordingInput input = new PhaseRecordingInput(
                "POST /echo HTTP/1.1\r\nHo",
                "st: h\r\nContent-Length: 4\r\n\r\nab",
                "cd",
                "GET /plaintext HTTP/1.1\r\nHost: h\r\n\r\n");
        HttpRequestReader reader = reader(input);
        assertFalse(reader.readingBody(), "before anything is read");
        assertEquals("abcd", new String(reader.read().body(), StandardCharsets.ISO_8859_1));
        assertFalse(reader.readingBody(), "once the body is whole");
        assertEquals("/plaintext", reader.read().target());
        assertNull(reader.read());
        assertEquals(List.of(false, false, true, false, false), input.readingBodyAtEachRead);
    }

    @Test
    void aChunkedBodyIsReadAsABody() throws Exception {
        PhaseRecordingInput input = new PhaseRecordingInput(
                "POST /echo HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n", "2\r\nab\r\n", "0\r\n\r\n");
        HttpRequestReader reader = reader(input);
        assertEquals("ab", new String(reader.read().body(), StandardCharsets.ISO_8859_1));
        assertFalse(reader.readingBody());
        assertNull(reader.read());
        assertEquals(List.of(false, true, true, false), input.readingBodyAtEachRead);
    }
}
