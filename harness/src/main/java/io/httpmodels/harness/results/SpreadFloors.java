package io.httpmodels.harness.results;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * Puts each scenario's spread floor ({@link ForkStatistics#spreadFloor}) under its rows' intervals: every figure
 * over forks (requests/s, p50, p99, server CPU per request, peak RSS) made again from the forks a row recorded, its
 * log spread taken as at least the floor its scenario's rows make for that figure. Pure: the same forks give the same
 * intervals, so applying it to a run written with it changes nothing, and applying it to an older run gives the
 * intervals this version would have printed. Stateless.
 */
public final class SpreadFloors {

    private SpreadFloors() {}

    /** Every scenario of {@code run} with its floors (summaries in their order). */
    public static Results apply(Results run) {
        Map<String, List<Summary>> byScenario = new LinkedHashMap<>();
        for (Summary s : run.summaries()) {
            byScenario.computeIfAbsent(s.scenarioId(), k -> new ArrayList<>()).add(s);
        }
        Map<Summary, Summary> floored = new IdentityHashMap<>();
        for (List<Summary> rows : byScenario.values()) {
            List<Summary> out = apply(rows);
            for (int i = 0; i < rows.size(); i++) {
                floored.put(rows.get(i), out.get(i));
            }
        }
        return new Results(
                run.run(),
                run.conditions(),
                run.targets(),
                run.scenarios(),
                run.cells(),
                run.summaries().stream().map(floored::get).toList(),
                run.capacities());
    }

    /** The rows of one scenario with its floors; a failed row, or one with no forks recorded, as it is. */
    public static List<Summary> apply(List<Summary> rows) {
        List<Summary> ok = rows.stream().filter(SpreadFloors::floorable).toList();
        double rate = floor(ok, ForkFigures::requestsPerSecond);
        double p50 = floor(ok, ForkFigures::p50Micros);
        double p99 = floor(ok, ForkFigures::p99Micros);
        double cpu = floor(ok, ForkFigures::cpuMicrosPerRequest);
        double rss = floor(ok, ForkFigures::rssPeakBytes);
        List<Summary> out = new ArrayList<>();
        for (Summary row : rows) {
            if (!floorable(row)) {
                out.add(row);
                continue;
            }
            List<ForkFigures> forks = row.forks();
            Summary.Timing t = row.timing();
            Summary.ServerFigures sf = row.server();
            out.add(new Summary(
                    row.scenarioId(),
                    row.target(),
                    row.outcome(),
                    new Summary.Rate(
                            estimate(forks, ForkFigures::requestsPerSecond, rate),
                            row.rate().relativeToBest(),
                            row.rate().relativeToNginx(),
                            row.rate().tiedWithBest()),
                    new Summary.Timing(
                            t.latency(),
                            estimate(forks, ForkFigures::p50Micros, p50),
                            estimate(forks, ForkFigures::p99Micros, p99),
                            t.distribution()),
                    row.connectionFigures(),
                    new Summary.ServerFigures(
                            sf.serverCpuPercent(),
                            estimate(forks, ForkFigures::cpuMicrosPerRequest, cpu),
                            estimate(forks, ForkFigures::rssPeakBytes, rss),
                            sf.rssMeanBytes(),
                            sf.threadsPeak()),
                    row.client(),
                    forks,
                    row.why(),
                    row.tls(),
                    row.database()));
        }
        return out;
    }

    private static boolean floorable(Summary row) {
        return row.ok() && !row.forks().isEmpty();
    }

    private static <T extends Number> double floor(List<Summary> rows, Function<ForkFigures, T> figure) {
        List<Double> spreads = new ArrayList<>();
        for (Summary row : rows) {
            List<T> values =
                    row.forks().stream().map(figure).filter(Objects::nonNull).toList();
            if (!values.isEmpty()) {
                spreads.add(ForkStatistics.logSpread(values));
            }
        }
        return ForkStatistics.spreadFloor(spreads);
    }

    private static <T extends Number> Estimate estimate(
            List<ForkFigures> forks, Function<ForkFigures, T> figure, double spreadFloor) {
        List<T> values = forks.stream().map(figure).filter(Objects::nonNull).toList();
        return values.isEmpty() ? null : ForkStatistics.estimate(values, spreadFloor);
    }
}
