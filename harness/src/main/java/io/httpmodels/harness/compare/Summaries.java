package io.httpmodels.harness.compare;

import io.httpmodels.harness.results.CellResult;
import io.httpmodels.harness.results.CellStatus;
import io.httpmodels.harness.results.DatabaseChecks;
import io.httpmodels.harness.results.DatabaseConnections;
import io.httpmodels.harness.results.DatabaseFigures;
import io.httpmodels.harness.results.Distribution;
import io.httpmodels.harness.results.Estimate;
import io.httpmodels.harness.results.ForkFigures;
import io.httpmodels.harness.results.ForkStatistics;
import io.httpmodels.harness.results.Handshakes;
import io.httpmodels.harness.results.Latency;
import io.httpmodels.harness.results.Responses;
import io.httpmodels.harness.results.Scenario;
import io.httpmodels.harness.results.SpreadFloors;
import io.httpmodels.harness.results.Stats;
import io.httpmodels.harness.results.Summary;
import io.httpmodels.harness.results.TargetInfo;
import io.httpmodels.harness.results.TargetKind;
import io.httpmodels.harness.results.WhyFigures;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * Reduces the cells of each scenario and target to one {@link Summary}: each fork's windows to its
 * {@link ForkFigures}, the forks to a median with its interval ({@link ForkStatistics}), latencies from the
 * histograms merged (percentiles cannot be averaged), and requests/s relative to the best target and to nginx in the
 * same scenario, with whether each row is shown to differ from the best at all.
 */
final class Summaries {

    private Summaries() {}

    /**
     * One summary per scenario and target that ran, in scenario then target order.
     *
     * @param histograms each successful cell's latency histogram, by cell
     */
    static List<Summary> of(
            List<Scenario> scenarios,
            List<TargetInfo> targets,
            List<CellResult> cells,
            Map<CellResult, Histogram> histograms,
            double clientBoundAt) {
        List<Summary> all = new ArrayList<>();
        for (Scenario scenario : scenarios) {
            List<Summary> rows = new ArrayList<>();
            for (TargetInfo target : targets) {
                List<CellResult> mine = cells.stream()
                        .filter(c -> c.id().scenarioId().equals(scenario.id())
                                && c.id().target().equals(target.name()))
                        .toList();
                if (!mine.isEmpty()) {
                    rows.add(summarise(scenario, target.name(), mine, histograms, clientBoundAt));
                }
            }
            rows = SpreadFloors.apply(rows);
            Summary best = rows.stream()
                    .filter(Summary::ok)
                    .max(Comparator.comparingDouble(Summary::requestsPerSecond))
                    .orElse(null);
            Double nginx = null;
            for (Summary row : rows) {
                if (row.ok() && kindOf(targets, row.target()) == TargetKind.NGINX) {
                    nginx = row.requestsPerSecond();
                }
            }
            for (Summary row : rows) {
                if (!row.ok() || best == null) {
                    all.add(row);
                    continue;
                }
                Estimate mine = row.rate().requestsPerSecond();
                Estimate top = best.rate().requestsPerSecond();
                all.add(row.withRate(new Summary.Rate(
                        mine,
                        top.value() > 0 ? mine.value() / top.value() : null,
                        nginx != null && nginx > 0 ? mine.value() / nginx : null,
                        mine.hasInterval() && top.hasInterval() ? mine.overlaps(top) : null)));
            }
        }
        return all;
    }

    static Summary summarise(
            Scenario scenario,
            String target,
            List<CellResult> cells,
            Map<CellResult, Histogram> histograms,
            double clientBoundAt) {
        List<CellResult> ok = cells.stream().filter(CellResult::ok).toList();
        int forksRun = (int)
                cells.stream().mapToInt(c -> c.id().repetition()).distinct().count();
        if (ok.isEmpty()) {
            String failure = cells.get(0).failure();
            return Summary.failed(
                    scenario.id(), target, failure, forksRun, scenario.shape().connections());
        }
        Map<Integer, List<CellResult>> byFork = ForkFigures.byFork(cells);
        if (byFork.isEmpty()) {
            return Summary.failed(
                    scenario.id(),
                    target,
                    firstFailure(cells),
                    forksRun,
                    scenario.shape().connections());
        }
        List<ForkFigures> forks = new ArrayList<>();
        byFork.forEach((fork, windows) -> forks.add(ForkFigures.of(fork, windows, histograms::get)));
        List<CellResult> used = byFork.values().stream().flatMap(List::stream).toList();
        Histogram merged = ForkFigures.merge(used, histograms::get);
        CellResult first = used.get(0);
        Latency latency = merged == null ? first.latency() : mergedLatency(first.latency(), merged);
        Double clientCpu = median(
                used,
                c -> c.usage().client() == null ? null : c.usage().client().cpuPercent());
        int cores = first.usage().client() == null ? 1 : first.usage().client().cores();
        return new Summary(
                        scenario.id(),
                        target,
                        new Summary.Outcome(
                                CellStatus.OK,
                                forks.size() < forksRun ? firstFailure(cells) : null,
                                forksRun,
                                forks.size(),
                                cells.stream()
                                        .filter(CellResult::profiled)
                                        .map(c -> c.diagnostics().flameGraph().event())
                                        .findFirst()
                                        .orElse(null)),
                        new Summary.Rate(
                                ForkStatistics.estimate(forks.stream()
                                        .map(ForkFigures::requestsPerSecond)
                                        .toList()),
                                null,
                                null,
                                null),
                        new Summary.Timing(
                                latency,
                                estimate(forks, ForkFigures::p50Micros),
                                estimate(forks, ForkFigures::p99Micros),
                                merged == null ? first.figures().latencies().distribution() : Distribution.of(merged)),
                        new Summary.ConnectionFigures(
                                scenario.shape().connections(),
                                used.stream()
                                        .map(c -> c.figures().connectionCounts().connectionsServed())
                                        .filter(Objects::nonNull)
                                        .min(Integer::compare)
                                        .orElse(null),
                                cells.stream()
                                        .mapToLong(c -> c.errors("timeout"))
                                        .sum(),
                                cells.stream()
                                        .mapToLong(c -> c.errors(Responses.TOTAL))
                                        .sum()),
                        new Summary.ServerFigures(
                                median(
                                        used,
                                        c -> c.usage().server() == null
                                                ? null
                                                : c.usage().server().cpuPercent()),
                                estimate(forks, ForkFigures::cpuMicrosPerRequest),
                                estimate(forks, ForkFigures::rssPeakBytes),
                                toLong(median(
                                        used,
                                        c -> c.usage().server() == null
                                                        || c.usage().server().rssMeanBytes() == null
                                                ? null
                                                : c.usage()
                                                        .server()
                                                        .rssMeanBytes()
                                                        .doubleValue())),
                                used.stream()
                                        .map(c -> c.usage().server() == null
                                                ? null
                                                : c.usage().server().threadsPeak())
                                        .filter(Objects::nonNull)
                                        .max(Integer::compare)
                                        .orElse(null)),
                        new Summary.ClientFigures(
                                clientCpu, clientCpu != null && clientCpu >= clientBoundAt * 100 * cores),
                        forks,
                        WhyFigures.medianOf(
                                used.stream().map(c -> c.diagnostics().why()).toList()),
                        null)
                .withHandshakes(Handshakes.medianOf(
                        used.stream().map(c -> c.diagnostics().tls()).toList()))
                .withDatabase(database(byFork));
    }

    /**
     * The database's CPU per request in each fork (its CPU over the fork's windows by the requests they completed),
     * as an estimate over the forks (null when no fork measured it in every window), with the connections in use and
     * the answers checked over every window; null when none of them was measured.
     */
    static DatabaseFigures database(Map<Integer, List<CellResult>> byFork) {
        List<Double> perFork = new ArrayList<>();
        for (List<CellResult> windows : byFork.values()) {
            double cpuSeconds = 0;
            long requests = 0;
            boolean measured = true;
            for (CellResult w : windows) {
                Long n = w.figures().throughput().requests();
                if (w.usage().database() == null || n == null) {
                    measured = false;
                    break;
                }
                cpuSeconds += w.usage().database().cpuSeconds();
                requests += n;
            }
            if (measured && requests > 0) {
                perFork.add(Stats.cpuMicrosPerRequest(cpuSeconds, requests));
            }
        }
        List<CellResult> windows =
                byFork.values().stream().flatMap(List::stream).toList();
        DatabaseConnections connections = DatabaseConnections.combine(
                windows.stream().map(w -> w.usage().databaseConnections()).toList());
        DatabaseChecks checks = DatabaseChecks.sum(
                windows.stream().map(w -> w.diagnostics().databaseChecks()).toList());
        if (perFork.isEmpty() && connections == null && checks == null) {
            return null;
        }
        return new DatabaseFigures(perFork.isEmpty() ? null : ForkStatistics.estimate(perFork), connections, checks);
    }

    /** A figure's estimate over the forks that have it, or null when none has. */
    private static <T extends Number> Estimate estimate(List<ForkFigures> forks, Function<ForkFigures, T> figure) {
        List<T> values = forks.stream().map(figure).filter(Objects::nonNull).toList();
        return values.isEmpty() ? null : ForkStatistics.estimate(values);
    }

    private static Latency mergedLatency(Latency kind, Histogram h) {
        return new Latency(
                kind.kind(),
                kind.description(),
                h.getTotalCount(),
                h.getMean(),
                h.getValueAtPercentile(50.0),
                h.getValueAtPercentile(90.0),
                h.getValueAtPercentile(99.0),
                h.getValueAtPercentile(99.9),
                h.getMaxValue());
    }

    private static Double median(List<CellResult> cells, Function<CellResult, Double> figure) {
        return Stats.medianOrNull(
                cells.stream().map(figure).filter(Objects::nonNull).toList());
    }

    private static Long toLong(Double value) {
        return value == null ? null : Math.round(value);
    }

    private static String firstFailure(List<CellResult> cells) {
        return cells.stream()
                .filter(c -> !c.ok())
                .map(c -> "fork " + c.id().repetition() + " failed: " + c.failure())
                .findFirst()
                .orElse(null);
    }

    private static TargetKind kindOf(List<TargetInfo> targets, String name) {
        return targets.stream()
                .filter(t -> t.name().equals(name))
                .map(TargetInfo::kind)
                .findFirst()
                .orElse(TargetKind.MODEL);
    }
}
