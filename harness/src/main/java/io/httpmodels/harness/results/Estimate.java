package io.httpmodels.harness.results;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A figure measured in several forks (fresh JVMs): the median over the forks and a confidence interval for it
 * ({@link ForkStatistics}). With one fork there is no interval: {@code low} and {@code high} are null, and a report
 * says so rather than print a figure as surer than it is.
 *
 * <p>In results.json an object {@code {"value": ..., "low": ..., "high": ..., "forks": ...}}; a bare number (what
 * runs before forks wrote) reads as one fork's value.
 *
 * @param value the median over the forks
 * @param low   the interval's lower end, or null with fewer than two forks
 * @param high  its upper end, or null with fewer than two forks
 * @param forks how many forks the figure comes from
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Estimate(double value, Double low, Double high, int forks) {

    public Estimate {
        if ((low == null) != (high == null)) {
            throw new IllegalArgumentException("an interval has both ends or none");
        }
        if (low != null && !(low <= value && value <= high)) {
            throw new IllegalArgumentException("an interval holds its value: " + low + " <= " + value + " <= " + high);
        }
        if (forks < 1) {
            throw new IllegalArgumentException("a figure comes from at least one fork, not " + forks);
        }
    }

    /** Reads the object form. */
    @JsonCreator
    static Estimate fromJson(
            @JsonProperty("value") double value,
            @JsonProperty("low") Double low,
            @JsonProperty("high") Double high,
            @JsonProperty("forks") Integer forks) {
        return new Estimate(value, low, high, forks == null ? 1 : forks);
    }

    /** Reads a bare number, as runs before forks wrote a figure: one fork, no interval. */
    @JsonCreator
    static Estimate fromNumber(double value) {
        return single(value);
    }

    /** One fork's value: no interval. */
    public static Estimate single(double value) {
        return new Estimate(value, null, null, 1);
    }

    /** Whether it has an interval (two forks or more). */
    public boolean hasInterval() {
        return low != null;
    }

    /**
     * How far the interval reaches from the value, as a share of it: the larger of its two sides (an interval
     * made on a log scale is not symmetric); null without an interval or for a value of 0.
     */
    public Double relativeHalfWidth() {
        if (!hasInterval() || value == 0) {
            return null;
        }
        return Math.max(high - value, value - low) / Math.abs(value);
    }

    /** Whether this interval and {@code other}'s share a point: neither figure is shown to differ from the other. */
    public boolean overlaps(Estimate other) {
        if (!hasInterval() || !other.hasInterval()) {
            return true;
        }
        return low <= other.high && other.low <= high;
    }

    /** The same figure scaled by {@code factor} (a unit change), interval included. */
    public Estimate times(double factor) {
        if (factor < 0) {
            throw new IllegalArgumentException("a scale factor is not negative, was " + factor);
        }
        return new Estimate(
                value * factor, low == null ? null : low * factor, high == null ? null : high * factor, forks);
    }
}
