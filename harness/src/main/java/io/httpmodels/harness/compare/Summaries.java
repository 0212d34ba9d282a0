package io.httpmodels.harness.compare;

import io.httpmodels.harness.results.CellResult;
import io.httpmodels.harness.results.CellStatus;
import io.httpmodels.harness.results.Distribution;
import io.httpmodels.harness.results.Handshakes;
import io.httpmodels.harness.results.Latency;
import io.httpmodels.harness.results.Responses;
import io.httpmodels.harness.results.Scenario;
import io.httpmodels.harness.results.Stats;
import io.httpmodels.harness.results.Summary;
import io.httpmodels.harness.results.TargetInfo;
import io.httpmodels.harness.results.TargetKind;
import io.httpmodels.harness.results.WhyFigures;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * Reduces the cells of each scenario and target to one {@link Summary}: medians over the repetitions that
 * succeeded, latencies from their histograms merged (percentiles cannot be averaged), and requests/s relative
 * to the best target and to nginx in the same scenario.
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
                        .filter(c -> c.scenarioId().equals(scenario.id())
                                && c.target().equals(target.name()))
                        .toList();
                if (!mine.isEmpty()) {
                    rows.add(summarise(scenario, target.name(), mine, histograms, clientBoundAt));
                }
            }
            double best = rows.stream()
                    .filter(Summary::ok)
                    .mapToDouble(Summary::requestsPerSecond)
                    .max()
                    .orElse(0);
            Double nginx = null;
            for (int i = 0; i < rows.size(); i++) {
                if (rows.get(i).ok() && kindOf(targets, rows.get(i).target()) == TargetKind.NGINX) {
                    nginx = rows.get(i).requestsPerSecond();
                }
            }
            for (Summary row : rows) {
                if (!row.ok()) {
                    all.add(row);
                    continue;
                }
                all.add(row.withRelative(
                        best > 0 ? row.requestsPerSecond() / best : null,
                        nginx != null && nginx > 0 ? row.requestsPerSecond() / nginx : null));
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
        if (ok.isEmpty()) {
            String failure = cells.get(0).failure();
            return Summary.failed(scenario.id(), target, failure, cells.size(), scenario.connections());
        }
        List<Double> rps = ok.stream().map(CellResult::requestsPerSecond).toList();
        Histogram merged = null;
        for (CellResult c : ok) {
            Histogram h = histograms.get(c);
            if (h != null) {
                if (merged == null) {
                    merged = h.copy();
                } else {
                    merged.add(h);
                }
            }
        }
        CellResult first = ok.get(0);
        Latency latency = merged == null ? first.latency() : mergedLatency(first.latency(), merged);
        Double clientCpu =
                median(ok, c -> c.client() == null ? null : c.client().cpuPercent());
        int cores = first.client() == null ? 1 : first.client().cores();
        return new Summary(
                        scenario.id(),
                        target,
                        CellStatus.OK,
                        cells.size() > ok.size() ? firstFailure(cells) : null,
                        cells.size(),
                        ok.size(),
                        Stats.median(rps),
                        rps.stream().mapToDouble(Double::doubleValue).min().orElseThrow(),
                        rps.stream().mapToDouble(Double::doubleValue).max().orElseThrow(),
                        latency,
                        scenario.connections(),
                        ok.stream()
                                .map(c -> c.connectionCounts().connectionsServed())
                                .filter(Objects::nonNull)
                                .min(Integer::compare)
                                .orElse(null),
                        cells.stream().mapToLong(c -> c.errors("timeout")).sum(),
                        cells.stream().mapToLong(c -> c.errors(Responses.TOTAL)).sum(),
                        median(ok, c -> c.server() == null ? null : c.server().cpuPercent()),
                        median(ok, c -> c.server() == null ? null : c.server().cpuMicrosPerRequest()),
                        ok.stream()
                                .map(c -> c.server() == null ? null : c.server().rssPeakBytes())
                                .filter(Objects::nonNull)
                                .max(Long::compare)
                                .orElse(null),
                        toLong(median(
                                ok,
                                c -> c.server() == null || c.server().rssMeanBytes() == null
                                        ? null
                                        : c.server().rssMeanBytes().doubleValue())),
                        ok.stream()
                                .map(c -> c.server() == null ? null : c.server().threadsPeak())
                                .filter(Objects::nonNull)
                                .max(Integer::compare)
                                .orElse(null),
                        clientCpu,
                        clientCpu != null && clientCpu >= clientBoundAt * 100 * cores,
                        null,
                        null,
                        merged == null ? first.latencies().distribution() : Distribution.of(merged))
                .withWhy(
                        WhyFigures.medianOf(ok.stream().map(CellResult::why).toList()),
                        cells.stream()
                                .filter(CellResult::profiled)
                                .map(c -> c.flameGraph().event())
                                .findFirst()
                                .orElse(null))
                .withHandshakes(
                        Handshakes.medianOf(ok.stream().map(CellResult::tls).toList()));
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
                .map(c -> "repetition " + c.repetition() + " failed: " + c.failure())
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
