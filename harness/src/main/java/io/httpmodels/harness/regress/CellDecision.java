package io.httpmodels.harness.regress;

import io.httpmodels.harness.results.CpuNoise;
import io.httpmodels.harness.results.RatioInterval;
import io.httpmodels.harness.results.RegressionCell;
import io.httpmodels.harness.results.RegressionChanges;
import io.httpmodels.harness.results.RegressionRounds;
import io.httpmodels.harness.results.RegressionVerdicts;
import io.httpmodels.harness.results.Stats;
import io.httpmodels.harness.results.Verdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Turns a cell's rounds into its change and verdict: for requests/s, p99 and the server's CPU time per request,
 * the median paired ratio candidate / base with its exact interval ({@link PairedRatio}) and a verdict against
 * that figure's tolerance ({@link Verdict}); the cell regressed when any figure did. Rounds where a side failed
 * are left out and said. Stateless.
 *
 * <p>Why CPU time per request is gated beside requests/s: on a shared machine a neighbour that takes the
 * client's or the server's core moves requests/s of both sides by tens of percent, in bursts that land on one
 * side's windows more than the other's, while the server's CPU time per request hardly moves: it is what the
 * server's code costs, whoever else runs. A slower build costs more of it whatever the machine does.
 */
final class CellDecision {

    /**
     * What the gate asks for.
     *
     * @param confidence   coverage wanted of every interval
     * @param requests     change in requests/s tolerated (share, e.g. 0.05)
     * @param p99          change in p99 latency tolerated
     * @param cpu          change in CPU time per request tolerated
     */
    record Gate(double confidence, double requests, double p99, double cpu) {}

    private CellDecision() {}

    static RegressionCell decide(RegressCell cell, List<SideRound[]> pairs, Gate gate) {
        List<Double> baseRps = new ArrayList<>();
        List<Double> candRps = new ArrayList<>();
        List<Long> baseP99 = new ArrayList<>();
        List<Long> candP99 = new ArrayList<>();
        List<Double> baseCpu = new ArrayList<>();
        List<Double> candCpu = new ArrayList<>();
        List<Double> spreads = new ArrayList<>();
        int baseFailed = 0;
        int candFailed = 0;
        String lastFailure = null;
        for (SideRound[] pair : pairs) {
            for (SideRound side : pair) {
                if (side.ok() && side.cpuSpread() != null) {
                    spreads.add(side.cpuSpread());
                }
            }
            if (!pair[0].ok()) {
                baseFailed++;
                lastFailure = "base: " + pair[0].failure();
            }
            if (!pair[1].ok()) {
                candFailed++;
                lastFailure = "candidate: " + pair[1].failure();
            }
            if (pair[0].ok() && pair[1].ok()) {
                baseRps.add(pair[0].requestsPerSecond());
                candRps.add(pair[1].requestsPerSecond());
                baseP99.add(pair[0].p99Micros());
                candP99.add(pair[1].p99Micros());
                if (pair[0].cpuMicros() != null && pair[1].cpuMicros() != null) {
                    baseCpu.add(pair[0].cpuMicros());
                    candCpu.add(pair[1].cpuMicros());
                }
            }
        }
        Double spread = spreads.isEmpty() ? null : Stats.median(spreads);
        String failure = baseFailed + candFailed == 0
                ? null
                : String.format(
                        Locale.ROOT,
                        "%d of %d rounds not measured (base failed %d, candidate %d; last: %s)",
                        pairs.size() - baseRps.size(),
                        pairs.size(),
                        baseFailed,
                        candFailed,
                        lastFailure);
        if (baseRps.size() < 2) {
            Verdict verdict = candFailed > 0 && baseFailed < pairs.size() ? Verdict.FAILED : Verdict.NO_BASE;
            return new RegressionCell(
                    cell.id(),
                    cell.model(),
                    cell.scenario().id(),
                    new RegressionRounds(baseRps, candRps, baseP99, candP99, baseCpu, candCpu),
                    RegressionChanges.NONE,
                    RegressionVerdicts.only(verdict),
                    failure,
                    new CpuNoise(spread, null));
        }
        RatioInterval rps = PairedRatio.of(baseRps, candRps, gate.confidence());
        RatioInterval p99 = PairedRatio.of(baseP99, candP99, gate.confidence());
        // CPU only when known in every measured round: a ratio over a subset would be a different experiment.
        RatioInterval cpu =
                baseCpu.size() == baseRps.size() ? PairedRatio.of(baseCpu, candCpu, gate.confidence()) : null;
        Verdict rv = Verdict.of(rps, gate.requests(), true, gate.confidence());
        Verdict pv = Verdict.of(p99, gate.p99(), false, gate.confidence());
        Verdict cv = cpu == null ? null : Verdict.of(cpu, gate.cpu(), false, gate.confidence());
        if (rps.confidence() < gate.confidence()) {
            failure = (failure == null ? "" : failure + "; ")
                    + String.format(
                            Locale.ROOT,
                            "%d rounds measured cannot reach %.0f %% confidence (at least %d): no verdict but same",
                            baseRps.size(),
                            100 * gate.confidence(),
                            PairedRatio.minRounds(gate.confidence()));
        }
        // A candidate that failed most rounds is broken, whatever the rounds it did serve say; one starved round
        // on a busy machine (no request completed in its windows) is noise, which the interval already shows.
        Verdict verdict =
                2 * candFailed > pairs.size() && candFailed > baseFailed ? Verdict.FAILED : Verdict.combine(rv, pv, cv);
        return new RegressionCell(
                cell.id(),
                cell.model(),
                cell.scenario().id(),
                new RegressionRounds(
                        baseRps,
                        candRps,
                        baseP99,
                        candP99,
                        cpu == null ? List.of() : baseCpu,
                        cpu == null ? List.of() : candCpu),
                new RegressionChanges(rps, p99, cpu),
                new RegressionVerdicts(rv, pv, cv, verdict),
                failure,
                new CpuNoise(spread, null));
    }
}
