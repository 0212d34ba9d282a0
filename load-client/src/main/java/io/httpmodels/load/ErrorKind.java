package io.httpmodels.load;

/** What went wrong with a request or its connection, as wrk counts errors. */
public enum ErrorKind {
    /** The TCP connection could not be established (refused, unreachable). */
    CONNECT,
    /** Reading failed, or the peer closed the connection while requests were outstanding. */
    READ,
    /** Writing a request failed. */
    WRITE,
    /** A connect or an outstanding request took longer than the configured timeout; the connection is dropped. */
    TIMEOUT,
    /** A complete response with status 400 or above; the connection is kept. */
    STATUS,
    /** Bytes that are not an HTTP/1.x response, or more responses than requests; the connection is dropped. */
    MALFORMED;

    /** Lower-case name used in reports and JSON. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
