package io.httpmodels.harness.results;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * What a cell says beside its figures, to explain them or check them: each null when not measured or not asked for.
 *
 * @param warmup     how long the server was warmed before its first window, and whether it settled
 * @param hlog       the HdrHistogram interval log of this cell, relative to the results folder, or null
 * @param background what the idle and slow connections held beside the measured ones saw; null when the scenario
 *                   has none
 * @param why        why the server is as fast as it is: CPU split, switches, system calls, run-queue wait,
 *                   allocation and GC per request; null when not measured ({@code --why off}, a merged run)
 * @param flameGraph the window's flame graph when one was asked for ({@code --flamegraphs}), else null: a profiled
 *                   cell's other figures are perturbed by the profiling
 * @param tls        a TLS scenario's handshakes and the server's CPU per handshake; null (and absent from
 *                   results.json) over plain HTTP
 * @param databaseChecks a database scenario's sampled answers and the rows its updates wrote, checked; null (absent)
 *                   for other scenarios
 */
public record Diagnostics(
        Warmup warmup,
        String hlog,
        Background background,
        WhyFigures why,
        FlameGraph flameGraph,
        @JsonInclude(JsonInclude.Include.NON_NULL) Handshakes tls,
        @JsonInclude(JsonInclude.Include.NON_NULL) DatabaseChecks databaseChecks) {

    /** Said without database checks. */
    public Diagnostics(
            Warmup warmup, String hlog, Background background, WhyFigures why, FlameGraph flameGraph, Handshakes tls) {
        this(warmup, hlog, background, why, flameGraph, tls, null);
    }

    /** Nothing said. */
    public static final Diagnostics NONE = new Diagnostics(null, null, null, null, null, null, null);

    /** The same with the warm-up said. */
    public Diagnostics withWarmup(Warmup value) {
        return new Diagnostics(value, hlog, background, why, flameGraph, tls, databaseChecks);
    }

    /** The same with the why figures and the flame graph. */
    public Diagnostics withWhy(WhyFigures figures, FlameGraph graph) {
        return new Diagnostics(warmup, hlog, background, figures, graph, tls, databaseChecks);
    }

    /** The same with the TLS handshakes. */
    public Diagnostics withHandshakes(Handshakes value) {
        return new Diagnostics(warmup, hlog, background, why, flameGraph, value, databaseChecks);
    }

    /** The same with the database checks. */
    public Diagnostics withDatabaseChecks(DatabaseChecks value) {
        return new Diagnostics(warmup, hlog, background, why, flameGraph, tls, value);
    }
}
