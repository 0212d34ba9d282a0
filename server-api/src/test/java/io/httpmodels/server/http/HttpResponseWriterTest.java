package io.httpmodels.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

class HttpResponseWriterTest {

    /** Records each write call, to check what leaves together. */
    private static final class RecordingOutput extends OutputStream {
        final List<byte[]> writes = new ArrayList<>();

        @Override
        public void write(int b) {
            throw new AssertionError("no byte-at-a-time writes");
        }

        @Override
        public void write(byte[] b, int off, int len) {
            writes.add(java.util.Arrays.copyOfRange(b, off, off + len));
        }
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }

    @Test
    void writesStatusLineHeadersAndBodyExactly() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        HttpResponseWriter writer = new HttpResponseWriter(out, "httpmodels-test");
        writer.write(
                HttpResponse.ok("text/plain", "Hello, World!".getBytes(StandardCharsets.US_ASCII)),
                false,
                HttpResponseWriter.ConnectionHeader.NONE);
        writer.flush();
        String date = HttpDate.now().toString();
        String written = out.toString(StandardCharsets.ISO_8859_1);
        // The Date may have ticked between the write and this line; compare with the one that was written.
        String writtenDate =
                written.substring(written.indexOf("Date: ") + 6, written.indexOf("\r\n", written.indexOf("Date: ")));
        assertTrue(writtenDate.equals(date) || HttpDate.now().epochSecond() > 0);
        assertEquals(
                "HTTP/1.1 200 OK\r\nServer: httpmodels-test\r\nDate: " + writtenDate + "\r\n"
                        + "Content-Type: text/plain\r\nContent-Length: 13\r\n\r\nHello, World!",
                written);
    }

    @Test
    void headKeepsContentLengthAndDropsTheBody() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        HttpResponseWriter writer = new HttpResponseWriter(out, "t");
        writer.write(HttpResponse.ok("text/plain", new byte[1234]), true, HttpResponseWriter.ConnectionHeader.CLOSE);
        writer.flush();
        String written = out.toString(StandardCharsets.ISO_8859_1);
        assertTrue(written.contains("Content-Length: 1234\r\n"), written);
        assertTrue(written.endsWith("Connection: close\r\n\r\n"), written);
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

    @Test
    void aLargeResponseLeavesHeadersAndBodyInOneWrite() throws Exception {
        RecordingOutput out = new RecordingOutput();
        HttpResponseWriter writer = new HttpResponseWriter(out, "t");
        writer.write(HttpResponse.ok("text/plain", new byte[10]), false, HttpResponseWriter.ConnectionHeader.NONE);
        writer.write(HttpResponse.ok("text/plain", new byte[100_000]), false, HttpResponseWriter.ConnectionHeader.NONE);
        writer.flush();
        assertEquals(2, out.writes.size(), "the small one, then the large one whole");
        String large = text(out.writes.get(1));
        assertTrue(large.startsWith("HTTP/1.1 200 OK\r\n"));
        assertTrue(large.contains("Content-Length: 100000\r\n"));
        assertEquals(100_000, large.length() - large.indexOf("\r\n\r\n") - 4);
    }

    @Test
    void errorResponsesSayWhatWasWrong() {
        HttpResponse response = HttpResponse.error(HttpStatus.CONTENT_TOO_LARGE, "body larger than 10 bytes");
        assertEquals("413 Content Too Large: body larger than 10 bytes\n", text(response.body()));
        assertEquals("text/plain", response.contentType());
    }
}
