package io.httpmodels.server.http;

import java.nio.charset.StandardCharsets;

/** The response statuses the workload and the codec use, each with its status line pre-encoded. */
public enum HttpStatus {
    CONTINUE(100, "Continue"),
    OK(200, "OK"),
    BAD_REQUEST(400, "Bad Request"),
    NOT_FOUND(404, "Not Found"),
    METHOD_NOT_ALLOWED(405, "Method Not Allowed"),
    REQUEST_TIMEOUT(408, "Request Timeout"),
    CONTENT_TOO_LARGE(413, "Content Too Large"),
    URI_TOO_LONG(414, "URI Too Long"),
    HEADER_FIELDS_TOO_LARGE(431, "Request Header Fields Too Large"),
    INTERNAL_SERVER_ERROR(500, "Internal Server Error"),
    NOT_IMPLEMENTED(501, "Not Implemented"),
    SERVICE_UNAVAILABLE(503, "Service Unavailable"),
    HTTP_VERSION_NOT_SUPPORTED(505, "HTTP Version Not Supported");

    private final int code;
    private final String reason;
    private final byte[] statusLine;

    HttpStatus(int code, String reason) {
        this.code = code;
        this.reason = reason;
        this.statusLine = ("HTTP/1.1 " + code + " " + reason + "\r\n").getBytes(StandardCharsets.US_ASCII);
    }

    public int code() {
        return code;
    }

    public String reason() {
        return reason;
    }

    /** {@code HTTP/1.1 <code> <reason>\r\n}. Shared: never modify the array. */
    byte[] statusLine() {
        return statusLine;
    }
}
