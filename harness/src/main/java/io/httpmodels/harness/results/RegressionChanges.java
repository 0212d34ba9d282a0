package io.httpmodels.harness.results;

/**
 * A regression cell's changes, each the median paired ratio candidate / base with its interval; null when a side
 * could not be measured in enough rounds.
 *
 * @param requestsPerSecond the change in requests/s
 * @param p99               the change in p99 latency
 * @param cpuPerRequest     the change in the server's CPU time per request; null also when the CPU time was not
 *                          known in every round
 */
public record RegressionChanges(RatioInterval requestsPerSecond, RatioInterval p99, RatioInterval cpuPerRequest) {

    /** No change could be computed. */
    public static final RegressionChanges NONE = new RegressionChanges(null, null, null);
}
