package io.httpmodels.harness.diff;

import com.fasterxml.jackson.annotation.JsonValue;
import io.httpmodels.harness.results.CellResult;
import io.httpmodels.harness.results.Conditions;
import io.httpmodels.harness.results.ForkFigures;
import io.httpmodels.harness.results.ForkStatistics;
import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.Stats;
import io.httpmodels.harness.results.Summary;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * Two stored runs compared cell by cell, offline: for every scenario and target both ran, each figure's ratio B / A
 * with its 95 % interval over the two runs' forks ({@link ForkStatistics#ratio}), and whether it shows a change. The
 * check a user makes after changing a JVM flag, a server setting or the machine: the same statistics as a run's
 * own intervals, and no live server needed.
 *
 * @param a     what A is: its folder or file, commit and date
 * @param b     what B is
 * @param rows  one per scenario and target both runs have, in A's order
 * @param notes what else differs between the runs (conditions, cells only one has)
 */
public record RunDiff(String a, String b, List<Row> rows, List<String> notes) {

    public RunDiff {
        rows = List.copyOf(rows);
        notes = List.copyOf(notes);
    }

    /** What a figure's interval shows. */
    public enum Change {
        SAME("same"),
        FASTER("faster"),
        SLOWER("slower"),
        SMALLER("smaller"),
        LARGER("larger"),
        /** Fewer than two forks on a side: no interval, so no claim. */
        UNKNOWN("no interval");

        private final String word;

        Change(String word) {
            this.word = word;
        }

        @JsonValue
        public String word() {
            return word;
        }
    }

    /** A figure both runs measure, which way is better, and the words for a change. */
    public enum Figure {
        REQUESTS_PER_SECOND("requests/s", true, Change.FASTER, Change.SLOWER, ForkFigures::requestsPerSecond),
        CPU_PER_REQUEST("server CPU µs/req", false, Change.FASTER, Change.SLOWER, ForkFigures::cpuMicrosPerRequest),
        P50("p50", false, Change.FASTER, Change.SLOWER, f -> toDouble(f.p50Micros())),
        P99("p99", false, Change.FASTER, Change.SLOWER, f -> toDouble(f.p99Micros())),
        RSS_PEAK("RSS peak", false, Change.SMALLER, Change.LARGER, f -> toDouble(f.rssPeakBytes()));

        private final String label;
        private final boolean higherIsBetter;
        private final Change better;
        private final Change worse;
        private final Function<ForkFigures, Double> value;

        Figure(String label, boolean higherIsBetter, Change better, Change worse, Function<ForkFigures, Double> value) {
            this.label = label;
            this.higherIsBetter = higherIsBetter;
            this.better = better;
            this.worse = worse;
            this.value = value;
        }

        @JsonValue
        public String label() {
            return label;
        }

        /** Which way {@code ratio} (B / A) moved, as this figure's words. */
        Change change(ForkStatistics.Ratio ratio) {
            if (ratio == null) {
                return Change.UNKNOWN;
            }
            int direction = ratio.direction();
            if (direction == 0) {
                return Change.SAME;
            }
            return (direction > 0) == higherIsBetter ? better : worse;
        }

        private static Double toDouble(Long value) {
            return value == null ? null : value.doubleValue();
        }
    }

    /**
     * One figure of one cell in both runs.
     *
     * @param figure what it is
     * @param a      A's median over its forks
     * @param b      B's
     * @param ratio  B / A of the geometric means over the forks (the median's ratio when a side has one fork)
     * @param low    the ratio's 95 % interval, lower end; null without one
     * @param high   its upper end
     * @param change what the interval shows
     */
    public record FigureChange(
            Figure figure, double a, double b, double ratio, Double low, Double high, Change change) {}

    /**
     * One scenario and target both runs measured.
     *
     * @param scenarioId the scenario
     * @param target     the target
     * @param forksA     forks A's figures come from
     * @param forksB     forks B's
     * @param figures    each figure both have
     */
    public record Row(String scenarioId, String target, int forksA, int forksB, List<FigureChange> figures) {

        /** The figure's change in this row, or null when the row does not have it. */
        public FigureChange figure(Figure figure) {
            return figures.stream()
                    .filter(f -> f.figure() == figure)
                    .findFirst()
                    .orElse(null);
        }
    }

    /** A compared with B; {@code nameA} and {@code nameB} say where each came from. */
    public static RunDiff of(String nameA, Results a, String nameB, Results b) {
        List<Row> rows = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        Map<String, Double> floorsA = spreadFloors(a);
        Map<String, Double> floorsB = spreadFloors(b);
        for (Summary sa : a.summaries()) {
            Summary sb = b.summary(sa.scenarioId(), sa.target());
            if (sb == null) {
                notes.add(sa.scenarioId() + " / " + sa.target() + ": only in A");
                continue;
            }
            if (!sa.ok() || !sb.ok()) {
                notes.add(sa.scenarioId() + " / " + sa.target() + ": failed in "
                        + (sa.ok() ? "B" : sb.ok() ? "A" : "both"));
                continue;
            }
            List<ForkFigures> fa = forks(a, sa);
            List<ForkFigures> fb = forks(b, sb);
            List<FigureChange> figures = new ArrayList<>();
            for (Figure figure : Figure.values()) {
                List<Double> va = values(fa, figure);
                List<Double> vb = values(fb, figure);
                if (va.isEmpty() || vb.isEmpty()) {
                    continue;
                }
                double medianA = Stats.median(va);
                double medianB = Stats.median(vb);
                ForkStatistics.Ratio ratio = ForkStatistics.ratio(
                        va,
                        vb,
                        floorsA.getOrDefault(floorKey(sa.scenarioId(), figure), 0.0),
                        floorsB.getOrDefault(floorKey(sb.scenarioId(), figure), 0.0));
                figures.add(new FigureChange(
                        figure,
                        medianA,
                        medianB,
                        ratio != null ? ratio.value() : medianA > 0 ? medianB / medianA : Double.NaN,
                        ratio == null ? null : ratio.low(),
                        ratio == null ? null : ratio.high(),
                        figure.change(ratio)));
            }
            rows.add(new Row(sa.scenarioId(), sa.target(), fa.size(), fb.size(), figures));
        }
        for (Summary sb : b.summaries()) {
            if (a.summary(sb.scenarioId(), sb.target()) == null) {
                notes.add(sb.scenarioId() + " / " + sb.target() + ": only in B");
            }
        }
        notes.addAll(conditionsThatDiffer(a.conditions(), b.conditions()));
        return new RunDiff(describe(nameA, a), describe(nameB, b), rows, notes);
    }

    /**
     * A row's forks: those its summary recorded, or for a run made before forks were recorded, one per repetition
     * from its cells.
     */
    private static List<ForkFigures> forks(Results run, Summary s) {
        if (!s.forks().isEmpty()) {
            return s.forks();
        }
        List<CellResult> cells = run.cells().stream()
                .filter(c -> c.id().scenarioId().equals(s.scenarioId())
                        && c.id().target().equals(s.target()))
                .toList();
        return ForkFigures.ofCells(cells, c -> null);
    }

    /**
     * Each scenario's spread floor per figure in {@code run} ({@link ForkStatistics#spreadFloor}), as its compare put
     * it under the scenario's intervals, by {@link #floorKey}.
     */
    private static Map<String, Double> spreadFloors(Results run) {
        Map<String, List<Double>> spreads = new HashMap<>();
        for (Summary s : run.summaries()) {
            if (!s.ok()) {
                continue;
            }
            List<ForkFigures> forks = forks(run, s);
            for (Figure figure : Figure.values()) {
                List<Double> values = values(forks, figure);
                if (!values.isEmpty()) {
                    spreads.computeIfAbsent(floorKey(s.scenarioId(), figure), k -> new ArrayList<>())
                            .add(ForkStatistics.logSpread(values));
                }
            }
        }
        Map<String, Double> floors = new HashMap<>();
        spreads.forEach((key, list) -> floors.put(key, ForkStatistics.spreadFloor(list)));
        return floors;
    }

    private static String floorKey(String scenarioId, Figure figure) {
        return scenarioId + " " + figure.name();
    }

    private static List<Double> values(List<ForkFigures> forks, Figure figure) {
        return forks.stream().map(figure.value).filter(Objects::nonNull).toList();
    }

    private static String describe(String name, Results r) {
        Conditions c = r.conditions();
        String commit = c.build().gitCommit() == null
                ? "commit unknown"
                : "commit " + c.build().gitCommit();
        return String.format(Locale.ROOT, "%s (%s, %s)", name, commit, r.run().startedAt());
    }

    /** The conditions that differ between the runs, a sentence each: their figures may differ for that alone. */
    static List<String> conditionsThatDiffer(Conditions a, Conditions b) {
        List<String> differ = new ArrayList<>();
        differ(differ, "CPU model", a.host().cpuModel(), b.host().cpuModel());
        differ(differ, "JDK", a.jvms().jdk(), b.jvms().jdk());
        differ(differ, "pinning", a.placement().pinning(), b.placement().pinning());
        differ(differ, "server JVM flags", a.jvms().serverJvmFlags(), b.jvms().serverJvmFlags());
        differ(differ, "window", a.schedule().durationSeconds(), b.schedule().durationSeconds());
        Double speedA = loopMicros(a);
        Double speedB = loopMicros(b);
        if (speedA != null && speedB != null && Math.abs(speedB / speedA - 1) > HOST_SPEED_DIFFERS) {
            differ.add(String.format(
                    Locale.ROOT,
                    "the host's speed differs: the noise floor's loop took %.0f µs in A, %.0f µs in B (median, server"
                            + " CPU): every figure may move by that much for that alone",
                    speedA,
                    speedB));
        }
        return differ;
    }

    /** A change of the noise floor's loop time beyond this share is worth saying. */
    static final double HOST_SPEED_DIFFERS = 0.05;

    /** The noise floor's loop time on the servers' first CPU, or null when the run did not measure it. */
    private static Double loopMicros(Conditions c) {
        if (c.noiseFloor() == null || c.noiseFloor().cpus().isEmpty()) {
            return null;
        }
        return c.noiseFloor().cpus().get(0).p50Micros();
    }

    private static void differ(List<String> out, String what, Object a, Object b) {
        if (!Objects.equals(a, b)) {
            out.add(what + " differs: A " + a + ", B " + b);
        }
    }
}
