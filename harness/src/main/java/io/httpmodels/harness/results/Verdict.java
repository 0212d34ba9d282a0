package io.httpmodels.harness.results;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Arrays;
import java.util.List;

/**
 * What the gate says of a change: a {@code regression} or an {@code improvement} only when the whole confidence
 * interval of the paired ratio lies beyond the tolerance, else {@code same}. An interval that straddles the
 * tolerance is {@code same}: the gate fails only on evidence. A cell's verdict may also be {@code failed} (its
 * candidate could not be measured: counted as a regression) or {@code no base} (its base could not). Written to
 * results.json as its label.
 */
public enum Verdict implements Label {
    /** Worse beyond the tolerance, with the whole interval. */
    REGRESSION,
    /** Better beyond the tolerance, with the whole interval. */
    IMPROVEMENT,
    /** Neither shown. */
    SAME,
    /** A cell whose candidate could not be measured in most rounds while its base could: a regression. */
    FAILED,
    /** A cell whose base could not be measured (a model the base lacks): nothing to compare with. */
    NO_BASE;

    /**
     * The verdict on one figure.
     *
     * @param change         candidate / base with its interval
     * @param tolerance      the change tolerated, e.g. 0.05 for 5 %
     * @param higherIsBetter true for requests/s, false for latency
     */
    public static Verdict of(RatioInterval change, double tolerance, boolean higherIsBetter) {
        return of(change, tolerance, higherIsBetter, 0);
    }

    /**
     * The verdict on one figure, {@code same} when the interval's achieved confidence falls short of
     * {@code confidenceWanted} (too few rounds measured to decide anything: two rounds' [min, max] covers the
     * median with only 50 %).
     */
    public static Verdict of(RatioInterval change, double tolerance, boolean higherIsBetter, double confidenceWanted) {
        if (!(tolerance >= 0 && tolerance < 1)) {
            throw new IllegalArgumentException("a tolerance is in [0, 1), was " + tolerance);
        }
        if (change.confidence() < confidenceWanted) {
            return SAME;
        }
        boolean allBelow = change.upper() < 1 - tolerance;
        boolean allAbove = change.lower() > 1 + tolerance;
        if (higherIsBetter) {
            return allBelow ? REGRESSION : allAbove ? IMPROVEMENT : SAME;
        }
        return allAbove ? REGRESSION : allBelow ? IMPROVEMENT : SAME;
    }

    /**
     * A cell's verdict from its figures' (null for a figure not measured): any regression is one; else any
     * improvement; else same.
     */
    public static Verdict combine(Verdict... figures) {
        List<Verdict> all = Arrays.asList(figures);
        if (all.contains(REGRESSION)) {
            return REGRESSION;
        }
        return all.contains(IMPROVEMENT) ? IMPROVEMENT : SAME;
    }

    /** Whether the gate fails on this verdict: a regression, or a candidate that could not be measured. */
    public boolean failsTheGate() {
        return this == REGRESSION || this == FAILED;
    }

    /** The word the outputs use: {@code regression}, {@code improvement}, {@code same}, {@code no base}. */
    @JsonValue
    @Override
    public String label() {
        return Label.of(this);
    }

    /** The verdict of a label, as results.json writes it. */
    @JsonCreator
    public static Verdict of(String label) {
        return Label.of(Verdict.class, label);
    }

    @Override
    public String toString() {
        return label();
    }
}
