package io.httpmodels.harness.results;

/**
 * The median of paired per-round ratios (candidate / base) with a confidence interval for it, as the regression
 * gate reports a change. 1.00 is no change; 0.90 is 10 % less.
 *
 * @param median     the median of the ratios
 * @param lower      the interval's lower end
 * @param upper      the interval's upper end
 * @param confidence the interval's coverage, exact for any continuous distribution of the ratios (not the level
 *                   asked for: with n rounds only a few levels exist)
 * @param rounds     how many paired ratios
 * @param method     how the interval was made, in words
 */
public record RatioInterval(double median, double lower, double upper, double confidence, int rounds, String method) {

    public RatioInterval {
        if (!(lower <= median && median <= upper)) {
            throw new IllegalArgumentException(
                    "an interval holds its median: " + lower + " <= " + median + " <= " + upper);
        }
    }
}
