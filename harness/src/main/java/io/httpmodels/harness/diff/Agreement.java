package io.httpmodels.harness.diff;

import io.httpmodels.harness.results.Estimate;
import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.Stats;
import io.httpmodels.harness.results.Summary;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * How well several runs of the same comparison agree: what {@code scripts/bench/reproducibility.sh} reports. For
 * requests/s and server CPU per request, per cell: the spread of the runs' medians; how often one run's median lies
 * inside another run's interval; how often a run's interval covers the median of the other runs' medians (its
 * coverage, to hold against the 95 % it states); and the pairs of targets that one run orders (intervals apart)
 * while another run's medians put them the other way round.
 *
 * @param runs    how many runs
 * @param figures one per figure
 */
public record Agreement(int runs, List<FigureAgreement> figures) {

    /** The figures whose agreement is measured. */
    public enum Figure {
        REQUESTS_PER_SECOND("requests/s", s -> s.rate().requestsPerSecond()),
        CPU_PER_REQUEST("server CPU µs/req", s -> s.server().cpuMicrosPerRequest());

        private final String label;
        private final Function<Summary, Estimate> estimate;

        Figure(String label, Function<Summary, Estimate> estimate) {
            this.label = label;
            this.estimate = estimate;
        }

        public String label() {
            return label;
        }
    }

    /**
     * One figure's agreement over the runs.
     *
     * @param figure       the figure
     * @param cells        per cell, the runs' medians and their spread
     * @param inside       of the (run, other run) pairs over every cell, how many had the other's median inside the
     *                     run's interval
     * @param pairs        how many such pairs there were
     * @param covered      of the runs' intervals over every cell, how many covered the median of the other runs'
     *                     medians
     * @param intervals    how many intervals there were
     * @param flips        pairs of targets one run orders and another reverses, a sentence each
     * @param orderedPairs how many (scenario, pair of targets, run) orderings a run claimed
     */
    public record FigureAgreement(
            Figure figure,
            List<CellSpread> cells,
            int inside,
            int pairs,
            int covered,
            int intervals,
            List<String> flips,
            int orderedPairs) {

        /** The share of pairs whose other median lay inside, or NaN with none. */
        public double insideShare() {
            return pairs == 0 ? Double.NaN : (double) inside / pairs;
        }

        /** The measured coverage, or NaN with no interval. */
        public double coverage() {
            return intervals == 0 ? Double.NaN : (double) covered / intervals;
        }

        /** The median of the cells' spreads, or NaN with none. */
        public double medianSpread() {
            return cells.isEmpty()
                    ? Double.NaN
                    : Stats.median(cells.stream().map(CellSpread::spread).toList());
        }
    }

    /**
     * One cell's medians over the runs.
     *
     * @param scenarioId the scenario
     * @param target     the target
     * @param medians    each run's median, in run order
     * @param spread     (max - min) / median of them
     */
    public record CellSpread(String scenarioId, String target, List<Double> medians, double spread) {}

    /** The agreement of {@code runs} (at least two), cells matched by scenario and target. */
    public static Agreement of(List<Results> runs) {
        if (runs.size() < 2) {
            throw new IllegalArgumentException("agreement needs two runs at least, got " + runs.size());
        }
        List<FigureAgreement> figures = new ArrayList<>();
        for (Figure figure : Figure.values()) {
            figures.add(figure(runs, figure));
        }
        return new Agreement(runs.size(), figures);
    }

    private static FigureAgreement figure(List<Results> runs, Figure figure) {
        Set<String> keys = new LinkedHashSet<>();
        for (Summary s : runs.get(0).summaries()) {
            keys.add(s.scenarioId() + "\u0000" + s.target());
        }
        List<CellSpread> cells = new ArrayList<>();
        int inside = 0;
        int pairs = 0;
        int covered = 0;
        int intervals = 0;
        for (String key : keys) {
            String[] parts = key.split("\u0000");
            List<Estimate> estimates = new ArrayList<>();
            for (Results run : runs) {
                Summary s = run.summary(parts[0], parts[1]);
                Estimate e = s == null || !s.ok() ? null : figure.estimate.apply(s);
                if (e == null) {
                    estimates = null;
                    break;
                }
                estimates.add(e);
            }
            if (estimates == null) {
                continue;
            }
            List<Double> medians = estimates.stream().map(Estimate::value).toList();
            cells.add(new CellSpread(parts[0], parts[1], medians, Stats.relativeSpread(medians)));
            for (int i = 0; i < estimates.size(); i++) {
                Estimate e = estimates.get(i);
                if (!e.hasInterval()) {
                    continue;
                }
                List<Double> others = new ArrayList<>();
                for (int j = 0; j < estimates.size(); j++) {
                    if (j != i) {
                        pairs++;
                        double m = estimates.get(j).value();
                        if (e.low() <= m && m <= e.high()) {
                            inside++;
                        }
                        others.add(estimates.get(j).value());
                    }
                }
                double reference = Stats.median(others);
                intervals++;
                if (e.low() <= reference && reference <= e.high()) {
                    covered++;
                }
            }
        }
        List<String> flips = new ArrayList<>();
        int ordered = flips(runs, figure, flips);
        return new FigureAgreement(figure, cells, inside, pairs, covered, intervals, flips, ordered);
    }

    /** Adds to {@code flips} every ordering a run claimed that another run's medians reverse; returns the claims. */
    private static int flips(List<Results> runs, Figure figure, List<String> flips) {
        int claims = 0;
        for (int i = 0; i < runs.size(); i++) {
            Map<String, List<Summary>> byScenario = new LinkedHashMap<>();
            for (Summary s : runs.get(i).summaries()) {
                if (s.ok() && figure.estimate.apply(s) != null) {
                    byScenario
                            .computeIfAbsent(s.scenarioId(), k -> new ArrayList<>())
                            .add(s);
                }
            }
            for (Map.Entry<String, List<Summary>> scenario : byScenario.entrySet()) {
                List<Summary> rows = scenario.getValue();
                for (int x = 0; x < rows.size(); x++) {
                    for (int y = x + 1; y < rows.size(); y++) {
                        Estimate ex = figure.estimate.apply(rows.get(x));
                        Estimate ey = figure.estimate.apply(rows.get(y));
                        if (!ex.hasInterval() || !ey.hasInterval() || ex.overlaps(ey)) {
                            continue;
                        }
                        claims++;
                        boolean xAbove = ex.value() > ey.value();
                        for (int j = 0; j < runs.size(); j++) {
                            if (j == i) {
                                continue;
                            }
                            Summary ox = runs.get(j)
                                    .summary(scenario.getKey(), rows.get(x).target());
                            Summary oy = runs.get(j)
                                    .summary(scenario.getKey(), rows.get(y).target());
                            if (ox == null || oy == null || !ox.ok() || !oy.ok()) {
                                continue;
                            }
                            Estimate fx = figure.estimate.apply(ox);
                            Estimate fy = figure.estimate.apply(oy);
                            if (fx != null && fy != null && (fx.value() > fy.value()) != xAbove) {
                                flips.add(String.format(
                                        Locale.ROOT,
                                        "%s: run %d orders %s %s %s (intervals apart); run %d's medians %s %.4g vs %.4g",
                                        scenario.getKey(),
                                        i + 1,
                                        rows.get(x).target(),
                                        xAbove ? ">" : "<",
                                        rows.get(y).target(),
                                        j + 1,
                                        "reverse them:",
                                        fx.value(),
                                        fy.value()));
                            }
                        }
                    }
                }
            }
        }
        return claims;
    }
}
