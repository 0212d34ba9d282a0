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
 * widened to hold it when it would not.
 *
 * <p><b>The spread floor.</b> Three forks estimate their spread poorly: one row in six gets a standard deviation
 * below 42 % of the true one (its square is the true variance times an exponential variable), and a row whose forks
 * agree by chance gets an interval too narrow to hold the next run's median. So a row's log spread is taken as at
 * least half its scenario's median row's ({@link #spreadFloor}), when at least {@value #FLOOR_ROWS} rows have one: a
 * row measured beside the others on the same machine in the same minutes shares some of their noise. The floor only
 * widens, never narrows: forks that disagree keep their own, wider, spread. Half the median is the share at which
 * the intervals of ten default runs on this machine covered the other runs' median at the stated 95 %
 * (docs/intervals.md). Stateless.
 */
public final class ForkStatistics {

    /** The coverage every interval is made for. */
    public static final double CONFIDENCE = 0.95;

    /** How an interval is made, in words, for the outputs. */
    public static final String METHOD = "median over forks; 95 % interval: Student's t over the forks' log values,"
            + " their spread at least half the scenario's median row's";

    /** The fewest rows of a scenario whose spreads make a floor for each other's ({@link #spreadFloor}). */
    public static final int FLOOR_ROWS = 3;

    /** The floor's share of the scenario's median row spread. */
    public static final double FLOOR_SHARE = 0.5;

    private ForkStatistics() {}

    /**
     * A figure's median over {@code forkValues} with its interval (none for one fork).
     *
     * @throws IllegalArgumentException when there are no values or one is not finite
     */
    public static Estimate estimate(List<? extends Number> forkValues) {
        return estimate(forkValues, 0);
    }

    /**
     * A figure's median over {@code forkValues} with its interval, the forks' log spread taken as at least
     * {@code spreadFloor} (see the class's note; 0 for none). Values that are not all positive have no log spread and
     * take no floor.
     *
     * @throws IllegalArgumentException when there are no values, one is not finite, or the floor is negative
     */
    public static Estimate estimate(List<? extends Number> forkValues, double spreadFloor) {
        if (!(spreadFloor >= 0)) {
            throw new IllegalArgumentException("a spread floor is zero or more, not " + spreadFloor);
        }
        double[] values = finite(forkValues);
        double median = Stats.median(forkValues);
        int n = values.length;
        if (n == 1) {
            return Estimate.single(median);
        }
        boolean logScale = allPositive(values);
        double[] scaled = logScale ? logs(values) : values;
        double mean = mean(scaled);
        double spread = Math.sqrt(variance(scaled, mean));
        if (logScale) {
            spread = Math.max(spread, spreadFloor);
        }
        double halfWidth = StudentT.critical(CONFIDENCE, n - 1) * spread / Math.sqrt(n);
        double low = back(mean - halfWidth, logScale);
        double high = back(mean + halfWidth, logScale);
        return new Estimate(median, Math.min(low, median), Math.max(high, median), n);
    }

    /**
     * The spread of a figure's fork values: the sample standard deviation of their logarithms.
     *
     * @return NaN for fewer than two values or one that is not positive
     */
    public static double logSpread(List<? extends Number> forkValues) {
        double[] values = finite(forkValues);
        if (values.length < 2 || !allPositive(values)) {
            return Double.NaN;
        }
        double[] logs = logs(values);
        return Math.sqrt(variance(logs, mean(logs)));
    }

    /**
     * The floor a scenario's rows put under each other's spreads: {@value #FLOOR_SHARE} of the median of their
     * {@link #logSpread}s that are numbers, or 0 (none) when fewer than {@value #FLOOR_ROWS} are.
     */
    public static double spreadFloor(List<Double> rowSpreads) {
        List<Double> known =
                rowSpreads.stream().filter(d -> d != null && Double.isFinite(d)).toList();
        return known.size() < FLOOR_ROWS ? 0 : FLOOR_SHARE * Stats.median(known);
    }

    /**
     * How {@code b} compares with {@code a}: the ratio of their geometric means (b / a) with a Welch interval on the
     * logarithms (the two sets of forks are independent and may differ in spread), at {@link #CONFIDENCE}.
     *
     * @return null when either side has fewer than two forks or a value that is not positive
     */
    public static Ratio ratio(List<? extends Number> a, List<? extends Number> b) {
        return ratio(a, b, 0, 0);
    }

    /**
     * {@link #ratio(List, List)} with each side's log spread taken as at least its floor, as {@link #estimate(List,
     * double)} takes it: the floors of the row's scenario in each run.
     *
     * @return null when either side has fewer than two forks or a value that is not positive
     */
    public static Ratio ratio(List<? extends Number> a, List<? extends Number> b, double floorA, double floorB) {
        double[] x = finite(a);
        double[] y = finite(b);
        if (x.length < 2 || y.length < 2 || !allPositive(x) || !allPositive(y)) {
            return null;
        }
        double[] lx = logs(x);
        double[] ly = logs(y);
        double mx = mean(lx);
        double my = mean(ly);
        double vx = Math.max(variance(lx, mx), floorA * floorA) / lx.length;
        double vy = Math.max(variance(ly, my), floorB * floorB) / ly.length;
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
