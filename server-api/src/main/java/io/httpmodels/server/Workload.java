package io.httpmodels.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * What every model serves, by TechEmpower's rules, so that models differ only in how they serve it:
 * {@link Route#PLAINTEXT}, {@link Route#JSON} (serialised per request with Jackson), {@link Route#ECHO}.
 * Every response carries {@code Content-Length}, {@code Content-Type}, {@code Server} and {@code Date}
 * ({@link io.httpmodels.server.http.HttpDate}). Body bytes may be reused; whole responses are never pre-rendered.
 *
 * <p>Thread-safe: everything here is immutable or serialises per call.
 */
public final class Workload {

    /** The plaintext body, {@code Hello, World!}. */
    public static final String PLAINTEXT_BODY = "Hello, World!";
    /** The message the JSON route serialises. */
    public static final String JSON_MESSAGE = "Hello, World!";

    public static final String TEXT_PLAIN = "text/plain";
    public static final String APPLICATION_JSON = "application/json";
    /** The prefix of every model's {@code Server} header; see {@link #serverHeader(String)}. */
    public static final String SERVER_PREFIX = "httpmodels-";

    private static final byte[] PLAINTEXT_BYTES = PLAINTEXT_BODY.getBytes(StandardCharsets.US_ASCII);
    private static final ObjectMapper JSON = new ObjectMapper();

    private Workload() {}

    /** The JSON route's value: one field, serialised per request. */
    public record Message(String message) {}

    /**
     * The plaintext body. The array is shared by every response: never modify it.
     */
    public static byte[] plaintextBody() {
        return PLAINTEXT_BYTES;
    }

    /** {@code {"message":"Hello, World!"}}, serialised anew on every call as TechEmpower requires. */
    public static byte[] jsonBody() {
        try {
            return JSON.writeValueAsBytes(new Message(JSON_MESSAGE));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise a one-field record", e);
        }
    }

    /** The {@code Server} header value of model {@code modelName}: {@code httpmodels-<name>}. */
    public static String serverHeader(String modelName) {
        return SERVER_PREFIX + modelName;
    }

    /**
     * The echo route's body: the request line, each header as {@code name: value}, an empty line, then the
     * body, with CRLF line ends. Every model renders it here, so echoes compare byte for byte.
     *
     * @param headers the request's header fields in arrival order, values without surrounding whitespace
     */
    public static byte[] echoBody(
            String method,
            String target,
            String version,
            Iterable<? extends Map.Entry<String, String>> headers,
            byte[] body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(256 + body.length);
        writeAscii(out, method);
        out.write(' ');
        writeAscii(out, target);
        out.write(' ');
        writeAscii(out, version);
        writeAscii(out, "\r\n");
        for (Map.Entry<String, String> header : headers) {
            writeAscii(out, header.getKey());
            writeAscii(out, ": ");
            out.writeBytes(header.getValue().getBytes(StandardCharsets.ISO_8859_1));
            writeAscii(out, "\r\n");
        }
        writeAscii(out, "\r\n");
        out.writeBytes(body);
        return out.toByteArray();
    }

    /**
     * Sleeps {@code millis} on the calling thread: the simulated blocking work (a database call, a remote
     * service) of the articles' second experiment. Returns at once for 0.
     *
     * @throws InterruptedException if the thread is interrupted, e.g. because its server is closing
     */
    public static void simulateWork(int millis) throws InterruptedException {
        if (millis > 0) {
            Thread.sleep(millis);
        }
    }

    private static void writeAscii(ByteArrayOutputStream out, String s) {
        out.writeBytes(s.getBytes(StandardCharsets.ISO_8859_1));
    }
}
