package io.httpmodels.harness.history;

import io.httpmodels.harness.results.Verdict;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One chart of the history page: one figure of one scenario on one machine, a line per target over that
 * machine's runs, and the gate's verdicts as markers. Every number in it is computed here in Java; the page's
 * script only draws it.
 *
 * @param id         the chart container's element id, unique on the page
 * @param machineId  the {@link MachineFingerprint#id()} of every run on it
 * @param scenarioId the scenario
 * @param figure     the figure drawn
 * @param ticks      the x axis: one per run, oldest first
 * @param lines      one per target and kind of run, a value per tick (null where that run lacks it)
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
     * One run on the x axis.
     *
     * @param label  what the axis shows: the short commit and the date
     * @param commit the full commit
     * @param date   when the run started, ISO-8601
     * @param kind   compare or regress
     * @param report the run's report relative to the page, or null when unknown or missing
     */
    public record Tick(String label, String commit, String date, RunKind kind, String report) {}

    /**
     * A target's values over the ticks, from runs of one kind.
     *
     * @param name   the line's name in the legend: the target, with {@code · regress} for a regress run's figures
     * @param target the target's name
     * @param kind   the kind of run its values come from
     * @param values one per tick, in the figure's unit; null where not measured (or measured by the other kind)
     */
    public record Line(String name, String target, RunKind kind, List<Double> values) {

        public Line {
            values = Collections.unmodifiableList(new ArrayList<>(values)); // nulls are gaps
        }

        /** The legend's name of a target's line of runs of {@code kind}. */
        public static String name(String target, RunKind kind) {
            return kind == RunKind.COMPARE ? target : target + " · " + kind.label();
        }

        /** How many points the line has (values measured). */
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
