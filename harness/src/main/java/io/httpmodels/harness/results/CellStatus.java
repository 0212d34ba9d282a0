package io.httpmodels.harness.results;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** Whether a cell (or a summary of cells) produced figures; written as {@code ok} or {@code failed}. */
public enum CellStatus implements Label {
    /** Measured: the figures are there. */
    OK,
    /** Not measured (the server did not start, died, or the client never connected); the reason is beside it. */
    FAILED;

    @JsonValue
    @Override
    public String label() {
        return Label.of(this);
    }

    /** The constant of a label, as results.json writes it. */
    @JsonCreator
    public static CellStatus of(String label) {
        return Label.of(CellStatus.class, label);
    }

    @Override
    public String toString() {
        return label();
    }
}
