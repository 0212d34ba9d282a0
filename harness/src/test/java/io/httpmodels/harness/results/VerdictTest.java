package io.httpmodels.harness.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class VerdictTest {

    private static RatioInterval interval(double lower, double median, double upper) {
        return new RatioInterval(median, lower, upper, 0.93, 8, "test");
    }

    @Test
    void throughputRegressesOnlyWhenTheWholeIntervalIsBelowTheTolerance() {
        assertEquals(Verdict.REGRESSION, Verdict.of(interval(0.85, 0.90, 0.94), 0.05, true));
        assertEquals(Verdict.SAME, Verdict.of(interval(0.85, 0.90, 0.96), 0.05, true)); // straddles 0.95
        assertEquals(Verdict.SAME, Verdict.of(interval(0.97, 0.99, 1.02), 0.05, true));
        assertEquals(Verdict.IMPROVEMENT, Verdict.of(interval(1.06, 1.10, 1.20), 0.05, true));
        assertEquals(Verdict.SAME, Verdict.of(interval(1.04, 1.10, 1.20), 0.05, true));
    }

    @Test
    void latencyIsTheOtherWayRound() {
        assertEquals(Verdict.REGRESSION, Verdict.of(interval(1.11, 1.20, 1.40), 0.10, false));
        assertEquals(Verdict.SAME, Verdict.of(interval(1.09, 1.20, 1.40), 0.10, false));
        assertEquals(Verdict.IMPROVEMENT, Verdict.of(interval(0.60, 0.70, 0.89), 0.10, false));
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
