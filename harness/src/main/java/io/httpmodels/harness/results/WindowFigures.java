package io.httpmodels.harness.results;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

/**
 * What a cell's recorded window measured: how much it served, how long requests took, what went wrong, and how
 * many connections took part. Each group is unwrapped in results.json, its fields standing in the cell's own object.
 *
 * @param throughput       what the window served
 * @param latencies        how long requests took
 * @param responses        errors by kind and responses by status
 * @param connectionCounts connections kept open and served
 */
public record WindowFigures(
        @JsonUnwrapped Throughput throughput,
        @JsonUnwrapped Latencies latencies,
        @JsonUnwrapped Responses responses,
        @JsonUnwrapped ConnectionCounts connectionCounts) {

    public WindowFigures {
        throughput = throughput == null ? Throughput.NONE : throughput;
        latencies = latencies == null ? Latencies.NONE : latencies;
        responses = responses == null ? Responses.NONE : responses;
        connectionCounts = connectionCounts == null ? ConnectionCounts.none(0) : connectionCounts;
    }

    /** Nothing measured over {@code connections} connections. */
    public static WindowFigures none(int connections) {
        return new WindowFigures(Throughput.NONE, Latencies.NONE, Responses.NONE, ConnectionCounts.none(connections));
    }
}
