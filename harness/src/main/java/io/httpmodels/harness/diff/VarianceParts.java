package io.httpmodels.harness.diff;

import io.httpmodels.harness.results.CellResult;
import io.httpmodels.harness.results.ForkFigures;
import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.Summary;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * Where a run's noise comes from, per cell: how much a figure moves between windows of one JVM (within a fork) and
 * how much between JVMs (between forks), from a one-way analysis of variance of the windows' log values grouped by
 * fork. It is what the default's forks, windows and durations were chosen from: the variance of a cell's figure is
 * {@code between² / forks + within² / (forks × windows)}, so when {@code between} dominates, only more forks help.
 *
 * @param rows one per cell with two forks of two windows at least
 */
public record VarianceParts(List<Row> rows) {

    /**
     * One cell's variance parts, as relative standard deviations (the standard deviation of the log values, which is
     * close to the spread in % for small spreads).
     *
     * @param scenarioId     the scenario
     * @param target         the target
     * @param forks          forks with every window ok
     * @param windows        windows per fork (the fewest of any)
     * @param rpsWithin      requests/s: window to window within a JVM
     * @param rpsBetween     requests/s: JVM to JVM, beyond what the within part explains
     * @param cpuWithin      server CPU per request, within; null when not measured
     * @param cpuBetween     server CPU per request, between; null when not measured
     */
    public record Row(
            String scenarioId,
            String target,
            int forks,
            int windows,
            double rpsWithin,
            double rpsBetween,
            Double cpuWithin,
            Double cpuBetween) {}

    /** The parts of every cell of {@code run} that has at least two forks of two windows. */
    public static VarianceParts of(Results run) {
        List<Row> rows = new ArrayList<>();
        for (Summary s : run.summaries()) {
            if (!s.ok()) {
                continue;
            }
            List<CellResult> cells = run.cells().stream()
                    .filter(c -> c.id().scenarioId().equals(s.scenarioId())
                            && c.id().target().equals(s.target()))
                    .toList();
            Map<Integer, List<CellResult>> byFork = ForkFigures.byFork(cells);
            int windows = byFork.values().stream().mapToInt(List::size).min().orElse(0);
            if (byFork.size() < 2 || windows < 2) {
                continue;
            }
            double[] rps = parts(byFork, CellResult::requestsPerSecond);
            double[] cpu = parts(
                    byFork,
                    c -> c.usage().server() == null ? null : c.usage().server().cpuMicrosPerRequest());
            rows.add(new Row(
                    s.scenarioId(),
                    s.target(),
                    byFork.size(),
                    windows,
                    rps[0],
                    rps[1],
                    cpu == null ? null : cpu[0],
                    cpu == null ? null : cpu[1]));
        }
        return new VarianceParts(rows);
    }

    /**
     * {within, between} standard deviations of the log of {@code figure}, or null when a window lacks it or it is
     * not positive.
     */
    static double[] parts(Map<Integer, List<CellResult>> byFork, Function<CellResult, Double> figure) {
        List<double[]> groups = new ArrayList<>();
        for (List<CellResult> windows : byFork.values()) {
            List<Double> values = windows.stream().map(figure).toList();
            if (values.stream().anyMatch(v -> v == null || !(v > 0))) {
                return null;
            }
            groups.add(values.stream()
                    .filter(Objects::nonNull)
                    .mapToDouble(Math::log)
                    .toArray());
        }
        return anova(groups);
    }

    /**
     * One-way analysis of variance of {@code groups}: {within, between} standard deviations, the between part the
     * variance of the group means beyond what the within part explains (never below 0).
     */
    static double[] anova(List<double[]> groups) {
        double within = 0;
        int withinDof = 0;
        List<Double> means = new ArrayList<>();
        double meanSize = 0;
        for (double[] g : groups) {
            double mean = 0;
            for (double v : g) {
                mean += v;
            }
            mean /= g.length;
            means.add(mean);
            for (double v : g) {
                within += (v - mean) * (v - mean);
            }
            withinDof += g.length - 1;
            meanSize += g.length;
        }
        meanSize /= groups.size();
        double withinVariance = withinDof > 0 ? within / withinDof : 0;
        double grand = means.stream().mapToDouble(Double::doubleValue).average().orElse(0);
        double ofMeans = 0;
        for (double m : means) {
            ofMeans += (m - grand) * (m - grand);
        }
        ofMeans /= means.size() - 1;
        double betweenVariance = Math.max(0, ofMeans - withinVariance / meanSize);
        return new double[] {Math.sqrt(withinVariance), Math.sqrt(betweenVariance)};
    }
}
