package io.httpmodels.harness.regress;

import io.httpmodels.harness.results.RatioInterval;
import io.httpmodels.harness.results.Stats;

import java.util.List;
import java.util.Locale;

/**
 * The regression gate's statistics: the per-round paired ratios candidate / base and an exact, distribution-free
 * confidence interval for their median, from order statistics.
 *
 * <p>For n ratios sorted x(1) <= ... <= x(n), the interval [x(k), x(n+1-k)] covers the true median with
 * probability {@code 1 - 2 P(B <= k-1)}, B ~ Binomial(n, 1/2), whatever the ratios' distribution (continuous,
 * rounds independent): the count of ratios below the median is Binomial(n, 1/2). No bootstrap, no normality; the
 * price is that only a few levels exist for a given n (8 rounds: 99.2 % with the extremes, 93.0 % with the 2nd
 * and 7th), so {@link #medianInterval} takes the narrowest interval whose coverage reaches the level asked for and
 * reports the coverage it achieved. Stateless.
 */
public final class PairedRatio {

    /** How the interval is made, in words, for the outputs. */
    public static final String METHOD = "exact distribution-free interval for the median from order statistics"
            + " (binomial, sign-test inversion)";

    private PairedRatio() {}

    /**
     * The median of the paired ratios {@code candidate[i] / base[i]} with its interval.
     *
     * @param confidence the coverage wanted, in (0, 1); the interval reaches it when n allows
     * @throws IllegalArgumentException when the lists differ in length, are empty, or a base value is not positive
     */
    public static RatioInterval of(List<? extends Number> base, List<? extends Number> candidate, double confidence) {
        return medianInterval(Stats.pairedRatios(base, candidate), confidence);
    }

    /**
     * The median of {@code values} and the narrowest order-statistic interval [x(k), x(n+1-k)] whose exact
     * coverage is at least {@code confidence}; when even [min, max] falls short (n too small), [min, max] with
     * the coverage it has.
     *
     * @throws IllegalArgumentException when there are no values or the confidence is not in (0, 1)
     */
    public static RatioInterval medianInterval(List<? extends Number> values, double confidence) {
        if (values.isEmpty()) {
            throw new IllegalArgumentException("no ratios");
        }
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("the confidence must be in (0, 1), was " + confidence);
        }
        double[] sorted =
                values.stream().mapToDouble(Number::doubleValue).sorted().toArray();
        int n = sorted.length;
        int k = orderIndex(n, confidence);
        return new RatioInterval(
                Stats.median(values),
                sorted[k - 1],
                sorted[n - k],
                coverage(n, k),
                n,
                String.format(
                        Locale.ROOT, "%s: the %s and %s of %d ratios", METHOD, ordinal(k), ordinal(n + 1 - k), n));
    }

    /**
     * The largest k (1-based) whose interval [x(k), x(n+1-k)] covers the median with at least {@code confidence};
     * 1 when none does.
     */
    static int orderIndex(int n, double confidence) {
        int best = 1;
        for (int k = 1; 2 * k <= n + 1; k++) {
            if (coverage(n, k) >= confidence) {
                best = k;
            } else {
                break;
            }
        }
        return best;
    }

    /** The exact coverage of [x(k), x(n+1-k)] for the median: 1 - 2 P(Binomial(n, 1/2) <= k - 1). */
    static double coverage(int n, int k) {
        if (n < 1 || k < 1 || 2 * k > n + 1) {
            throw new IllegalArgumentException("no such interval: k=" + k + " of n=" + n);
        }
        if (2 * k == n + 1) {
            return 0; // the median alone: a point, covering nothing for sure
        }
        // P(B <= k-1), summed in log space so that large n does not underflow 2^-n.
        double tail = 0;
        double logChoose = 0; // log C(n, 0)
        double logHalfPowN = n * Math.log(0.5);
        for (int i = 0; i <= k - 1; i++) {
            if (i > 0) {
                logChoose += Math.log(n - i + 1) - Math.log(i);
            }
            tail += Math.exp(logChoose + logHalfPowN);
        }
        return Math.max(0, 1 - 2 * tail);
    }

    /**
     * The smallest number of rounds whose widest-but-one interval reaches {@code confidence} (so one outlier on
     * each side is dropped), for choosing a default.
     */
    static int roundsFor(double confidence) {
        for (int n = 3; n < 1000; n++) {
            if (coverage(n, 2) >= confidence) {
                return n;
            }
        }
        throw new IllegalArgumentException("no round count reaches " + confidence);
    }

    /**
     * The fewest rounds whose widest interval, [min, max], reaches {@code confidence}: fewer cannot give the
     * evidence asked for whatever they measure (90 %: 5 rounds, 93.8 %).
     */
    static int minRounds(double confidence) {
        for (int n = 2; n < 1000; n++) {
            if (coverage(n, 1) >= confidence) {
                return n;
            }
        }
        throw new IllegalArgumentException("no round count reaches " + confidence);
    }

    private static String ordinal(int i) {
        int mod100 = i % 100;
        String suffix = mod100 >= 11 && mod100 <= 13
                ? "th"
                : switch (i % 10) {
                    case 1 -> "st";
                    case 2 -> "nd";
                    case 3 -> "rd";
                    default -> "th";
                };
        return i + suffix;
    }
}
