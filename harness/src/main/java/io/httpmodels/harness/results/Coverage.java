package io.httpmodels.harness.results;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** How much of a server a why figure covers; written as {@code complete}, {@code partial} or {@code absent}. */
public enum Coverage implements Label {
    /** Every thread of the server, those that started or ended in the window included. */
    COMPLETE,
    /** A part only (some threads, some kinds of call); the figure's note says which. */
    PARTIAL,
    /** Not measured here; the note says why. */
    ABSENT;

    @JsonValue
    @Override
    public String label() {
        return Label.of(this);
    }

    /** The constant of a label, as results.json writes it. */
    @JsonCreator
    public static Coverage of(String label) {
        return Label.of(Coverage.class, label);
    }

    @Override
    public String toString() {
        return label();
    }
}
