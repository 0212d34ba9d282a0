package io.httpmodels.harness.results;

import io.httpmodels.load.LatencySummary;

/**
 * A latency distribution reduced to the figures the reports show, all in microseconds.
 *
 * @param kind        what it measured (raw, intended, corrected, service, ...)
 * @param description what exactly was measured, in words
 * @param count       samples
 * @param mean        mean
 * @param p50         median
 * @param p90         90th percentile
 * @param p99         99th percentile
 * @param p999        99.9th percentile
 * @param max         largest sample
 */
public record Latency(
        LatencyKind kind,
        String description,
        long count,
        double mean,
        long p50,
        long p90,
        long p99,
        long p999,
        long max) {

    /** The figures of a load-client summary, labelled with their kind. */
    public static Latency of(LatencyKind kind, LatencySummary s) {
        if (s == null) {
            return null;
        }
        return new Latency(
                kind,
                s.description(),
                s.count(),
                s.meanMicros(),
                s.valueAt(50.0),
                s.valueAt(90.0),
                s.valueAt(99.0),
                s.valueAt(99.9),
                s.maxMicros());
    }
}
