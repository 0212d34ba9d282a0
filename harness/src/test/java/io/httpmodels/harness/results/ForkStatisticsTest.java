package io.httpmodels.harness.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

class ForkStatisticsTest {

    /** Forks drawn from a log-normal figure whose median is {@code median}: a JVM's speed is a skewed ratio. */
    private static List<Double> forks(Random random, int n, double median, double logSigma) {
        List<Double> values = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            values.add(median * Math.exp(logSigma * random.nextGaussian()));
        }
        return values;
    }

    @Test
    void oneForkHasNoIntervalAndSaysSo() {
        Estimate one = ForkStatistics.estimate(List.of(150_000.0));
        assertEquals(150_000.0, one.value());
        assertFalse(one.hasInterval());
        assertNull(one.relativeHalfWidth());
        assertEquals(1, one.forks());
    }

    @Test
    void theValueIsTheMedianOfTheForksAndTheIntervalHoldsIt() {
        Estimate e = ForkStatistics.estimate(List.of(100.0, 180.0, 110.0));
        assertEquals(110.0, e.value());
        assertEquals(3, e.forks());
        assertTrue(e.low() <= 100.0 && e.high() >= 180.0, "three forks this far apart span them all: " + e);
    }

    @Test
    void forksThatDisagreeWidenTheIntervalNeverNarrowIt() {
        Estimate agree = ForkStatistics.estimate(List.of(150_000.0, 151_000.0, 149_500.0));
        Estimate disagree = ForkStatistics.estimate(List.of(150_000.0, 180_000.0, 120_000.0));
        assertTrue(agree.relativeHalfWidth() < 0.02, "agreeing forks: " + agree);
        assertTrue(disagree.relativeHalfWidth() > 10 * agree.relativeHalfWidth(), agree + " vs " + disagree);
        // One fork astray widens the interval of the others.
        Estimate astray = ForkStatistics.estimate(List.of(150_000.0, 151_000.0, 149_500.0, 100_000.0));
        Estimate steady = ForkStatistics.estimate(List.of(150_000.0, 151_000.0, 149_500.0, 150_500.0));
        assertTrue(astray.low() < steady.low() && astray.high() - astray.low() > steady.high() - steady.low());
    }

    @Test
    void theIntervalCoversTheTrueMedianAtTheStatedRateForLogNormalForks() {
        Random random = new Random(42);
        for (int n : new int[] {3, 5, 8}) {
            int covered = 0;
            int trials = 4000;
            for (int t = 0; t < trials; t++) {
                Estimate e = ForkStatistics.estimate(forks(random, n, 100_000, 0.1));
                if (e.low() <= 100_000 && 100_000 <= e.high()) {
                    covered++;
                }
            }
            double coverage = (double) covered / trials;
            // 95 % stated; 4000 trials put a fair estimate within about +-0.7 % of it.
            assertEquals(0.95, coverage, 0.02, n + " forks covered the true median in " + coverage);
        }
    }

    @Test
    void forksThatAgreeByChanceGetNoNarrowerAnIntervalThanTheirScenariosFloor() {
        List<Double> agree = List.of(150_000.0, 151_000.0, 149_500.0);
        double floor = 0.05;
        Estimate own = ForkStatistics.estimate(agree);
        Estimate floored = ForkStatistics.estimate(agree, floor);
        assertTrue(floored.low() < own.low() && floored.high() > own.high(), own + " vs " + floored);
        // The floor's spread, exactly: t(0.975, 2) x 0.05 / sqrt(3) on the log scale, around the forks' mean.
        double meanLog = agree.stream().mapToDouble(Math::log).average().orElseThrow();
        double half = StudentT.critical(0.95, 2) * floor / Math.sqrt(3);
        assertEquals(Math.exp(meanLog + half), floored.high(), 1e-6 * floored.high());
        assertEquals(Math.exp(meanLog - half), floored.low(), 1e-6 * floored.low());
    }

    @Test
    void forksThatDisagreeMoreThanTheFloorKeepTheirOwnInterval() {
        List<Double> disagree = List.of(150_000.0, 180_000.0, 120_000.0);
        assertEquals(ForkStatistics.estimate(disagree), ForkStatistics.estimate(disagree, 0.05));
        assertTrue(ForkStatistics.logSpread(disagree) > 0.05);
    }

    @Test
    void aScenariosFloorIsHalfItsMedianRowsSpreadFromThreeRowsOn() {
        assertEquals(0.02, ForkStatistics.spreadFloor(List.of(0.01, 0.04, 0.30)), 1e-12);
        assertEquals(0.02, ForkStatistics.spreadFloor(List.of(0.01, 0.04, Double.NaN, 0.30)), 1e-12);
        assertEquals(0.0, ForkStatistics.spreadFloor(List.of(0.01, 0.30)), "two rows make no floor");
        assertEquals(0.0, ForkStatistics.spreadFloor(List.of(0.01, Double.NaN, 0.30)));
        assertTrue(Double.isNaN(ForkStatistics.logSpread(List.of(1.0))));
        assertTrue(Double.isNaN(ForkStatistics.logSpread(List.of(0.0, 1.0))));
        assertThrows(IllegalArgumentException.class, () -> ForkStatistics.estimate(List.of(1.0, 2.0), -0.1));
    }

    @Test
    void withTheFloorOfSevenRowsThreeForksCoverTheTrueMedianAtLeastAtTheStatedRate() {
        // Seven rows of one scenario, each of three log-normal forks with the same spread: half the rows' median
        // spread is the floor. Without it 3 forks cover at 95 % on average, a row that agrees by chance less; with
        // it coverage stays at the stated rate or a little above, and short of certainty.
        Random random = new Random(5);
        int covered = 0;
        int trials = 0;
        for (int t = 0; t < 800; t++) {
            List<List<Double>> rows = new ArrayList<>();
            for (int r = 0; r < 7; r++) {
                rows.add(forks(random, 3, 100_000, 0.1));
            }
            double floor = ForkStatistics.spreadFloor(
                    rows.stream().map(ForkStatistics::logSpread).toList());
            for (List<Double> row : rows) {
                Estimate e = ForkStatistics.estimate(row, floor);
                trials++;
                if (e.low() <= 100_000 && 100_000 <= e.high()) {
                    covered++;
                }
            }
        }
        double coverage = (double) covered / trials;
        assertTrue(coverage >= 0.95 && coverage < 0.98, "coverage " + coverage);
    }

    @Test
    void aRatioTakesEachSidesFloor() {
        List<Double> a = List.of(100.0, 100.5, 99.8);
        List<Double> b = List.of(104.0, 104.2, 103.9);
        assertEquals(1, ForkStatistics.ratio(a, b).direction(), "forks that agree closely: a change");
        assertEquals(0, ForkStatistics.ratio(a, b, 0.05, 0.05).direction(), "at the scenario's spread: none shown");
    }

    @Test
    void figuresThatCanBeZeroGetAnIntervalOnTheirOwnScale() {
        Estimate e = ForkStatistics.estimate(List.of(0.0, 1.0, 2.0));
        assertEquals(1.0, e.value());
        assertTrue(e.low() < 0 && e.high() > 2, e.toString());
    }

    @Test
    void noForksOrNoFiniteValueIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> ForkStatistics.estimate(List.of()));
        assertThrows(IllegalArgumentException.class, () -> ForkStatistics.estimate(List.of(1.0, Double.NaN)));
    }

    @Test
    void aRatioOfTwoIdenticalFigureShowsNoDifferenceAtAboutTheStatedRate() {
        Random random = new Random(7);
        int same = 0;
        int trials = 4000;
        for (int t = 0; t < trials; t++) {
            ForkStatistics.Ratio r = ForkStatistics.ratio(forks(random, 3, 100, 0.1), forks(random, 3, 100, 0.1));
            if (r.direction() == 0) {
                same++;
            }
        }
        assertEquals(0.95, (double) same / trials, 0.02);
    }

    @Test
    void aRatioFindsAClearChangeAndItsDirection() {
        Random random = new Random(11);
        ForkStatistics.Ratio faster = ForkStatistics.ratio(forks(random, 5, 100, 0.02), forks(random, 5, 130, 0.02));
        assertNotNull(faster);
        assertEquals(1, faster.direction());
        assertTrue(faster.low() > 1.2 && faster.high() < 1.4, faster.toString());
        ForkStatistics.Ratio slower = ForkStatistics.ratio(forks(random, 5, 130, 0.02), forks(random, 5, 100, 0.02));
        assertEquals(-1, slower.direction());
    }

    @Test
    void aRatioNeedsTwoForksASide() {
        assertNull(ForkStatistics.ratio(List.of(1.0), List.of(1.0, 2.0)));
        assertNull(ForkStatistics.ratio(List.of(0.0, 1.0), List.of(1.0, 2.0)));
    }

    @Test
    void overlappingIntervalsAreTiedAndSeparateOnesAreNot() {
        Estimate a = new Estimate(100, 95.0, 105.0, 3);
        Estimate b = new Estimate(103, 99.0, 108.0, 3);
        Estimate c = new Estimate(120, 110.0, 130.0, 3);
        assertTrue(a.overlaps(b));
        assertFalse(a.overlaps(c));
        assertTrue(b.overlaps(a));
        // Without an interval nothing is shown to differ.
        assertTrue(Estimate.single(50).overlaps(c));
    }
}
