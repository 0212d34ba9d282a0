package io.httpmodels.harness.results;

import java.util.List;

/**
 * A cell's latencies: the primary figure, the others that apply beside it, and its percentile spectrum. All null
 * (the spectrum empty) for a cell that was not measured.
 *
 * @param latency      the primary latency: {@link LatencyKind#RAW} in closed loop, {@link LatencyKind#INTENDED}
 *                     in open loop
 * @param corrected    closed loop: wrk-style corrected figures beside it; null otherwise
 * @param service      open loop: from the actual write (hides stalls); null otherwise
 * @param distribution the primary latency's percentile spectrum, for the percentile plot
 */
public record Latencies(Latency latency, Latency corrected, Latency service, List<PercentilePoint> distribution) {

    /** Nothing measured. */
    public static final Latencies NONE = new Latencies(null, null, null, List.of());

    public Latencies {
        distribution = distribution == null ? List.of() : List.copyOf(distribution);
    }
}
