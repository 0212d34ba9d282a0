package io.httpmodels.load;

/**
 * What went wrong with a request or its connection, as wrk counts errors, one kind per way a server can fail
 * a client: refused ({@link #CONNECT}), reset ({@link #READ}, {@link #WRITE}), closed early ({@link #CLOSED}),
 * too slow ({@link #TIMEOUT}), answering an error ({@link #STATUS}), not speaking HTTP ({@link #MALFORMED}),
 * failing TLS ({@link #TLS}); and HTTP/2's own: a stream refused ({@link #REFUSED}) or reset ({@link #RESET}), a
 * connection ended with an error ({@link #GOAWAY}).
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
    MALFORMED,
    /**
     * An {@code https://} connection's TLS failed: its handshake (a certificate not trusted or not for the host, no
     * common version, a peer that does not speak TLS, an alert) or a record that did not decrypt; the connection is
     * dropped, and a failed handshake is retried with the connect back-off.
     */
    TLS,
    /**
     * HTTP/2: a request the server did not process, above the last stream id of its GOAWAY; counted, not lost: the
     * connection reopens and the request goes again (a counted run still records exactly N).
     */
    REFUSED,
    /** HTTP/2: a stream the server reset (RST_STREAM), whatever its code; the report counts them by code too. */
    RESET,
    /**
     * HTTP/2: a GOAWAY with an error code (not NO_ERROR): the server ended the connection over an error; its open
     * streams above the last id are refused too.
     */
    GOAWAY;

    /** Whether only HTTP/2 has this kind: an HTTP/1.1 report leaves it out. */
    public boolean http2Only() {
        return this == REFUSED || this == RESET || this == GOAWAY;
    }

    /** Lower-case name used in reports and JSON. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
