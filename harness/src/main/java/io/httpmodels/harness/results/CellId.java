package io.httpmodels.harness.results;

import java.util.Objects;

/**
 * Which measurement a cell is: a target under a scenario, one repetition (one window, in {@code regress}).
 *
 * @param scenarioId the {@link Scenario#id()}
 * @param target     the {@link TargetInfo#name()}
 * @param repetition 1-based
 */
public record CellId(String scenarioId, String target, int repetition) {

    public CellId {
        Objects.requireNonNull(scenarioId, "scenarioId");
        Objects.requireNonNull(target, "target");
    }
}
