package io.httpmodels.load;

import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;

import java.util.Locale;

/**
 * The one setting of every latency histogram the load client records: integer microseconds from 1 µs to one
 * hour at 3 significant digits. Histograms with identical settings add exactly (HdrHistogram's {@code add} on
 * the same buckets), which is what lets the intervals of several agents on several machines be merged into the
 * histogram one agent would have recorded; histograms with different settings do not, and a merge refuses them.
 * Stateless.
 */
public final class LatencyHistograms {

    /** Smallest value told apart from 0, in microseconds. */
    public static final long LOWEST_DISCERNIBLE_MICROS = 1;

    /** Largest value recorded, in microseconds (one hour); larger latencies are recorded as this. */
    public static final long HIGHEST_TRACKABLE_MICROS = 3_600_000_000L;

    /** Decimal digits of precision kept at every magnitude (0.1 % relative error). */
    public static final int SIGNIFICANT_DIGITS = 3;

    private LatencyHistograms() {}

    /** A new, empty histogram with the client's settings. */
    public static Histogram create() {
        return new Histogram(LOWEST_DISCERNIBLE_MICROS, HIGHEST_TRACKABLE_MICROS, SIGNIFICANT_DIGITS);
    }

    /**
     * Whether two histograms have the same bucket layout, so that adding one to the other is exact: the same
     * lowest discernible value, significant digits and highest trackable value, and both integer-valued.
     */
    public static boolean sameSettings(AbstractHistogram a, AbstractHistogram b) {
        return a.getLowestDiscernibleValue() == b.getLowestDiscernibleValue()
                && a.getNumberOfSignificantValueDigits() == b.getNumberOfSignificantValueDigits()
                && a.getHighestTrackableValue() == b.getHighestTrackableValue();
    }

    /** The settings in words, for an error message: {@code lowest 1, highest 3600000000, 3 digits}. */
    public static String settings(AbstractHistogram h) {
        return String.format(
                Locale.ROOT,
                "lowest %d, highest %d, %d significant digits",
                h.getLowestDiscernibleValue(),
                h.getHighestTrackableValue(),
                h.getNumberOfSignificantValueDigits());
    }
}
