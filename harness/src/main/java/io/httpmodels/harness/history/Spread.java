package io.httpmodels.harness.history;

import io.httpmodels.harness.results.Stats;

import java.util.List;

/**
 * Where a figure has been over past runs of one machine: their median and range. What a new figure is held
 * against when no base was measured beside it, which is weaker evidence than the gate's same-run A/B: the
 * machine's drift between runs is in the range, not cancelled as in a paired ratio.
 *
 * @param median the median of the past figures
 * @param min    the smallest
 * @param max    the largest
 * @param runs   how many past runs had the figure
 */
public record Spread(double median, double min, double max, int runs) {

    /** Where a value lies against the range. */
    public enum Position {
        /** Below the smallest past figure. */
        BELOW,
        /** Within [min, max]. */
        WITHIN,
        /** Above the largest past figure. */
        ABOVE
    }

    public Spread {
        if (!(min <= median && median <= max) || runs < 1) {
            throw new IllegalArgumentException("a spread holds its median and at least one run: " + min + " <= "
                    + median + " <= " + max + ", " + runs + " runs");
        }
    }

    /** The spread of the values that are not null, or null when none is. */
    public static Spread of(List<Double> values) {
        List<Double> known = values.stream().filter(v -> v != null).toList();
        if (known.isEmpty()) {
            return null;
        }
        double min = known.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        double max = known.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        return new Spread(Stats.median(known), min, max, known.size());
    }

    /** Where {@code value} lies against the range. */
    public Position position(double value) {
        return value < min ? Position.BELOW : value > max ? Position.ABOVE : Position.WITHIN;
    }

    /** {@code value} relative to the median: 0.9 is 10 % less. */
    public double relativeToMedian(double value) {
        return value / median;
    }
}
