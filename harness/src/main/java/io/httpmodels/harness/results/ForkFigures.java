package io.httpmodels.harness.results;

/**
 * One fork's figures for a scenario and target: what one fresh JVM of the target did over its windows. A
 * {@link Summary}'s estimates are made from these; {@code diff} compares two runs from them.
 *
 * @param fork                the fork, 1-based
 * @param windows             windows measured in it
 * @param requestsPerSecond   requests/s over its windows (their requests over their time)
 * @param cpuMicrosPerRequest the server's CPU time per request over its windows, or null when not measured
 * @param p50Micros           the median latency of its windows' histograms merged, or null
 * @param p99Micros           their 99th percentile, or null
 * @param rssPeakBytes        the largest RSS sampled in its windows, or null when not measured
 */
public record ForkFigures(
        int fork,
        int windows,
        double requestsPerSecond,
        Double cpuMicrosPerRequest,
        Long p50Micros,
        Long p99Micros,
        Long rssPeakBytes) {}
