package io.httpmodels.harness.history;

import io.httpmodels.harness.results.RatioInterval;
import io.httpmodels.harness.results.RegressionMode;
import io.httpmodels.harness.results.Verdict;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The history as its page and summary show it: the runs grouped by machine (never mixed), the last N of each, their
 * commits as points on the x axis (every run of one commit at that commit), and per scenario one
 * {@link HistoryChart} per figure that any run measured, a line per target and kind of run. Stateless arithmetic
 * over {@link HistoryRun}s.
 *
 * @param machines one per machine fingerprint, in order of each machine's first run
 */
public record HistoryView(List<Machine> machines) {

    public HistoryView {
        machines = List.copyOf(machines);
    }

    /**
     * One machine's runs and charts.
     *
     * @param machine   its fingerprint
     * @param runs      its last runs, oldest first
     * @param points    the commits of those runs, in order of each one's first run
     * @param scenarios the scenarios of those runs, in order of first appearance
     * @param charts    per scenario, a chart per figure measured (in {@link Figure} order)
     */
    public record Machine(
            MachineFingerprint machine,
            List<HistoryRun> runs,
            List<Point> points,
            List<String> scenarios,
            List<HistoryChart> charts) {

        public Machine {
            runs = List.copyOf(runs);
            points = List.copyOf(points);
            scenarios = List.copyOf(scenarios);
            charts = List.copyOf(charts);
        }
    }

    /**
     * One commit on a machine's x axis and every run of it: a commit measured again (a re-run job, a nightly run of
     * an unchanged main) is drawn at the same place, its runs as a spread that shows the machine's noise.
     *
     * @param commit the commit
     * @param dirty  whether its work tree had uncommitted changes (a point of its own: not the commit's code)
     * @param runs   its runs, oldest first, at least one
     */
    public record Point(String commit, boolean dirty, List<HistoryRun> runs) {

        public Point {
            runs = List.copyOf(runs);
            if (runs.isEmpty()) {
                throw new IllegalArgumentException("a point holds at least one run: " + commit);
            }
        }

        /** The commit as the axis and the summary name it: 7 hex digits, {@code +} when dirty. */
        public String shortCommit() {
            return runs.get(0).shortCommit() + (dirty ? "+" : "");
        }

        /** The same point with only the runs {@code keep} accepts, or null when it accepts none. */
        Point only(Predicate<HistoryRun> keep) {
            List<HistoryRun> kept = runs.stream().filter(keep).toList();
            return kept.isEmpty() ? null : new Point(commit, dirty, kept);
        }
    }

    /**
     * The view of {@code runs}.
     *
     * @param runs   every run, oldest first ({@link HistoryStore#runs()})
     * @param last   how many of each machine's latest runs to show, at least 1
     * @param report a run's report link relative to the page, or null when there is none
     */
    public static HistoryView of(List<HistoryRun> runs, int last, Function<HistoryRun, String> report) {
        if (last < 1) {
            throw new IllegalArgumentException("--last must be at least 1, was " + last);
        }
        Map<String, List<HistoryRun>> byMachine = new LinkedHashMap<>();
        for (HistoryRun run : runs) {
            byMachine
                    .computeIfAbsent(run.machine().id(), id -> new ArrayList<>())
                    .add(run);
        }
        List<Machine> machines = new ArrayList<>();
        for (List<HistoryRun> all : byMachine.values()) {
            List<HistoryRun> shown = all.subList(Math.max(0, all.size() - last), all.size());
            machines.add(machine(shown, report));
        }
        return new HistoryView(machines);
    }

    /** The runs grouped by commit (and dirtiness), in order of each group's first run. */
    static List<Point> points(List<HistoryRun> runs) {
        Map<String, List<HistoryRun>> byCommit = new LinkedHashMap<>();
        for (HistoryRun run : runs) {
            byCommit.computeIfAbsent(run.commit() + (run.dirty() ? "+" : ""), k -> new ArrayList<>())
                    .add(run);
        }
        return byCommit.values().stream()
                .map(r -> new Point(r.get(0).commit(), r.get(0).dirty(), r))
                .toList();
    }

    private static Machine machine(List<HistoryRun> runs, Function<HistoryRun, String> report) {
        MachineFingerprint fingerprint = runs.get(0).machine();
        List<Point> points = points(runs);
        Set<String> scenarios = new LinkedHashSet<>();
        for (HistoryRun run : runs) {
            run.figures().forEach(f -> scenarios.add(f.scenarioId()));
        }
        List<HistoryChart> charts = new ArrayList<>();
        for (String scenario : scenarios) {
            // The x axis of a scenario's charts: the commits of the runs that measured it, each with those runs.
            List<Point> mine = points.stream()
                    .map(p -> p.only(r ->
                            r.figures().stream().anyMatch(f -> f.scenarioId().equals(scenario))))
                    .filter(p -> p != null)
                    .toList();
            List<HistoryChart.Tick> ticks = new ArrayList<>();
            for (Point point : mine) {
                HistoryRun first = point.runs().get(0);
                ticks.add(new HistoryChart.Tick(
                        point.shortCommit() + "\n"
                                + first.startedAt().toString().substring(5, 10),
                        point.commit(),
                        first.startedAt().toString(),
                        point.runs().size(),
                        latestReport(point, report)));
            }
            Set<String> targets = new LinkedHashSet<>();
            for (HistoryRun run : runs) {
                run.figures().stream()
                        .filter(f -> f.scenarioId().equals(scenario))
                        .forEach(f -> targets.add(f.target()));
            }
            for (Figure figure : Figure.values()) {
                HistoryChart chart = chart(fingerprint, scenario, figure, mine, ticks, targets);
                if (chart != null) {
                    charts.add(chart);
                }
            }
        }
        return new Machine(fingerprint, runs, points, List.copyOf(scenarios), charts);
    }

    /** The report of the point's latest run that has one: a click on the point opens it. */
    private static String latestReport(Point point, Function<HistoryRun, String> report) {
        for (int i = point.runs().size() - 1; i >= 0; i--) {
            String link = report.apply(point.runs().get(i));
            if (link != null) {
                return link;
            }
        }
        return null;
    }

    private static HistoryChart chart(
            MachineFingerprint machine,
            String scenario,
            Figure figure,
            List<Point> points,
            List<HistoryChart.Tick> ticks,
            Set<String> targets) {
        List<HistoryChart.Line> lines = new ArrayList<>();
        List<HistoryChart.Marker> markers = new ArrayList<>();
        // A line per target and kind of run: a regress run measures in short windows taken in turns with its base,
        // a compare run in long windows alone, so their levels differ and one line through both would step.
        for (RunKind kind : RunKind.values()) {
            for (String target : targets) {
                String name = HistoryChart.Line.name(target, kind);
                List<List<Double>> values = new ArrayList<>();
                for (int x = 0; x < points.size(); x++) {
                    List<Double> atCommit = new ArrayList<>();
                    for (HistoryRun run : points.get(x).runs()) {
                        RunFigures figures = run.kind() == kind ? run.figures(scenario, target) : null;
                        Double value = figures == null ? null : figures.value(figure);
                        if (value == null) {
                            continue;
                        }
                        atCommit.add(value);
                        GateVerdict verdict = run.verdict(scenario, target, figure);
                        if (verdict != null && verdict.marked()) {
                            markers.add(new HistoryChart.Marker(
                                    name, x, value, verdict.verdict(), markerText(run, verdict)));
                        }
                    }
                    values.add(atCommit);
                }
                HistoryChart.Line line = HistoryChart.Line.of(name, target, kind, values);
                if (line.points() > 0) {
                    lines.add(line);
                }
            }
        }
        if (lines.isEmpty()) {
            return null;
        }
        String id =
                "history-" + machine.id() + "-" + scenario + "-" + figure.name().toLowerCase(Locale.ROOT);
        return new HistoryChart(
                id.replaceAll("[^A-Za-z0-9_-]", "-"), machine.id(), scenario, figure, ticks, lines, markers);
    }

    /** The marker's tooltip: the verdict, the change with its interval, and how strong the evidence is. */
    static String markerText(HistoryRun run, GateVerdict verdict) {
        StringBuilder text = new StringBuilder();
        text.append(verdict.verdict().label())
                .append(": ")
                .append(verdict.target())
                .append(' ')
                .append(verdict.figure().title());
        RatioInterval change = verdict.change();
        if (change != null) {
            text.append(String.format(
                    Locale.ROOT,
                    " ×%.3f, interval [%.3f, %.3f] (%.0f %% confidence, %d rounds)",
                    change.median(),
                    change.lower(),
                    change.upper(),
                    change.confidence() * 100,
                    change.rounds()));
        } else if (verdict.verdict() == Verdict.FAILED) {
            text.append(": the candidate could not be measured");
        }
        text.append(" at ").append(run.shortCommit());
        text.append(
                run.gateMode() == RegressionMode.BASELINE
                        ? "; against a stored baseline (weaker than a same-run A/B)"
                        : "; base and candidate measured in the same run");
        return text.toString();
    }
}
