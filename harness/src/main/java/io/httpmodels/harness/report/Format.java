package io.httpmodels.harness.report;

import io.httpmodels.harness.results.Estimate;

import java.util.Locale;

/**
 * How the reports write figures, in one place so the Markdown, HTML and terminal tables agree. Numbers are
 * formatted with {@link Locale#ROOT}: a report reads the same on every machine. Stateless.
 */
final class Format {

    /** What a table shows where a figure is missing. */
    static final String NONE = "–";

    private static final double MEBIBYTE = 1024.0 * 1024.0;

    private Format() {}

    /** {@code 143,100}: requests/s to the unit, with thousands separators. */
    static String requestsPerSecond(Double value) {
        return value == null ? NONE : String.format(Locale.ROOT, "%,.0f", value);
    }

    /** {@code 143.1k}: requests/s in at most six characters, for the terminal. */
    static String requestsPerSecondShort(Double value) {
        if (value == null) {
            return NONE;
        }
        if (value >= 1e6) {
            return String.format(Locale.ROOT, "%.2fM", value / 1e6);
        }
        if (value >= 1e4) {
            return String.format(Locale.ROOT, "%.1fk", value / 1e3);
        }
        return String.format(Locale.ROOT, "%,.0f", value);
    }

    /** {@code 0.87}: a share of another row's figure. */
    static String ratio(Double value) {
        return value == null ? NONE : String.format(Locale.ROOT, "%.2f", value);
    }

    /**
     * A latency in the unit that keeps it short: {@code 85 µs}, {@code 1.25 ms}, {@code 12.5 ms}, {@code 2.10 s}.
     *
     * @param micros microseconds
     */
    static String micros(Long micros) {
        if (micros == null) {
            return NONE;
        }
        long v = micros;
        if (v < 1_000) {
            return v + " µs";
        }
        if (v < 1_000_000) {
            return threeDigits(v / 1e3) + " ms";
        }
        return threeDigits(v / 1e6) + " s";
    }

    /** CPU time per request in microseconds: {@code 6.9}. */
    static String cpuMicros(Double value) {
        return value == null ? NONE : String.format(Locale.ROOT, value < 100 ? "%.1f" : "%.0f", value);
    }

    /** A count per request: {@code 0.006}, {@code 1.00}, {@code 12.1}, {@code 140}. */
    static String perRequest(Double value) {
        if (value == null) {
            return NONE;
        }
        double v = Math.abs(value);
        String format = v == 0 ? "%.0f" : v < 0.1 ? "%.3f" : v < 10 ? "%.2f" : v < 100 ? "%.1f" : "%.0f";
        return String.format(Locale.ROOT, format, value);
    }

    /** Bytes in the unit that keeps them short: {@code 460}, {@code 4.1k}, {@code 12k}, {@code 1.2M}. */
    static String bytes(Double value) {
        if (value == null) {
            return NONE;
        }
        double v = value;
        if (v < 1e3) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        if (v < 1e6) {
            return String.format(Locale.ROOT, v < 1e4 ? "%.1fk" : "%.0fk", v / 1e3);
        }
        return String.format(Locale.ROOT, v < 1e7 ? "%.1fM" : "%.0fM", v / 1e6);
    }

    /** {@code 98 %}: a share where 100 is one core. */
    static String percent(Double value) {
        return value == null ? NONE : String.format(Locale.ROOT, "%.0f %%", value);
    }

    /** Bytes in MiB: {@code 112}, or {@code 8.5} under 10 MiB. */
    static String mebibytes(Long bytes) {
        if (bytes == null) {
            return NONE;
        }
        double mib = bytes / MEBIBYTE;
        return String.format(Locale.ROOT, mib < 10 ? "%.1f" : "%.0f", mib);
    }

    /** An integer or the missing mark. */
    static String count(Number value) {
        return value == null ? NONE : String.format(Locale.ROOT, "%,d", value.longValue());
    }

    /** {@code 8 / 40}: connections that completed a response, of those kept open. */
    static String served(Integer served, int connections) {
        return (served == null ? NONE : String.valueOf(served)) + " / " + connections;
    }

    /** {@code 8/40}: {@link #served} for the terminal. */
    static String servedShort(Integer served, int connections) {
        return (served == null ? NONE : String.valueOf(served)) + "/" + connections;
    }

    /** Seconds without a needless fraction: {@code 3 s}, {@code 2.5 s}. */
    static String seconds(double value) {
        return (value == Math.rint(value) ? String.valueOf((long) value) : String.valueOf(value)) + " s";
    }

    /**
     * How far an interval reaches from its value, as a share: {@code ±3%}, {@code ±0.4%} under 1 %; empty without an
     * interval (one fork).
     */
    static String plusMinus(Estimate estimate) {
        Double h = estimate == null ? null : estimate.relativeHalfWidth();
        if (h == null) {
            return "";
        }
        double percent = 100 * h;
        return String.format(Locale.ROOT, percent < 0.95 ? "±%.1f%%" : "±%.0f%%", percent);
    }

    /** A figure and its interval's reach, {@code 153.0k ±3.1%}, or the figure alone without an interval. */
    static String withPlusMinus(String figure, Estimate estimate) {
        String pm = plusMinus(estimate);
        return pm.isEmpty() ? figure : figure + " " + pm;
    }

    /** {@code 148,100–157,300}: an interval's ends in {@code format}, or null without an interval. */
    static String interval(Estimate estimate, java.util.function.Function<Double, String> format) {
        if (estimate == null || !estimate.hasInterval()) {
            return null;
        }
        return format.apply(estimate.low()) + "–" + format.apply(estimate.high());
    }

    /** A share of the best row's figure, marked {@code ≈} when the row is not shown to differ from the best. */
    static String ratio(Double value, Boolean tiedWithBest) {
        String ratio = ratio(value);
        return Boolean.TRUE.equals(tiedWithBest) && value != null && value < 1 ? "≈" + ratio : ratio;
    }

    /** A latency estimate in microseconds as {@link #micros}, rounded. */
    static String micros(Double micros) {
        return micros == null ? NONE : micros(Math.round(micros));
    }

    private static String threeDigits(double value) {
        if (value < 10) {
            return String.format(Locale.ROOT, "%.2f", value);
        }
        return String.format(Locale.ROOT, value < 100 ? "%.1f" : "%.0f", value);
    }
}
