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

/**
 * The history as its page and summary show it: the runs grouped by machine (never mixed), the last N of each,
 * and per scenario one {@link HistoryChart} per figure that any run measured, a line per target and kind of run. Stateless arithmetic over
 * {@link HistoryRun}s.
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
     * @param scenarios the scenarios of those runs, in order of first appearance
     * @param charts    per scenario, a chart per figure measured (in {@link Figure} order)
     */
    public record Machine(
            MachineFingerprint machine, List<HistoryRun> runs, List<String> scenarios, List<HistoryChart> charts) {

        public Machine {
            runs = List.copyOf(runs);
            scenarios = List.copyOf(scenarios);
            charts = List.copyOf(charts);
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

    private static Machine machine(List<HistoryRun> runs, Function<HistoryRun, String> report) {
        MachineFingerprint fingerprint = runs.get(0).machine();
        Set<String> scenarios = new LinkedHashSet<>();
        for (HistoryRun run : runs) {
            run.figures().forEach(f -> scenarios.add(f.scenarioId()));
        }
        List<HistoryChart> charts = new ArrayList<>();
        for (String scenario : scenarios) {
            // The x axis of a scenario's charts: the runs that measured it.
            List<HistoryRun> mine = runs.stream()
                    .filter(r ->
                            r.figures().stream().anyMatch(f -> f.scenarioId().equals(scenario)))
                    .toList();
            List<HistoryChart.Tick> ticks = new ArrayList<>();
            for (HistoryRun run : mine) {
                ticks.add(new HistoryChart.Tick(
                        run.shortCommit() + (run.dirty() ? "+" : "") + "\n"
                                + run.startedAt().toString().substring(5, 10),
                        run.commit(),
                        run.startedAt().toString(),
                        run.kind(),
                        report.apply(run)));
            }
            Set<String> targets = new LinkedHashSet<>();
            for (HistoryRun run : mine) {
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
        return new Machine(fingerprint, runs, List.copyOf(scenarios), charts);
    }

    private static HistoryChart chart(
            MachineFingerprint machine,
            String scenario,
            Figure figure,
            List<HistoryRun> runs,
            List<HistoryChart.Tick> ticks,
            Set<String> targets) {
        List<HistoryChart.Line> lines = new ArrayList<>();
        List<HistoryChart.Marker> markers = new ArrayList<>();
        // A line per target and kind of run: a regress run measures in short windows taken in turns with its base,
        // a compare run in long windows alone, so their levels differ and one line through both would step.
        for (RunKind kind : RunKind.values()) {
            for (String target : targets) {
                String name = HistoryChart.Line.name(target, kind);
                List<Double> values = new ArrayList<>();
                for (int x = 0; x < runs.size(); x++) {
                    HistoryRun run = runs.get(x);
                    RunFigures figures = run.kind() == kind ? run.figures(scenario, target) : null;
                    Double value = figures == null ? null : figures.value(figure);
                    values.add(value);
                    GateVerdict verdict = figures == null ? null : run.verdict(scenario, target, figure);
                    if (verdict != null && verdict.marked() && value != null) {
                        markers.add(
                                new HistoryChart.Marker(name, x, value, verdict.verdict(), markerText(run, verdict)));
                    }
                }
                HistoryChart.Line line = new HistoryChart.Line(name, target, kind, values);
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
