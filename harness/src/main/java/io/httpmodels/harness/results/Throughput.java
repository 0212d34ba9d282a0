package io.httpmodels.harness.results;

import java.util.List;

/**
 * What a cell's recorded window served. All null for a cell that was not measured.
 *
 * @param offeredRate       open loop: the total rate the client was asked for (requests/s); null in closed loop
 * @param durationSeconds   length of the recorded window
 * @param requests          responses recorded
 * @param requestsPerSecond requests / durationSeconds
 * @param timeline          requests/s in each second of the window
 */
public record Throughput(
        Double offeredRate, Double durationSeconds, Long requests, Double requestsPerSecond, List<Double> timeline) {

    /** Nothing measured. */
    public static final Throughput NONE = new Throughput(null, null, null, null, List.of());

    public Throughput {
        timeline = timeline == null ? List.of() : List.copyOf(timeline);
    }
}
