package io.httpmodels.harness.results;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

import java.util.Objects;

/**
 * One measurement: a target under a scenario, one repetition (one window, in {@code regress}). A cell that could
 * not be measured (the server did not start, died, or the client never connected) has status
 * {@link CellStatus#FAILED}, a reason, and empty figures; it is shown, never dropped.
 *
 * <p>The groups are unwrapped in results.json: their fields stand in the cell's own object ({@code "scenarioId"},
 * {@code "requestsPerSecond"}, {@code "latency"}, {@code "errors"}, {@code "server"}, {@code "warmup"}, ...), as
 * they always have.
 *
 * @param id          the scenario, target and repetition measured
 * @param status      whether it produced figures
 * @param failure     why it failed, in words; null when ok
 * @param figures     what the window served, how fast, with what errors, over how many connections
 * @param usage       the server's and the client's CPU (and the server's memory and threads) over the window
 * @param diagnostics what explains or checks the figures: warm-up, histogram log, background connections, why
 *                    figures, flame graph, TLS handshakes
 */
public record CellResult(
        @JsonUnwrapped CellId id,
        CellStatus status,
        String failure,
        @JsonUnwrapped WindowFigures figures,
        @JsonUnwrapped Usage usage,
        @JsonUnwrapped Diagnostics diagnostics) {

    public CellResult {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(status, "status");
        figures = figures == null ? WindowFigures.none(0) : figures;
        usage = usage == null ? Usage.NONE : usage;
        diagnostics = diagnostics == null ? Diagnostics.NONE : diagnostics;
    }

    /** A cell that produced no figures, with the reason. */
    public static CellResult failed(String scenarioId, String target, int repetition, int connections, String failure) {
        return new CellResult(
                new CellId(scenarioId, target, repetition),
                CellStatus.FAILED,
                failure,
                WindowFigures.none(connections),
                Usage.NONE,
                Diagnostics.NONE);
    }

    /** The same cell with its warm-up said. */
    public CellResult withWarmup(Warmup value) {
        return with(diagnostics.withWarmup(value));
    }

    /** The same cell with its why figures and flame graph. */
    public CellResult withWhy(WhyFigures figures, FlameGraph graph) {
        return with(diagnostics.withWhy(figures, graph));
    }

    /** The same cell with its TLS handshakes. */
    public CellResult withHandshakes(Handshakes value) {
        return with(diagnostics.withHandshakes(value));
    }

    /** The same cell with its database checks and the database's connections in use. */
    public CellResult withDatabase(DatabaseChecks checks, DatabaseConnections connections) {
        return new CellResult(
                id,
                status,
                failure,
                figures,
                usage.withDatabaseConnections(connections),
                diagnostics.withDatabaseChecks(checks));
    }

    /**
     * The same cell with {@code cpuSeconds} of the database's CPU taken out of its figures: what the harness's own
     * sampling of the database cost it in the window, which no request caused. The same cell when either is null.
     */
    public CellResult withoutDatabaseCpu(Double cpuSeconds) {
        DatabaseUsage database = usage.database();
        if (cpuSeconds == null || database == null) {
            return this;
        }
        double left = Math.max(0, database.cpuSeconds() - cpuSeconds);
        Long requests = figures.throughput().requests();
        DatabaseUsage less = new DatabaseUsage(
                left, requests == null || requests <= 0 ? null : Stats.cpuMicrosPerRequest(left, requests));
        return new CellResult(
                id,
                status,
                failure,
                figures,
                new Usage(usage.server(), usage.client(), less, usage.databaseConnections()),
                diagnostics);
    }

    private CellResult with(Diagnostics said) {
        return new CellResult(id, status, failure, figures, usage, said);
    }

    /** Whether a flame graph was asked for in this cell, so that its figures are perturbed by profiling. */
    public boolean profiled() {
        return diagnostics.flameGraph() != null && diagnostics.flameGraph().event() != null;
    }

    public boolean ok() {
        return status == CellStatus.OK;
    }

    /** requests/s of the window, null when not measured: the figure most readers want first. */
    public Double requestsPerSecond() {
        return figures.throughput().requestsPerSecond();
    }

    /** The primary latency, null when not measured. */
    public Latency latency() {
        return figures.latencies().latency();
    }

    /** Errors of one kind ({@code timeout}, {@link Responses#TOTAL}), 0 when none were counted. */
    public long errors(String kind) {
        return figures.responses().errors(kind);
    }
}
