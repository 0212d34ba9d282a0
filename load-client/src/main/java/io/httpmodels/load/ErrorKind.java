package io.httpmodels.load;

/**
 * What went wrong with a request or its connection, as wrk counts errors, one kind per way a server can fail
 * a client: refused ({@link #CONNECT}), reset ({@link #READ}, {@link #WRITE}), closed early ({@link #CLOSED}),
 * too slow ({@link #TIMEOUT}), answering an error ({@link #STATUS}) or not speaking HTTP ({@link #MALFORMED}).
 */
public enum ErrorKind {
    /** The TCP connection could not be established (refused, unreachable). */
    CONNECT,
    /** Reading failed: the peer reset the connection (a server that died or closed with unread requests). */
    READ,
    /** The peer closed the connection (end of stream) while requests were outstanding or a response was cut. */
    CLOSED,
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
