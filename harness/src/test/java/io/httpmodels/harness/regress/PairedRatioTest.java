package io.httpmodels.harness.regress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.results.RatioInterval;
import org.junit.jupiter.api.Test;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

class PairedRatioTest {

    @Test
    void coverageIsOneMinusTwiceTheBinomialTail() {
        assertEquals(1 - 2.0 / 32, PairedRatio.coverage(5, 1), 1e-12);
        assertEquals(1 - 2.0 * (1 + 8) / 256, PairedRatio.coverage(8, 2), 1e-12); // 93.0 %
        assertEquals(1 - 2.0 * (1 + 9) / 512, PairedRatio.coverage(9, 2), 1e-12);
        assertEquals(1 - 2.0 * (1 + 10 + 45) / 1024, PairedRatio.coverage(10, 3), 1e-12); // 89.1 %
        assertEquals(0, PairedRatio.coverage(7, 4));
    }

    @Test
    void coverageAgreesWithExactArithmeticForLargerCounts() {
        for (int n : new int[] {15, 40, 101}) {
            BigInteger total = BigInteger.TWO.pow(n);
            BigInteger tail = BigInteger.ZERO;
            BigInteger choose = BigInteger.ONE;
            for (int k = 1; 2 * k < n + 1; k++) {
                tail = tail.add(choose); // sum of C(n, i) for i <= k-1
                double exact = 1
                        - 2
                                * new java.math.BigDecimal(tail)
                                        .divide(new java.math.BigDecimal(total), java.math.MathContext.DECIMAL64)
                                        .doubleValue();
                assertEquals(exact, PairedRatio.coverage(n, k), 1e-9, "n=" + n + " k=" + k);
                choose = choose.multiply(BigInteger.valueOf(n - k + 1)).divide(BigInteger.valueOf(k));
            }
        }
    }

    @Test
    void theNarrowestIntervalReachingTheLevelIsChosen() {
        assertEquals(2, PairedRatio.orderIndex(8, 0.90));
        assertEquals(2, PairedRatio.orderIndex(10, 0.90)); // the 3rd and 8th reach only 89.1 %
        assertEquals(3, PairedRatio.orderIndex(12, 0.90));
        assertEquals(1, PairedRatio.orderIndex(3, 0.90)); // nothing reaches it: the extremes
        assertEquals(8, PairedRatio.roundsFor(0.90)); // the fewest rounds that drop an outlier at each end
        assertEquals(5, PairedRatio.minRounds(0.90)); // [min, max] of 5: 93.75 %; of 4: 87.5 %
        assertEquals(7, PairedRatio.minRounds(0.98));
    }

    @Test
    void eightRatiosGiveTheSecondAndSeventh() {
        List<Double> base = List.of(100.0, 100.0, 100.0, 100.0, 100.0, 100.0, 100.0, 100.0);
        List<Double> candidate = List.of(97.0, 90.0, 99.0, 92.0, 95.0, 80.0, 91.0, 96.0);
        RatioInterval i = PairedRatio.of(base, candidate, 0.90);
        assertEquals(0.935, i.median(), 1e-12); // (0.92 + 0.95) / 2
        assertEquals(0.90, i.lower(), 1e-12); // sorted: .80 .90 .91 .92 .95 .96 .97 .99
        assertEquals(0.97, i.upper(), 1e-12);
        assertEquals(0.9296875, i.confidence(), 1e-12);
        assertEquals(8, i.rounds());
        assertTrue(i.method().endsWith("the 2nd and 7th of 8 ratios"), i.method());
    }

    @Test
    void theRatioIsCandidateOverBaseRoundByRound() {
        RatioInterval i = PairedRatio.of(List.of(200, 100, 50), List.of(100, 50, 25), 0.5);
        assertEquals(0.5, i.median());
        assertEquals(0.5, i.lower());
        assertEquals(0.5, i.upper());
    }

    @Test
    void tooFewRoundsGiveTheExtremesWithTheirCoverage() {
        RatioInterval i = PairedRatio.medianInterval(List.of(1.0, 3.0, 2.0), 0.90);
        assertEquals(1.0, i.lower());
        assertEquals(3.0, i.upper());
        assertEquals(0.75, i.confidence(), 1e-12);
    }

    @Test
    void badInputIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> PairedRatio.medianInterval(List.of(), 0.9));
        assertThrows(IllegalArgumentException.class, () -> PairedRatio.medianInterval(List.of(1.0), 1.0));
        assertThrows(IllegalArgumentException.class, () -> PairedRatio.of(List.of(1.0), List.of(1.0, 2.0), 0.9));
        assertThrows(IllegalArgumentException.class, () -> PairedRatio.of(List.of(0.0), List.of(1.0), 0.9));
        assertThrows(IllegalArgumentException.class, () -> PairedRatio.coverage(4, 3));
    }

    /** The interval covers the true median as often as it says, for a skewed distribution it knows nothing of. */
    @Test
    void empiricalCoverageMatchesTheStatedOne() {
        Random random = new Random(42);
        int trials = 20_000;
        int n = 8;
        int covered = 0;
        double stated = 0;
        for (int t = 0; t < trials; t++) {
            List<Double> sample = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                sample.add(Math.exp(0.3 * random.nextGaussian())); // lognormal, median exactly 1
            }
            RatioInterval i = PairedRatio.medianInterval(sample, 0.90);
            stated = i.confidence();
            if (i.lower() <= 1 && 1 <= i.upper()) {
                covered++;
            }
        }
        double observed = covered / (double) trials;
        assertEquals(stated, observed, 0.01, "stated " + stated + ", observed " + observed);
    }
}
