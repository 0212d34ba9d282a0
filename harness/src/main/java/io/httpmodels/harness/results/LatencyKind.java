package io.httpmodels.harness.results;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** What a latency figure measured; written as its lower-case name ({@code raw}, ...). */
public enum LatencyKind implements Label {
    /** Closed loop: from each request's write to the last byte of its own response. */
    RAW,
    /** Open loop: from when each request was meant to be sent, so a stalled server shows. */
    INTENDED,
    /** Closed loop, with wrk-style synthetic samples for coordinated omission: an estimate. */
    CORRECTED,
    /** Open loop, from the actual write: hides stalls (service time). */
    SERVICE,
    /** A merge of interval logs without their JSON reports: each agent's primary latency as recorded. */
    RECORDED,
    /** A merge of agents of which some paced themselves and some did not. */
    MIXED;

    @JsonValue
    @Override
    public String label() {
        return Label.of(this);
    }

    /** The constant of a label, as results.json writes it. */
    @JsonCreator
    public static LatencyKind of(String label) {
        return Label.of(LatencyKind.class, label);
    }

    @Override
    public String toString() {
        return label();
    }
}
