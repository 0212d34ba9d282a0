package io.httpmodels.harness.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class VerdictTest {

    private static RatioInterval interval(double lower, double median, double upper) {
        return new RatioInterval(median, lower, upper, 0.93, 8, "test");
    }

    @Test
    void throughputRegressesWhenTheIntervalExcludesNoChangeAndTheMedianIsBeyondTheTolerance() {
        assertEquals(Verdict.REGRESSION, Verdict.of(interval(0.85, 0.90, 0.94), 0.05, true));
        // the interval's far edge inside the tolerance: the change is shown, and its median is large enough
        assertEquals(Verdict.REGRESSION, Verdict.of(interval(0.77, 0.91, 0.97), 0.05, true));
        assertEquals(Verdict.SAME, Verdict.of(interval(0.85, 0.90, 1.00), 0.05, true)); // touches no change
        assertEquals(Verdict.SAME, Verdict.of(interval(0.90, 0.96, 0.99), 0.05, true)); // shown, but within 5 %
        assertEquals(Verdict.SAME, Verdict.of(interval(0.90, 0.95, 0.99), 0.05, true)); // at the tolerance
        assertEquals(Verdict.SAME, Verdict.of(interval(0.97, 0.99, 1.02), 0.05, true));
        assertEquals(Verdict.IMPROVEMENT, Verdict.of(interval(1.06, 1.10, 1.20), 0.05, true));
        assertEquals(Verdict.IMPROVEMENT, Verdict.of(interval(1.01, 1.10, 1.20), 0.05, true));
        assertEquals(Verdict.SAME, Verdict.of(interval(1.00, 1.10, 1.20), 0.05, true)); // touches no change
        assertEquals(Verdict.SAME, Verdict.of(interval(1.01, 1.05, 1.20), 0.05, true)); // at the tolerance
    }

    @Test
    void latencyIsTheOtherWayRound() {
        assertEquals(Verdict.REGRESSION, Verdict.of(interval(1.11, 1.20, 1.40), 0.10, false));
        assertEquals(Verdict.REGRESSION, Verdict.of(interval(1.01, 1.20, 1.40), 0.10, false));
        assertEquals(Verdict.SAME, Verdict.of(interval(1.00, 1.20, 1.40), 0.10, false));
        assertEquals(Verdict.SAME, Verdict.of(interval(1.02, 1.10, 1.40), 0.10, false));
        assertEquals(Verdict.IMPROVEMENT, Verdict.of(interval(0.60, 0.70, 0.89), 0.10, false));
        assertEquals(Verdict.IMPROVEMENT, Verdict.of(interval(0.60, 0.70, 0.99), 0.10, false));
        assertEquals(Verdict.SAME, Verdict.of(interval(0.60, 0.70, 1.00), 0.10, false));
        assertEquals(Verdict.SAME, Verdict.of(interval(0.60, 0.90, 0.99), 0.10, false));
    }

    @Test
    void aToleranceOfZeroFlagsEveryChangeTheIntervalShows() {
        assertEquals(Verdict.REGRESSION, Verdict.of(interval(0.98, 0.99, 0.999), 0, true));
        assertEquals(Verdict.IMPROVEMENT, Verdict.of(interval(1.001, 1.01, 1.02), 0, true));
        assertEquals(Verdict.SAME, Verdict.of(interval(0.98, 0.99, 1.00), 0, true));
    }

    @Test
    void anIntervalShortOfTheConfidenceWantedDecidesNothing() {
        RatioInterval twoRounds = new RatioInterval(0.70, 0.69, 0.71, 0.50, 2, "test");
        assertEquals(Verdict.SAME, Verdict.of(twoRounds, 0.05, true, 0.90));
        assertEquals(Verdict.REGRESSION, Verdict.of(twoRounds, 0.05, true, 0.50));
        assertEquals(Verdict.REGRESSION, Verdict.of(interval(0.85, 0.90, 0.94), 0.05, true, 0.90));
    }

    @Test
    void aCellRegressesWhenAnyFigureDoes() {
        assertEquals(Verdict.REGRESSION, Verdict.combine(Verdict.SAME, null, Verdict.REGRESSION));
        assertEquals(Verdict.REGRESSION, Verdict.combine(Verdict.IMPROVEMENT, Verdict.REGRESSION));
        assertEquals(Verdict.IMPROVEMENT, Verdict.combine(Verdict.SAME, Verdict.IMPROVEMENT));
        assertEquals(Verdict.SAME, Verdict.combine(Verdict.SAME, Verdict.SAME));
        assertEquals("regression", Verdict.REGRESSION.label());
    }

    @Test
    void aToleranceIsAShare() {
        assertThrows(IllegalArgumentException.class, () -> Verdict.of(interval(1, 1, 1), 5, true));
        assertThrows(IllegalArgumentException.class, () -> Verdict.of(interval(1, 1, 1), -0.1, true));
    }
}
