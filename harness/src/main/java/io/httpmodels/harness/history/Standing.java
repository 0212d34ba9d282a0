package io.httpmodels.harness.history;

import java.util.ArrayList;
import java.util.List;

/**
 * Where one figure of a run stands among the same machine's runs before it: the value and the past runs' median
 * and range. Weaker evidence than the gate's same-run A/B (the drift between runs is not cancelled): a reading
 * aid, never a verdict.
 *
 * @param scenarioId the scenario
 * @param target     the target
 * @param figure     the figure
 * @param value      this run's value, in the figure's unit
 * @param past       the past runs' spread, or null when none measured it
 */
public record Standing(String scenarioId, String target, Figure figure, double value, Spread past) {

    /**
     * Every figure of {@code run} against the same scenario, target and figure in the runs of {@code before} of
     * the same kind (runs of the same machine; the caller picks how many): a regress run's short windows in
     * turns and a compare run's long ones alone differ in level, so each is held against its own kind.
     */
    public static List<Standing> of(HistoryRun run, List<HistoryRun> before) {
        List<Standing> standings = new ArrayList<>();
        before = sameKind(run, before);
        for (RunFigures figures : run.figures()) {
            for (Figure figure : Figure.values()) {
                Double value = figures.value(figure);
                if (value == null) {
                    continue;
                }
                List<Double> past = new ArrayList<>();
                for (HistoryRun earlier : before) {
                    RunFigures f = earlier.figures(figures.scenarioId(), figures.target());
                    past.add(f == null ? null : f.value(figure));
                }
                standings.add(new Standing(figures.scenarioId(), figures.target(), figure, value, Spread.of(past)));
            }
        }
        return standings;
    }

    /** The runs of {@code runs} of the same kind as {@code run}: those it is held against. */
    public static List<HistoryRun> sameKind(HistoryRun run, List<HistoryRun> runs) {
        return runs.stream().filter(r -> r.kind() == run.kind()).toList();
    }

    /** Where the value lies in the past range, or null without a past. */
    public Spread.Position position() {
        return past == null ? null : past.position(value);
    }
}
