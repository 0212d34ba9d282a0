package io.httpmodels.harness.results;

import java.util.List;

/**
 * The highest rate a target sustains while a latency percentile stays within a bound: the figure an operator
 * asks for. Found by stepping an open-loop rate (latency from the intended send time, so queueing counts).
 *
 * @param scenarioId         the closed-loop shape the rates were applied to
 * @param target             the target
 * @param percentile         the bounded percentile, e.g. 99.0
 * @param boundMicros        the bound, e.g. 10000
 * @param peakRequestsPerSecond the closed-loop peak the steps started from
 * @param capacity           the highest offered rate that met the bound (and was delivered within 5 %), or null
 *                           when even the lowest step missed it
 * @param steps              every rate tried, in order
 */
public record Capacity(
        String scenarioId,
        String target,
        double percentile,
        long boundMicros,
        Double peakRequestsPerSecond,
        Double capacity,
        List<Step> steps) {

    public Capacity {
        steps = List.copyOf(steps);
    }

    /**
     * One rate tried.
     *
     * @param offeredRate       requests/s asked for
     * @param requestsPerSecond requests/s delivered
     * @param latencyMicros     the bounded percentile's latency, from the intended send time
     * @param errors            errors of every kind
     * @param met               whether this step met the bound
     */
    public record Step(double offeredRate, double requestsPerSecond, long latencyMicros, long errors, boolean met) {}
}
