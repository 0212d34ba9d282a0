package io.httpmodels.harness.history;

import io.httpmodels.harness.results.Stats;
import io.httpmodels.harness.results.Verdict;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One chart of the history page: one figure of one scenario on one machine, a line per target over that
 * machine's commits, and the gate's verdicts as markers. Every number in it is computed here in Java; the page's
 * script only draws it.
 *
 * @param id         the chart container's element id, unique on the page
 * @param machineId  the {@link MachineFingerprint#id()} of every run on it
 * @param scenarioId the scenario
 * @param figure     the figure drawn
 * @param ticks      the x axis: one per commit, in order of its first run
 * @param lines      one per target and kind of run, a value per tick (null where no run at that commit has it)
 * @param markers    the gate's verdicts that found a change or a failure, on the point they judged
 */
public record HistoryChart(
        String id,
        String machineId,
        String scenarioId,
        Figure figure,
        List<Tick> ticks,
        List<Line> lines,
        List<Marker> markers) {

    public HistoryChart {
        ticks = List.copyOf(ticks);
        lines = List.copyOf(lines);
        markers = List.copyOf(markers);
    }

    /**
     * One commit on the x axis, and how many runs it holds.
     *
     * @param label  what the axis shows: the short commit ({@code +} when dirty) and the date of its first run
     * @param commit the full commit
     * @param date   when its first run started, ISO-8601
     * @param runs   how many runs of it measured the chart's scenario, at least 1
     * @param report the report of its latest run that has one, relative to the page, or null when none is known
     */
    public record Tick(String label, String commit, String date, int runs, String report) {}

    /**
     * A target's values over the ticks, from runs of one kind: the median of each commit's runs, and every run's
     * value beside it, so that several runs of one commit show as a spread at that commit.
     *
     * @param name   the line's name in the legend: the target, with {@code · regress} for a regress run's figures
     * @param target the target's name
     * @param kind   the kind of run its values come from
     * @param values one per tick, in the figure's unit: the median of that commit's runs; null where none measured
     *               it (or only runs of the other kind)
     * @param runs   one per tick: each run's value at that commit, in run order; empty where none
     */
    public record Line(String name, String target, RunKind kind, List<Double> values, List<List<Double>> runs) {

        public Line {
            values = Collections.unmodifiableList(new ArrayList<>(values)); // nulls are gaps
            runs = runs.stream().map(List::copyOf).toList();
            if (values.size() != runs.size()) {
                throw new IllegalArgumentException("a value per tick and runs per tick: " + name);
            }
        }

        /** The line of each tick's run values: the median of each, null where a tick has none. */
        public static Line of(String name, String target, RunKind kind, List<List<Double>> runs) {
            List<Double> medians = new ArrayList<>();
            for (List<Double> atTick : runs) {
                medians.add(atTick.isEmpty() ? null : Stats.median(atTick));
            }
            return new Line(name, target, kind, medians, runs);
        }

        /** The legend's name of a target's line of runs of {@code kind}. */
        public static String name(String target, RunKind kind) {
            return kind == RunKind.COMPARE ? target : target + " · " + kind.label();
        }

        /** How many points the line has (commits with a value). */
        public long points() {
            return values.stream().filter(v -> v != null).count();
        }
    }

    /**
     * A verdict of the gate on a point.
     *
     * @param line    the name of the line it sits on ({@link Line#name()})
     * @param x       the tick's index
     * @param value   the point's value
     * @param verdict regression, improvement or failed
     * @param text    the verdict in words with its interval, for the tooltip
     */
    public record Marker(String line, int x, double value, Verdict verdict, String text) {}
}
