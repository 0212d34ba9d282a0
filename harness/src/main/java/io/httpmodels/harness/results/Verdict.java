package io.httpmodels.harness.results;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Arrays;
import java.util.List;

/**
 * What the gate says of a change: a {@code regression} or an {@code improvement} when the paired ratio's confidence
 * interval excludes no change (1) and its median lies beyond the tolerance, else {@code same}. The interval says
 * whether there is a change at all; the tolerance, whether the change measured is big enough to act on. A change
 * whose interval touches 1 is {@code same} however large its median: the gate fails only on evidence.
 *
 * <p>Why not "the whole interval beyond the tolerance": that asks the interval's far edge, the 2nd of 8 ratios, to
 * clear the tolerance, so on this project's 2-core machine, where one round's ratio moves by 10 % on its own, a
 * build 14 % slower went unflagged in 3 of 10 runs (docs/regression-gate.md) while every one of those intervals lay
 * wholly on the slow side of 1.
 *
 * <p>A cell's verdict may also be {@code failed} (its candidate could not be measured: counted as a regression) or
 * {@code no base} (its base could not). Written to results.json as its label.
 */
public enum Verdict implements Label {
    /** Worse: the interval wholly on the worse side of 1 and the median beyond the tolerance. */
    REGRESSION,
    /** Better: the interval wholly on the better side of 1 and the median beyond the tolerance. */
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
        boolean lower = change.upper() < 1 && change.median() < 1 - tolerance;
        boolean higher = change.lower() > 1 && change.median() > 1 + tolerance;
        if (higherIsBetter) {
            return lower ? REGRESSION : higher ? IMPROVEMENT : SAME;
        }
        return higher ? REGRESSION : lower ? IMPROVEMENT : SAME;
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
