package io.httpmodels.server.http;

import io.httpmodels.server.Workload;

import java.nio.charset.StandardCharsets;

/**
 * A response before it is written: status, content type, body, and the {@code Allow} value of a 405.
 * The writer adds {@code Server}, {@code Date}, {@code Content-Length} and {@code Connection}.
 *
 * @param allow the {@code Allow} header value, or {@code null} for none
 */
public record HttpResponse(HttpStatus status, String contentType, byte[] body, String allow) {

    /** A 200 with this body and content type. */
    public static HttpResponse ok(String contentType, byte[] body) {
        return new HttpResponse(HttpStatus.OK, contentType, body, null);
    }

    /** An error answer: {@code <code> <reason>: <detail>\n} as text/plain. */
    public static HttpResponse error(HttpStatus status, String detail) {
        String text = status.code() + " " + status.reason() + (detail == null ? "" : ": " + detail) + "\n";
        return new HttpResponse(status, Workload.TEXT_PLAIN, text.getBytes(StandardCharsets.UTF_8), null);
    }
}
