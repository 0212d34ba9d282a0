package io.httpmodels.harness.history;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.httpmodels.harness.results.Label;

/** A figure the history follows over commits, one chart each; written as its label. */
public enum Figure implements Label {
    /** Requests per second served (median over a run's repetitions or rounds). */
    REQUESTS_PER_SECOND("requests/s", "req/s", true),
    /** The server's CPU time per request, microseconds. */
    CPU_PER_REQUEST("server CPU per request", "µs/req", false),
    /** The 99th percentile of the primary latency, microseconds. */
    P99("p99 latency", "µs", false),
    /** The largest resident set size of the server sampled, MiB. */
    RSS("server RSS peak", "MiB", false);

    private final String title;
    private final String unit;
    private final boolean higherIsBetter;

    Figure(String title, String unit, boolean higherIsBetter) {
        this.title = title;
        this.unit = unit;
        this.higherIsBetter = higherIsBetter;
    }

    /** The chart's title, e.g. {@code requests/s}. */
    public String title() {
        return title;
    }

    /** The unit its values are in, e.g. {@code µs}. */
    public String unit() {
        return unit;
    }

    /** Whether more is better (requests/s) or less (CPU, latency, memory). */
    public boolean higherIsBetter() {
        return higherIsBetter;
    }

    @JsonValue
    @Override
    public String label() {
        return Label.of(this);
    }

    /** The constant of a label, as the history writes it. */
    @JsonCreator
    public static Figure of(String label) {
        return Label.of(Figure.class, label);
    }

    @Override
    public String toString() {
        return label();
    }
}
