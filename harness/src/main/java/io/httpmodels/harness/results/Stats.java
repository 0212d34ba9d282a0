package io.httpmodels.harness.results;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The arithmetic behind every comparison figure: medians, paired per-round ratios, CPU per request. Kept in
 * one tested place so that the harness, the benchmark scripts and the reports agree. Stateless.
 */
public final class Stats {

    private Stats() {}

    /**
     * The median: the middle value, or the mean of the middle two for an even count.
     *
     * @throws IllegalArgumentException when there are no values
     */
    public static double median(Collection<? extends Number> values) {
        if (values.isEmpty()) {
            throw new IllegalArgumentException("the median of nothing");
        }
        double[] sorted =
                values.stream().mapToDouble(Number::doubleValue).sorted().toArray();
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /** The median, or null for no values. */
    public static Double medianOrNull(Collection<? extends Number> values) {
        return values.isEmpty() ? null : median(values);
    }

    /**
     * Each round's b / a, for rounds measured together: a drift that moves both contenders cancels out.
     *
     * @throws IllegalArgumentException when the lists differ in length or an {@code a} is not positive
     */
    public static List<Double> pairedRatios(List<? extends Number> a, List<? extends Number> b) {
        if (a.size() != b.size()) {
            throw new IllegalArgumentException("paired ratios need as many a as b: " + a.size() + " vs " + b.size());
        }
        List<Double> ratios = new ArrayList<>(a.size());
        for (int i = 0; i < a.size(); i++) {
            double denominator = a.get(i).doubleValue();
            if (!(denominator > 0)) {
                throw new IllegalArgumentException("round " + (i + 1) + ": a must be positive, was " + denominator);
            }
            ratios.add(b.get(i).doubleValue() / denominator);
        }
        return ratios;
    }

    /** The median of the paired per-round ratios b / a. */
    public static double medianPairedRatio(List<? extends Number> a, List<? extends Number> b) {
        return median(pairedRatios(a, b));
    }

    /** median(b) / median(a). */
    public static double ratioOfMedians(List<? extends Number> a, List<? extends Number> b) {
        return median(b) / median(a);
    }

    /** CPU time per request in microseconds, or null when no request completed. */
    public static Double cpuMicrosPerRequest(double cpuSeconds, long requests) {
        return requests > 0 ? cpuSeconds * 1e6 / requests : null;
    }

    /** (max - min) / median: how far apart repeated measurements of one thing lie. */
    public static double relativeSpread(Collection<? extends Number> values) {
        double median = median(values);
        double min = values.stream().mapToDouble(Number::doubleValue).min().orElseThrow();
        double max = values.stream().mapToDouble(Number::doubleValue).max().orElseThrow();
        return median == 0 ? 0 : (max - min) / median;
    }
}
