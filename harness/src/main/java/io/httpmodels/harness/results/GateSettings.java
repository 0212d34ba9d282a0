package io.httpmodels.harness.results;

/**
 * How the regression gate judged every cell: its rounds, the interval it put on each change, and the changes it
 * tolerated.
 *
 * @param interval          how each change's interval was made, in words
 * @param confidenceWanted  the coverage asked for
 * @param requestsTolerance the change in requests/s tolerated, e.g. 0.05
 * @param p99Tolerance      the change in p99 latency tolerated, e.g. 0.10
 * @param cpuTolerance      the change in the server's CPU time per request tolerated, e.g. 0.05
 * @param rounds            rounds per cell (each round measures both sides, order alternating)
 */
public record GateSettings(
        String interval,
        double confidenceWanted,
        double requestsTolerance,
        double p99Tolerance,
        double cpuTolerance,
        int rounds) {}
