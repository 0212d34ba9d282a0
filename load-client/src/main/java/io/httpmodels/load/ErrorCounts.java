package io.httpmodels.load;

import java.util.EnumMap;
import java.util.Map;

/**
 * Error counts by kind. A value: immutable, and the sum of several workers' counts is {@link #plus}.
 *
 * @param connect   connections that could not be established
 * @param read      read failures (connections reset by the peer)
 * @param closed    connections the peer closed with requests outstanding or a response cut short
 * @param write     write failures
 * @param timeout   connects or requests that exceeded the timeout
 * @param status    responses with status 400 or above
 * @param malformed responses that were not HTTP/1.x
 * @param tls       TLS handshakes that failed, or records that did not decrypt
 * @param refused   HTTP/2 streams refused by a GOAWAY (above its last stream id)
 * @param reset     HTTP/2 streams reset by the server (RST_STREAM)
 * @param goAway    HTTP/2 connections ended by a GOAWAY with an error code
 */
public record ErrorCounts(
        long connect,
        long read,
        long closed,
        long write,
        long timeout,
        long status,
        long malformed,
        long tls,
        long refused,
        long reset,
        long goAway) {

    /** No errors. */
    public static final ErrorCounts NONE = new ErrorCounts(0, 0, 0, 0, 0, 0, 0, 0);

    /** HTTP/1.1's kinds only, HTTP/2's at zero. */
    public ErrorCounts(
            long connect, long read, long closed, long write, long timeout, long status, long malformed, long tls) {
        this(connect, read, closed, write, timeout, status, malformed, tls, 0, 0, 0);
    }

    /** Builds counts from an array indexed by {@link ErrorKind#ordinal()}. */
    public static ErrorCounts of(long[] byKind) {
        return new ErrorCounts(
                byKind[ErrorKind.CONNECT.ordinal()],
                byKind[ErrorKind.READ.ordinal()],
                byKind[ErrorKind.CLOSED.ordinal()],
                byKind[ErrorKind.WRITE.ordinal()],
                byKind[ErrorKind.TIMEOUT.ordinal()],
                byKind[ErrorKind.STATUS.ordinal()],
                byKind[ErrorKind.MALFORMED.ordinal()],
                byKind[ErrorKind.TLS.ordinal()],
                byKind[ErrorKind.REFUSED.ordinal()],
                byKind[ErrorKind.RESET.ordinal()],
                byKind[ErrorKind.GOAWAY.ordinal()]);
    }

    /** The count for one kind. */
    public long get(ErrorKind kind) {
        return switch (kind) {
            case CONNECT -> connect;
            case READ -> read;
            case CLOSED -> closed;
            case WRITE -> write;
            case TIMEOUT -> timeout;
            case STATUS -> status;
            case MALFORMED -> malformed;
            case TLS -> tls;
            case REFUSED -> refused;
            case RESET -> reset;
            case GOAWAY -> goAway;
        };
    }

    /** Sum of all kinds. */
    public long total() {
        return connect + read + closed + write + timeout + status + malformed + tls + refused + reset + goAway;
    }

    /** Element-wise sum. */
    public ErrorCounts plus(ErrorCounts other) {
        return new ErrorCounts(
                connect + other.connect,
                read + other.read,
                closed + other.closed,
                write + other.write,
                timeout + other.timeout,
                status + other.status,
                malformed + other.malformed,
                tls + other.tls,
                refused + other.refused,
                reset + other.reset,
                goAway + other.goAway);
    }

    /**
     * Counts keyed by kind, in declaration order; HTTP/2's kinds ({@link ErrorKind#http2Only()}) only where not zero,
     * so an HTTP/1.1 run's errors read as they did before HTTP/2 (results.json's cells among them).
     */
    public Map<ErrorKind, Long> asMap() {
        return asMap(false);
    }

    /** Counts keyed by kind, in declaration order; HTTP/2's kinds always when {@code http2}, else where not zero. */
    public Map<ErrorKind, Long> asMap(boolean http2) {
        Map<ErrorKind, Long> map = new EnumMap<>(ErrorKind.class);
        for (ErrorKind kind : ErrorKind.values()) {
            long count = get(kind);
            if (http2 || !kind.http2Only() || count > 0) {
                map.put(kind, count);
            }
        }
        return map;
    }
}
