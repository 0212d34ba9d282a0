package io.httpmodels.bench;

import java.nio.charset.StandardCharsets;

/**
 * The request bytes every benchmark here sends or parses: a GET with the headers TechEmpower's wrk runs send
 * (Host, a browser-like Accept, {@code Connection: keep-alive}), about 170 bytes, so the codecs parse what a
 * real benchmark client sends rather than a bare request line.
 */
public final class TechEmpowerRequests {

    /** How many requests a pipelining client sends in one batch, as TechEmpower's plaintext test does. */
    public static final int PIPELINE_DEPTH = 16;

    private TechEmpowerRequests() {}

    /** One request for {@code path} ({@code /plaintext} or {@code /json}) as US-ASCII bytes. */
    public static byte[] get(String path) {
        String accept = path.equals("/json")
                ? "application/json,text/html;q=0.9,application/xhtml+xml;q=0.9,application/xml;q=0.8,*/*;q=0.7"
                : "text/plain,text/html;q=0.9,application/xhtml+xml;q=0.9,application/xml;q=0.8,*/*;q=0.7";
        String request = "GET " + path + " HTTP/1.1\r\n"
                + "Host: tfb-server:8080\r\n"
                + "Accept: " + accept + "\r\n"
                + "Connection: keep-alive\r\n"
                + "\r\n";
        return request.getBytes(StandardCharsets.US_ASCII);
    }

    /** {@code count} copies of {@code bytes} back to back: a pipelined batch in one buffer. */
    public static byte[] repeated(byte[] bytes, int count) {
        byte[] batch = new byte[bytes.length * count];
        for (int i = 0; i < count; i++) {
            System.arraycopy(bytes, 0, batch, i * bytes.length, bytes.length);
        }
        return batch;
    }
}
