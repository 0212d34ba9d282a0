package io.httpmodels.harness.results;

import java.util.List;

/**
 * How sure a figure measured in several forks is, and whether two such figures differ: the statistics behind every
 * interval, tie and verdict of {@code compare} and {@code diff}.
 *
 * <p>A fork is one fresh JVM of the target, warmed and measured; its value of a figure is the figure over its
 * windows. Between JVMs of one build a figure moves by more than between windows of one JVM (what the JIT compiled,
 * where the heap landed), so the forks are the samples, and a figure's interval is an interval over forks:
 * Student's t on the logarithms of the fork values, at {@link #CONFIDENCE}. Why this method:
 * <ul>
 *   <li>An exact distribution-free interval from order statistics (the regression gate's {@code PairedRatio})
 *       cannot reach 95 % with the few forks a run of minutes affords: [min, max] of 3 forks covers the median with
 *       75 %, of 5 with 94 %; it needs 6.</li>
 *   <li>A bootstrap over 3 forks never sees a fork outside the three it has, and its interval is too narrow.</li>
 *   <li>Student's t is exact when fork values are log-normal (figures of speed are ratios, positive and skewed,
 *       which the logarithm makes symmetric) and widens with the forks' disagreement: three forks that disagree get
 *       a wide interval, never a narrower one. Its coverage on this machine is measured, not assumed
 *       ({@code scripts/bench/reproducibility.sh}).</li>
 * </ul>
 * The point estimate is the median of the forks (one fork whose JIT went astray moves it least); the interval is
 * widened to hold it when it would not. Stateless.
 */
public final class ForkStatistics {

    /** The coverage every interval is made for. */
    public static final double CONFIDENCE = 0.95;

    /** How an interval is made, in words, for the outputs. */
    public static final String METHOD = "median over forks; 95 % interval: Student's t over the forks' log values";

    private ForkStatistics() {}

    /**
     * A figure's median over {@code forkValues} with its interval (none for one fork).
     *
     * @throws IllegalArgumentException when there are no values or one is not finite
     */
    public static Estimate estimate(List<? extends Number> forkValues) {
        double[] values = finite(forkValues);
        double median = Stats.median(forkValues);
        int n = values.length;
        if (n == 1) {
            return Estimate.single(median);
        }
        boolean logScale = allPositive(values);
        double[] scaled = logScale ? logs(values) : values;
        double mean = mean(scaled);
        double halfWidth = StudentT.critical(CONFIDENCE, n - 1) * Math.sqrt(variance(scaled, mean) / n);
        double low = back(mean - halfWidth, logScale);
        double high = back(mean + halfWidth, logScale);
        return new Estimate(median, Math.min(low, median), Math.max(high, median), n);
    }

    /**
     * How {@code b} compares with {@code a}: the ratio of their geometric means (b / a) with a Welch interval on the
     * logarithms (the two sets of forks are independent and may differ in spread), at {@link #CONFIDENCE}.
     *
     * @return null when either side has fewer than two forks or a value that is not positive
     */
    public static Ratio ratio(List<? extends Number> a, List<? extends Number> b) {
        double[] x = finite(a);
        double[] y = finite(b);
        if (x.length < 2 || y.length < 2 || !allPositive(x) || !allPositive(y)) {
            return null;
        }
        double[] lx = logs(x);
        double[] ly = logs(y);
        double mx = mean(lx);
        double my = mean(ly);
        double vx = variance(lx, mx) / lx.length;
        double vy = variance(ly, my) / ly.length;
        double se = Math.sqrt(vx + vy);
        double difference = my - mx;
        if (se == 0) {
            double ratio = Math.exp(difference);
            return new Ratio(ratio, ratio, ratio, x.length, y.length);
        }
        // Welch-Satterthwaite degrees of freedom.
        double dof = (vx + vy) * (vx + vy) / (vx * vx / (lx.length - 1) + vy * vy / (ly.length - 1));
        double half = StudentT.critical(CONFIDENCE, dof) * se;
        return new Ratio(
                Math.exp(difference), Math.exp(difference - half), Math.exp(difference + half), x.length, y.length);
    }

    /**
     * A ratio b / a of two figures with its interval.
     *
     * @param value  the ratio of the geometric means
     * @param low    the interval's lower end
     * @param high   its upper end
     * @param forksA forks behind a
     * @param forksB forks behind b
     */
    public record Ratio(double value, double low, double high, int forksA, int forksB) {

        /** Whether the interval lies wholly above 1 (b higher), below it (b lower), or holds it (no difference shown). */
        public int direction() {
            if (low > 1) {
                return 1;
            }
            if (high < 1) {
                return -1;
            }
            return 0;
        }
    }

    private static double[] finite(List<? extends Number> values) {
        if (values.isEmpty()) {
            throw new IllegalArgumentException("no forks");
        }
        double[] out = new double[values.size()];
        for (int i = 0; i < out.length; i++) {
            double v = values.get(i).doubleValue();
            if (!Double.isFinite(v)) {
                throw new IllegalArgumentException("fork " + (i + 1) + " has no finite value: " + v);
            }
            out[i] = v;
        }
        return out;
    }

    private static boolean allPositive(double[] values) {
        for (double v : values) {
            if (!(v > 0)) {
                return false;
            }
        }
        return true;
    }

    private static double[] logs(double[] values) {
        double[] out = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = Math.log(values[i]);
        }
        return out;
    }

    private static double back(double value, boolean logScale) {
        return logScale ? Math.exp(value) : value;
    }

    private static double mean(double[] values) {
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return sum / values.length;
    }

    /** The sample variance (n - 1 in the denominator). */
    private static double variance(double[] values, double mean) {
        double sum = 0;
        for (double v : values) {
            sum += (v - mean) * (v - mean);
        }
        return sum / (values.length - 1);
    }
}
