package io.httpmodels.harness.results;

/**
 * How long a server was warmed before its first recorded window, and whether it settled: its JIT compiler
 * threads quiet and its CPU time per request steady from one chunk of warm-up load to the next.
 *
 * @param seconds how long the unrecorded warm-up load ran
 * @param settled false when it stopped at the longest warm-up allowed before the server settled (or when the
 *                server's JIT could not be watched and only the minimum ran: see {@code jitWatched})
 * @param jitWatched whether the JIT compiler threads could be read (/proc of a JVM); false for nginx, an
 *                external server, or without /proc, where only the CPU time per request was watched
 */
public record Warmup(double seconds, boolean settled, boolean jitWatched) {

    /** No warm-up: the target never started, or none was asked for. */
    public static final Warmup NONE = new Warmup(0, false, false);
}
