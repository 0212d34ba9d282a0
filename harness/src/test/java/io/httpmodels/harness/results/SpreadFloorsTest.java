package io.httpmodels.harness.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

class SpreadFloorsTest {

    /** A row whose three forks served {@code rps} requests/s at {@code cpu} µs each, p50 100 µs and 100 MiB. */
    private static Summary row(String target, double[] rps, double[] cpu) {
        List<ForkFigures> forks = new ArrayList<>();
        for (int i = 0; i < rps.length; i++) {
            forks.add(new ForkFigures(i + 1, 2, rps[i], cpu[i], 100L, 400L + i, 100L << 20));
        }
        return new Summary(
                "plaintext-c40-ka-w0",
                target,
                new Summary.Outcome(CellStatus.OK, null, rps.length, rps.length, null),
                new Summary.Rate(
                        ForkStatistics.estimate(forks.stream()
                                .map(ForkFigures::requestsPerSecond)
                                .toList()),
                        null,
                        null,
                        null),
                new Summary.Timing(
                        null,
                        ForkStatistics.estimate(
                                forks.stream().map(ForkFigures::p50Micros).toList()),
                        ForkStatistics.estimate(
                                forks.stream().map(ForkFigures::p99Micros).toList()),
                        List.of()),
                new Summary.ConnectionFigures(40, 40, 0, 0),
                new Summary.ServerFigures(
                        90.0,
                        ForkStatistics.estimate(forks.stream()
                                .map(ForkFigures::cpuMicrosPerRequest)
                                .toList()),
                        ForkStatistics.estimate(
                                forks.stream().map(ForkFigures::rssPeakBytes).toList()),
                        100L << 20,
                        4),
                new Summary.ClientFigures(80.0, false),
                forks,
                null,
                null);
    }

    @Test
    void aRowWhoseForksAgreeByChanceGetsTheScenariosNoiseAtLeast() {
        List<Summary> rows = List.of(
                row("a", new double[] {100_000, 110_000, 90_000}, new double[] {10, 11, 9}),
                row("b", new double[] {50_000, 56_000, 45_000}, new double[] {20, 22, 18}),
                row("c", new double[] {80_000, 80_000, 80_000}, new double[] {12, 12, 12}));
        List<Summary> floored = SpreadFloors.apply(rows);
        Estimate lucky = floored.get(2).rate().requestsPerSecond();
        assertEquals(80_000, lucky.value());
        assertTrue(lucky.low() < 80_000 * 0.9 && lucky.high() > 80_000 * 1.1, "three equal forks: " + lucky);
        assertTrue(floored.get(2).server().cpuMicrosPerRequest().high() > 12 * 1.1);
        // The rows whose forks spread more keep their own intervals.
        assertEquals(
                rows.get(0).rate().requestsPerSecond(), floored.get(0).rate().requestsPerSecond());
        assertEquals(
                rows.get(1).server().cpuMicrosPerRequest(),
                floored.get(1).server().cpuMicrosPerRequest());
        // Figures that do not move between forks in any row stay as they are: a floor of no spread.
        assertEquals(
                rows.get(2).server().rssPeakBytes(), floored.get(2).server().rssPeakBytes());
        assertEquals(rows.get(2).timing().p50(), floored.get(2).timing().p50());
    }

    @Test
    void twoRowsMakeNoFloor() {
        List<Summary> rows = List.of(
                row("a", new double[] {100_000, 110_000, 90_000}, new double[] {10, 11, 9}),
                row("c", new double[] {80_000, 80_000, 80_000}, new double[] {12, 12, 12}));
        assertEquals(
                rows.get(1).rate().requestsPerSecond(),
                SpreadFloors.apply(rows).get(1).rate().requestsPerSecond());
    }

    @Test
    void aFailedRowIsLeftAsItIs() {
        Summary failed = Summary.failed("plaintext-c40-ka-w0", "d", "did not start", 3, 40);
        List<Summary> rows = List.of(
                row("a", new double[] {100_000, 110_000, 90_000}, new double[] {10, 11, 9}),
                row("b", new double[] {50_000, 56_000, 45_000}, new double[] {20, 22, 18}),
                row("c", new double[] {80_000, 80_000, 80_000}, new double[] {12, 12, 12}),
                failed);
        assertSame(failed, SpreadFloors.apply(rows).get(3));
    }
}
