package io.httpmodels.load;

/**
 * A snapshot of a running load, delivered once per second to a {@link LoadListener}.
 *
 * @param elapsedNanos      time since recording started (negative during warm-up)
 * @param warmingUp         whether the run is still in its unrecorded warm-up
 * @param requests          responses recorded so far
 * @param intervalRequests  responses recorded in the last interval
 * @param intervalNanos     length of the last interval
 * @param errors            errors of every kind so far, warm-up included
 */
public record Progress(
        long elapsedNanos, boolean warmingUp, long requests, long intervalRequests, long intervalNanos, long errors) {

    /** Responses per second over the last interval. */
    public double intervalRequestsPerSecond() {
        return intervalNanos <= 0 ? 0 : intervalRequests * 1e9 / intervalNanos;
    }
}
