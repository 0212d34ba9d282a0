package io.httpmodels.harness.results;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

import java.util.ArrayList;
import java.util.List;

/** A histogram's percentile spectrum, as HdrHistogram's percentile plot samples it (log-spaced toward 100 %). */
public final class Distribution {

    /** Points per halving of the distance to 100 %: HdrHistogram's own default for its plots. */
    private static final int TICKS_PER_HALF_DISTANCE = 5;

    private Distribution() {}

    /** The spectrum of a histogram of microsecond values; empty for an empty histogram. */
    public static List<PercentilePoint> of(Histogram histogram) {
        List<PercentilePoint> points = new ArrayList<>();
        if (histogram.getTotalCount() == 0) {
            return points;
        }
        for (HistogramIterationValue v : histogram.percentiles(TICKS_PER_HALF_DISTANCE)) {
            double p = v.getPercentileLevelIteratedTo();
            long value = histogram.highestEquivalentValue(v.getValueIteratedTo());
            if (!points.isEmpty() && points.get(points.size() - 1).percentile() >= p) {
                continue;
            }
            points.add(new PercentilePoint(p, value));
            if (p >= 100.0) {
                break;
            }
        }
        return points;
    }
}
