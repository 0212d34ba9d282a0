package io.httpmodels.server.http;

import io.httpmodels.server.Workload;

/**
 * A response before it is written: status, content type, body, and the {@code Allow} value of a 405 or an
 * {@code OPTIONS} answer.
 * The writer adds {@code Server}, {@code Date}, {@code Content-Length} and {@code Connection}.
 *
 * @param allow the {@code Allow} header value, or {@code null} for none
 */
public record HttpResponse(HttpStatus status, String contentType, byte[] body, String allow) {

    /** A 200 with this body and content type. */
    public static HttpResponse ok(String contentType, byte[] body) {
        return new HttpResponse(HttpStatus.OK, contentType, body, null);
    }

    /** An error answer: {@link Answer#errorBody} as text/plain. */
    public static HttpResponse error(HttpStatus status, String detail) {
        return error(status, detail, null);
    }

    /** An error answer with an {@code Allow} value (a 405's), or {@code null} for none. */
    public static HttpResponse error(HttpStatus status, String detail, String allow) {
        return new HttpResponse(status, Workload.TEXT_PLAIN, Answer.errorBody(status, detail), allow);
    }
}
