package io.httpmodels.harness.results;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** How a run ended; written as {@code complete} or {@code interrupted}. */
public enum RunStatus implements Label {
    /** Every cell of the plan ran. */
    COMPLETE,
    /** Ctrl-C stopped it; the cells that completed are kept. */
    INTERRUPTED;

    @JsonValue
    @Override
    public String label() {
        return Label.of(this);
    }

    /** The constant of a label, as results.json writes it. */
    @JsonCreator
    public static RunStatus of(String label) {
        return Label.of(RunStatus.class, label);
    }

    @Override
    public String toString() {
        return label();
    }
}
