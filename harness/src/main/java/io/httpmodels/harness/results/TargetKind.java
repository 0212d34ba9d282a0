package io.httpmodels.harness.results;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** What a row of the tables is; written as its lower-case name ({@code model}, ...). */
public enum TargetKind implements Label {
    /** A model of this project, started by the harness in its own JVM. */
    MODEL,
    /** nginx, started by the harness from scripts/peers: the reference row. */
    NGINX,
    /** Another reference server started from scripts/peers ({@code compare --with go-nethttp}, ...). */
    PEER,
    /** A server already running at a URL ({@code --target NAME=URL}). */
    EXTERNAL,
    /** {@code merge}: every agent's histograms added. */
    MERGED,
    /** {@code merge}: one agent's own figures. */
    AGENT;

    @JsonValue
    @Override
    public String label() {
        return Label.of(this);
    }

    /** The constant of a label, as results.json writes it. */
    @JsonCreator
    public static TargetKind of(String label) {
        return Label.of(TargetKind.class, label);
    }

    @Override
    public String toString() {
        return label();
    }
}
