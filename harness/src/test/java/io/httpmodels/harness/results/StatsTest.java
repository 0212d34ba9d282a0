package io.httpmodels.harness.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

import java.util.List;

class StatsTest {

    @Test
    void theMedianIsTheMiddleValueOrTheMeanOfTheMiddleTwo() {
        assertEquals(3.0, Stats.median(List.of(5, 1, 3)));
        assertEquals(2.5, Stats.median(List.of(4, 1, 3, 2)));
        assertEquals(7.0, Stats.median(List.of(7)));
        assertNull(Stats.medianOrNull(List.of()));
        assertThrows(IllegalArgumentException.class, () -> Stats.median(List.of()));
    }

    @Test
    void pairedRatiosDivideEachRoundsBByItsA() {
        assertEquals(List.of(2.0, 0.5, 1.0), Stats.pairedRatios(List.of(1, 4, 3), List.of(2, 2, 3)));
        assertEquals(1.0, Stats.medianPairedRatio(List.of(1, 4, 3), List.of(2, 2, 3)));
        assertThrows(IllegalArgumentException.class, () -> Stats.pairedRatios(List.of(1), List.of(1, 2)));
        assertThrows(IllegalArgumentException.class, () -> Stats.pairedRatios(List.of(0), List.of(1)));
    }

    @Test
    void aDriftThatMovesBothContendersCancelsInThePairedRatioNotInTheRatioOfMedians() {
        // The machine slows down round by round; b is always 10 % faster than a in the same round.
        List<Double> a = List.of(100.0, 80.0, 60.0, 140.0);
        List<Double> b = List.of(110.0, 88.0, 66.0, 154.0);
        assertEquals(1.1, Stats.medianPairedRatio(a, b), 1e-12);
        assertEquals(1.1, Stats.ratioOfMedians(a, b), 1e-12);
        List<Double> shuffledB = List.of(66.0, 154.0, 110.0, 88.0);
        assertEquals(1.1, Stats.ratioOfMedians(a, shuffledB), 1e-12);
        assertEquals(1.1 * 1.1, Stats.medianPairedRatio(a, List.of(121.0, 96.8, 72.6, 169.4)), 1e-12);
    }

    @Test
    void cpuPerRequestIsInMicroseconds() {
        assertEquals(7.0, Stats.cpuMicrosPerRequest(0.7, 100_000), 1e-12);
        assertNull(Stats.cpuMicrosPerRequest(0.7, 0));
    }

    @Test
    void relativeSpreadIsTheRangeOverTheMedian() {
        assertEquals(0.2, Stats.relativeSpread(List.of(90, 100, 110)), 1e-12);
        assertEquals(0.0, Stats.relativeSpread(List.of(5)));
    }
}
