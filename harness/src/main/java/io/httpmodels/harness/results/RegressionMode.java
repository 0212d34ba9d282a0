package io.httpmodels.harness.results;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** What {@code regress} compared the candidate with; written as {@code base} or {@code baseline}. */
public enum RegressionMode implements Label {
    /** A base build measured in the same run, interleaved. */
    BASE,
    /** A stored results.json, normalised by a calibration measured now: weaker. */
    BASELINE;

    @JsonValue
    @Override
    public String label() {
        return Label.of(this);
    }

    /** The constant of a label, as results.json writes it. */
    @JsonCreator
    public static RegressionMode of(String label) {
        return Label.of(RegressionMode.class, label);
    }

    @Override
    public String toString() {
        return label();
    }
}
