package io.httpmodels.harness.history;

import io.httpmodels.harness.results.RatioInterval;
import io.httpmodels.harness.results.Verdict;

import java.util.Objects;

/**
 * What the regression gate said of one figure of one cell in a regress run, as the history keeps it to draw a
 * marker on that figure's chart.
 *
 * @param scenarioId the scenario
 * @param target     the model
 * @param figure     the figure judged
 * @param verdict    regression, improvement, same, or failed (the candidate could not be measured)
 * @param change     candidate / base with its interval; null for a failed cell
 */
public record GateVerdict(String scenarioId, String target, Figure figure, Verdict verdict, RatioInterval change) {

    public GateVerdict {
        Objects.requireNonNull(scenarioId, "scenarioId");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(figure, "figure");
        Objects.requireNonNull(verdict, "verdict");
    }

    /** Whether a marker shows it: a change found (either way) or a candidate that failed. */
    public boolean marked() {
        return verdict == Verdict.REGRESSION || verdict == Verdict.IMPROVEMENT || verdict == Verdict.FAILED;
    }
}
