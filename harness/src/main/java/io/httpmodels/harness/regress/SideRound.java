package io.httpmodels.harness.regress;

import io.httpmodels.harness.results.CellResult;
import io.httpmodels.harness.results.Stats;

import java.util.ArrayList;
import java.util.List;

/**
 * One side's figures in one round: the medians over its windows (so a burst on one window does not move them),
 * or why it has none (more than half of its windows failed). Requests/s and p99 come from the closed-loop windows,
 * CPU time per request from the CPU windows when the round has them ({@link RoundRunner.CpuWindows}).
 *
 * @param requestsPerSecond median requests/s of the windows, or null
 * @param p99Micros         median p99 latency of the windows, microseconds, or null
 * @param cpuMicros         median of the server's CPU time per request over the windows, microseconds, or null
 *                          (also when it was not known for every window counted)
 * @param cpuSpread         how far apart the windows' CPU times per request were: largest / smallest - 1 (0.12
 *                          for 12 %), or null with fewer than two windows or no CPU figure. One JVM under one load
 *                          should cost the same in every window; what they differ by is the noise of the machine
 *                          (and of the measurement) that every ratio of this round carries
 * @param failure           why the side has no figure this round, or null
 *
 * <p>A window that completed no request counts as failed: a ratio against nothing says nothing.
 */
record SideRound(Double requestsPerSecond, Long p99Micros, Double cpuMicros, Double cpuSpread, String failure) {

    /**
     * A side's figures from its closed-loop windows (requests/s, p99) and its CPU windows (CPU time per request and
     * its spread); with no CPU windows, all from the closed-loop ones. CPU windows that give no figure leave the
     * CPU time unknown, and the round's requests/s and p99 stand.
     */
    static SideRound of(List<CellResult> windows, List<CellResult> cpuWindows) {
        SideRound closed = of(windows);
        if (cpuWindows.isEmpty() || !closed.ok()) {
            return closed;
        }
        SideRound cpu = of(cpuWindows);
        return new SideRound(
                closed.requestsPerSecond(),
                closed.p99Micros(),
                cpu.ok() ? cpu.cpuMicros() : null,
                cpu.ok() ? cpu.cpuSpread() : null,
                null);
    }

    /** A side's figures, all from {@code windows}. */
    static SideRound of(List<CellResult> windows) {
        List<CellResult> ok = windows.stream()
                .filter(c ->
                        c.ok() && c.requestsPerSecond() != null && c.requestsPerSecond() > 0 && c.latency() != null)
                .toList();
        if (ok.isEmpty() || 2 * ok.size() <= windows.size() && windows.size() > 1) {
            String why = windows.stream()
                    .filter(c -> !c.ok())
                    .map(CellResult::failure)
                    .findFirst()
                    .orElse("no request completed in its windows");
            return new SideRound(null, null, null, null, why);
        }
        boolean cpuKnown = ok.stream().allMatch(SideRound::hasCpu);
        List<Double> cpu = cpuKnown
                ? ok.stream().map(c -> c.usage().server().cpuMicrosPerRequest()).toList()
                : List.of();
        return new SideRound(
                Stats.median(ok.stream().map(CellResult::requestsPerSecond).toList()),
                Math.max(
                        1,
                        Math.round(Stats.median(
                                ok.stream().map(c -> c.latency().p99()).toList()))),
                cpuKnown ? Stats.median(cpu) : null,
                spread(cpu),
                null);
    }

    /**
     * What the machine's noise leaves in a round's ratios when the sides take turns: the windows' ratios candidate
     * / base of CPU time per request (windows where both sides have one), largest / smallest - 1; null with fewer
     * than two such windows. The windows are in the order measured, the same for both sides.
     */
    static Double turnSpread(List<CellResult> base, List<CellResult> candidate) {
        List<Double> ratios = new ArrayList<>();
        for (int i = 0; i < Math.min(base.size(), candidate.size()); i++) {
            CellResult b = base.get(i);
            CellResult c = candidate.get(i);
            if (b.ok() && c.ok() && hasCpu(b) && hasCpu(c) && b.usage().server().cpuMicrosPerRequest() > 0) {
                ratios.add(c.usage().server().cpuMicrosPerRequest()
                        / b.usage().server().cpuMicrosPerRequest());
            }
        }
        return spread(ratios);
    }

    /** Largest / smallest - 1 of {@code values}, or null with fewer than two or a smallest not above 0. */
    static Double spread(List<Double> values) {
        if (values.size() < 2) {
            return null;
        }
        double min = values.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        double max = values.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        return min > 0 ? max / min - 1 : null;
    }

    private static boolean hasCpu(CellResult c) {
        return c.usage().server() != null && c.usage().server().cpuMicrosPerRequest() != null;
    }

    boolean ok() {
        return failure == null;
    }
}
