package io.httpmodels.harness.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;

import java.util.Objects;

/**
 * One measurement: a target under a scenario, one repetition (one window, in {@code regress}). A cell that could
 * not be measured (the server did not start, died, or the client never connected) has status
 * {@link CellStatus#FAILED}, a reason, and empty figures; it is shown, never dropped.
 *
 * <p>The groups of figures are unwrapped in results.json: their fields stand in the cell's own object
 * ({@code "requestsPerSecond"}, {@code "latency"}, {@code "errors"}, ...), as they always have.
 *
 * @param scenarioId  the {@link Scenario#id()}
 * @param target      the {@link TargetInfo#name()}
 * @param repetition  1-based
 * @param status      whether it produced figures
 * @param failure     why it failed, in words; null when ok
 * @param throughput  what the window served
 * @param latencies   how long requests took
 * @param responses   errors by kind and responses by status
 * @param connectionCounts connections kept open and served
 * @param server      the server's CPU, memory and threads over the window; null when not measured
 * @param client      the client's own CPU over the window; null when not measured
 * @param warmup      how long the server was warmed before its first window, and whether it settled
 * @param hlog        the HdrHistogram interval log of this cell, relative to the results folder, or null
 * @param background  what the idle and slow connections held beside the measured ones saw; null when the
 *                    scenario has none
 * @param why         why the server is as fast as it is: CPU split, switches, system calls, run-queue wait,
 *                    allocation and GC per request; null when not measured ({@code --why off}, a merged run)
 * @param flameGraph  the window's flame graph when one was asked for ({@code --flamegraphs}), else null: a
 *                    profiled cell's other figures are perturbed by the profiling
 * @param tls         a TLS scenario's handshakes and the server's CPU per handshake; null (and absent from
 *                    results.json) over plain HTTP
 */
public record CellResult(
        String scenarioId,
        String target,
        int repetition,
        CellStatus status,
        String failure,
        @JsonUnwrapped Throughput throughput,
        @JsonUnwrapped Latencies latencies,
        @JsonUnwrapped Responses responses,
        @JsonUnwrapped ConnectionCounts connectionCounts,
        ServerUsage server,
        ClientUsage client,
        Warmup warmup,
        String hlog,
        Background background,
        WhyFigures why,
        FlameGraph flameGraph,
        @JsonInclude(JsonInclude.Include.NON_NULL) Handshakes tls) {

    public CellResult {
        Objects.requireNonNull(scenarioId, "scenarioId");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(status, "status");
        throughput = throughput == null ? Throughput.NONE : throughput;
        latencies = latencies == null ? Latencies.NONE : latencies;
        responses = responses == null ? Responses.NONE : responses;
        connectionCounts = connectionCounts == null ? ConnectionCounts.none(0) : connectionCounts;
    }

    /** A cell that produced no figures, with the reason. */
    public static CellResult failed(String scenarioId, String target, int repetition, int connections, String failure) {
        return new CellResult(
                scenarioId,
                target,
                repetition,
                CellStatus.FAILED,
                failure,
                Throughput.NONE,
                Latencies.NONE,
                Responses.NONE,
                ConnectionCounts.none(connections),
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null);
    }

    /** The same cell with its warm-up said. */
    public CellResult withWarmup(Warmup value) {
        return with(value, why, flameGraph, tls);
    }

    /** The same cell with its why figures and flame graph. */
    public CellResult withWhy(WhyFigures figures, FlameGraph graph) {
        return with(warmup, figures, graph, tls);
    }

    /** The same cell with its TLS handshakes. */
    public CellResult withHandshakes(Handshakes value) {
        return with(warmup, why, flameGraph, value);
    }

    // The one copy of the cell's measured figures that the withers above share.
    private CellResult with(Warmup warmupSaid, WhyFigures whyFigures, FlameGraph graph, Handshakes handshakes) {
        return new CellResult(
                scenarioId,
                target,
                repetition,
                status,
                failure,
                throughput,
                latencies,
                responses,
                connectionCounts,
                server,
                client,
                warmupSaid,
                hlog,
                background,
                whyFigures,
                graph,
                handshakes);
    }

    /** Whether a flame graph was asked for in this cell, so that its figures are perturbed by profiling. */
    public boolean profiled() {
        return flameGraph != null && flameGraph.event() != null;
    }

    public boolean ok() {
        return status == CellStatus.OK;
    }

    /** requests/s of the window, null when not measured: the figure most readers want first. */
    public Double requestsPerSecond() {
        return throughput.requestsPerSecond();
    }

    /** The primary latency, null when not measured. */
    public Latency latency() {
        return latencies.latency();
    }

    /** Errors of one kind ({@code timeout}, {@link Responses#TOTAL}), 0 when none were counted. */
    public long errors(String kind) {
        return responses.errors(kind);
    }
}
