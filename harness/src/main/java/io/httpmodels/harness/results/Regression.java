package io.httpmodels.harness.results;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

import java.util.List;
import java.util.Objects;

/**
 * The section of {@code results.json} that {@code httpmodels regress} writes: how the candidate compared with
 * its base, cell by cell, and the gate's decision.
 *
 * <p>The groups are unwrapped in results.json: their fields stand in the {@code regression} object itself
 * ({@code "mode"}, {@code "base"}, {@code "rounds"}, ...), as they always have.
 *
 * @param sides       what was compared, and how strong the comparison is
 * @param gate        the gate's rounds, interval and tolerances
 * @param cells       one per cell
 * @param regressions the ids of the cells found to regress, or whose candidate failed
 * @param verdict     {@code regression} when any cell regressed, else {@code improvement} when any improved, else
 *                    {@code same}
 */
public record Regression(
        @JsonUnwrapped RegressionSides sides,
        @JsonUnwrapped GateSettings gate,
        List<RegressionCell> cells,
        List<String> regressions,
        Verdict verdict) {

    public Regression {
        Objects.requireNonNull(sides, "sides");
        Objects.requireNonNull(gate, "gate");
        cells = List.copyOf(cells);
        regressions = List.copyOf(regressions);
    }

    /** Whether the base was measured in the same run or read from a stored baseline ({@link RegressionSides#mode()}). */
    public RegressionMode mode() {
        return sides.mode();
    }
}
