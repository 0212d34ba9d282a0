package io.httpmodels.harness.results;

/**
 * Student's t distribution: its distribution function and quantiles for any positive degrees of freedom
 * (Welch's are not whole numbers). Computed from the regularised incomplete beta function by its continued fraction,
 * quantiles by bisection; accurate to about 1e-10, which is far beyond what a benchmark's interval needs. Stateless.
 */
public final class StudentT {

    private static final double EPSILON = 1e-15;
    private static final double TINY = 1e-300;
    private static final int MAX_TERMS = 500;

    private StudentT() {}

    /**
     * The {@code p} quantile: the t with P(T <= t) = p.
     *
     * @param p                the probability, in (0, 1)
     * @param degreesOfFreedom positive, not necessarily whole
     * @throws IllegalArgumentException when p is not in (0, 1) or the degrees of freedom are not positive
     */
    public static double quantile(double p, double degreesOfFreedom) {
        if (!(p > 0 && p < 1)) {
            throw new IllegalArgumentException("a quantile's probability is in (0, 1), was " + p);
        }
        requirePositive(degreesOfFreedom);
        if (p == 0.5) {
            return 0;
        }
        if (p < 0.5) {
            return -quantile(1 - p, degreesOfFreedom);
        }
        double low = 0;
        double high = 1;
        while (cdf(high, degreesOfFreedom) < p) {
            high *= 2;
            if (high > 1e12) {
                return high;
            }
        }
        for (int i = 0; i < 200 && high - low > 1e-12 * high; i++) {
            double mid = (low + high) / 2;
            if (cdf(mid, degreesOfFreedom) < p) {
                low = mid;
            } else {
                high = mid;
            }
        }
        return (low + high) / 2;
    }

    /** The two-sided critical value: the t with P(|T| <= t) = {@code confidence}. */
    public static double critical(double confidence, double degreesOfFreedom) {
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("a confidence is in (0, 1), was " + confidence);
        }
        return quantile(0.5 + confidence / 2, degreesOfFreedom);
    }

    /** P(T <= t) for {@code degreesOfFreedom} degrees of freedom. */
    public static double cdf(double t, double degreesOfFreedom) {
        requirePositive(degreesOfFreedom);
        if (Double.isInfinite(t)) {
            return t > 0 ? 1 : 0;
        }
        double x = degreesOfFreedom / (degreesOfFreedom + t * t);
        double tail = 0.5 * regularizedBeta(x, degreesOfFreedom / 2, 0.5);
        return t >= 0 ? 1 - tail : tail;
    }

    /** I_x(a, b), the regularised incomplete beta function, for x in [0, 1] and positive a, b. */
    static double regularizedBeta(double x, double a, double b) {
        if (x <= 0) {
            return 0;
        }
        if (x >= 1) {
            return 1;
        }
        double front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log1p(-x));
        // The continued fraction converges fast for x < (a + 1) / (a + b + 2); use the symmetry otherwise.
        if (x < (a + 1) / (a + b + 2)) {
            return front * betaFraction(x, a, b) / a;
        }
        return 1 - front * betaFraction(1 - x, b, a) / b;
    }

    /** The incomplete beta function's continued fraction, by the modified Lentz method. */
    private static double betaFraction(double x, double a, double b) {
        double c = 1;
        double d = 1 - (a + b) * x / (a + 1);
        d = 1 / (Math.abs(d) < TINY ? TINY : d);
        double h = d;
        for (int m = 1; m <= MAX_TERMS; m++) {
            int m2 = 2 * m;
            double even = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
            d = 1 + even * d;
            d = 1 / (Math.abs(d) < TINY ? TINY : d);
            c = 1 + even / c;
            c = Math.abs(c) < TINY ? TINY : c;
            h *= d * c;
            double odd = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
            d = 1 + odd * d;
            d = 1 / (Math.abs(d) < TINY ? TINY : d);
            c = 1 + odd / c;
            c = Math.abs(c) < TINY ? TINY : c;
            double step = d * c;
            h *= step;
            if (Math.abs(step - 1) < EPSILON) {
                return h;
            }
        }
        return h;
    }

    /** ln Γ(x) for x > 0 (Lanczos, g = 7, nine terms). */
    static double logGamma(double x) {
        if (x < 0.5) {
            // Reflection: Γ(x) Γ(1 - x) = π / sin(πx).
            return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
        }
        double[] g = {
            0.99999999999980993,
            676.5203681218851,
            -1259.1392167224028,
            771.32342877765313,
            -176.61502916214059,
            12.507343278686905,
            -0.13857109526572012,
            9.9843695780195716e-6,
            1.5056327351493116e-7
        };
        double z = x - 1;
        double sum = g[0];
        for (int i = 1; i < g.length; i++) {
            sum += g[i] / (z + i);
        }
        double t = z + 7.5;
        return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
    }

    private static void requirePositive(double degreesOfFreedom) {
        if (!(degreesOfFreedom > 0)) {
            throw new IllegalArgumentException("degrees of freedom must be positive, were " + degreesOfFreedom);
        }
    }
}
