package io.httpmodels.load;

import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;

/**
 * A latency distribution reduced to figures, all in microseconds.
 *
 * @param name        short name: {@code latency}, {@code corrected}, {@code uncorrected}, {@code connect}...
 * @param description what exactly was measured, in words, so nobody has to guess
 * @param count       number of samples (for {@code corrected}: real plus synthetic samples)
 * @param minMicros   smallest sample
 * @param meanMicros  mean
 * @param stdDevMicros standard deviation
 * @param maxMicros   largest sample
 * @param percentiles the values at {@link #PERCENTILES}, in that order
 */
public record LatencySummary(
        String name,
        String description,
        long count,
        long minMicros,
        double meanMicros,
        double stdDevMicros,
        long maxMicros,
        List<Percentile> percentiles) {

    /** The percentiles every summary reports: 50, 75, 90, 99, 99.9, 99.99 and 100 (the maximum). */
    public static final List<Double> PERCENTILES = List.of(50.0, 75.0, 90.0, 99.0, 99.9, 99.99, 100.0);

    public LatencySummary {
        percentiles = List.copyOf(percentiles);
    }

    /**
     * One point of the distribution.
     *
     * @param percentile  0 to 100
     * @param valueMicros the value at or below which that percentage of samples lie
     */
    public record Percentile(double percentile, long valueMicros) {}

    /** Summarises a histogram of microsecond values. */
    public static LatencySummary of(String name, String description, Histogram histogram) {
        List<Percentile> values = new ArrayList<>(PERCENTILES.size());
        boolean empty = histogram.getTotalCount() == 0;
        for (double p : PERCENTILES) {
            values.add(new Percentile(p, empty ? 0 : histogram.getValueAtPercentile(p)));
        }
        return new LatencySummary(
                name,
                description,
                histogram.getTotalCount(),
                empty ? 0 : histogram.getMinValue(),
                empty ? 0 : histogram.getMean(),
                empty ? 0 : histogram.getStdDeviation(),
                empty ? 0 : histogram.getMaxValue(),
                values);
    }

    /** The value at a percentile listed in {@link #PERCENTILES}. */
    public long valueAt(double percentile) {
        for (Percentile p : percentiles) {
            if (p.percentile() == percentile) {
                return p.valueMicros();
            }
        }
        throw new IllegalArgumentException("not a reported percentile: " + percentile);
    }
}
