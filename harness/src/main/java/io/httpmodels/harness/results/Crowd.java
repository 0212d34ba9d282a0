package io.httpmodels.harness.results;

/**
 * The connections a scenario's client holds beside the measured ones, and the server's header deadline that bounds
 * the slow ones. None of them is measured; they show what a crowd costs the measured load.
 *
 * @param idleConnections     idle keep-alive connections (each sends one request, then stays silent); 0 for none
 * @param slowConnections     slowloris connections (each trickles an endless request head); 0 for none
 * @param slowIntervalMillis  time between two bytes of a slow connection (0 when made: {@link #DEFAULT_SLOW_INTERVAL_MILLIS})
 * @param headerTimeoutMillis the server's deadline for a whole request head, passed as {@code serve --header-timeout}
 *                            only when positive (0: the server's own default, flag not passed)
 */
public record Crowd(int idleConnections, int slowConnections, int slowIntervalMillis, int headerTimeoutMillis) {

    /** Time between two bytes of a slow connection unless a scenario says otherwise. */
    public static final int DEFAULT_SLOW_INTERVAL_MILLIS = 1_000;

    /** No connection beside the measured ones, the server's own header deadline. */
    public static final Crowd NONE = new Crowd(0, 0, 0, 0);

    public Crowd {
        slowIntervalMillis = slowIntervalMillis == 0 ? DEFAULT_SLOW_INTERVAL_MILLIS : slowIntervalMillis;
        if (idleConnections < 0 || slowConnections < 0 || slowIntervalMillis < 0 || headerTimeoutMillis < 0) {
            throw new IllegalArgumentException(
                    "idle and slow connections, slow interval and header timeout cannot be negative, were "
                            + idleConnections + ", " + slowConnections + ", " + slowIntervalMillis + ", "
                            + headerTimeoutMillis);
        }
    }

    /** Whether any connection is held beside the measured ones. */
    public boolean any() {
        return idleConnections > 0 || slowConnections > 0;
    }

    /** The same crowd with the server told this header deadline (0: the server's default, not passed). */
    public Crowd withHeaderTimeout(int millis) {
        return new Crowd(idleConnections, slowConnections, slowIntervalMillis, millis);
    }
}
