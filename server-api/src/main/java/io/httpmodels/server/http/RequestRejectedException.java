package io.httpmodels.server.http;

/**
 * A request the server refuses to serve: malformed, too large, or using something it does not implement. The
 * connection answers with {@link #status()} and closes, since after bad framing nothing that follows on the same
 * connection can be trusted.
 */
public final class RequestRejectedException extends Exception {

    private final HttpStatus status;

    public RequestRejectedException(HttpStatus status, String detail) {
        super(detail, null, false, false);
        this.status = status;
    }

    /** The status to answer with: 400, 413, 414, 431, 501 or 505. */
    public HttpStatus status() {
        return status;
    }

    /** What was wrong, in a few words, for the response body. */
    public String detail() {
        return getMessage();
    }
}
