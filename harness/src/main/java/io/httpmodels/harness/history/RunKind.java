package io.httpmodels.harness.history;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.httpmodels.harness.results.Label;

/** What made a run of the history: written as {@code compare} or {@code regress}. */
public enum RunKind implements Label {
    /** {@code httpmodels compare}: the figures of every target, no verdict. */
    COMPARE,
    /** {@code httpmodels regress}: the candidate's figures and the gate's verdicts on them. */
    REGRESS;

    @JsonValue
    @Override
    public String label() {
        return Label.of(this);
    }

    /** The constant of a label, as the history writes it. */
    @JsonCreator
    public static RunKind of(String label) {
        return Label.of(RunKind.class, label);
    }

    @Override
    public String toString() {
        return label();
    }
}
