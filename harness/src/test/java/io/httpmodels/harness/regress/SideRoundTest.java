package io.httpmodels.harness.regress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.results.CellId;
import io.httpmodels.harness.results.CellResult;
import io.httpmodels.harness.results.CellStatus;
import io.httpmodels.harness.results.ConnectionCounts;
import io.httpmodels.harness.results.Diagnostics;
import io.httpmodels.harness.results.Latencies;
import io.httpmodels.harness.results.Latency;
import io.httpmodels.harness.results.LatencyKind;
import io.httpmodels.harness.results.ServerUsage;
import io.httpmodels.harness.results.Throughput;
import io.httpmodels.harness.results.Usage;
import io.httpmodels.harness.results.WindowFigures;
import org.junit.jupiter.api.Test;

import java.util.List;

class SideRoundTest {

    private static CellResult window(double rps, long p99) {
        return window(rps, p99, null);
    }

    private static CellResult window(double rps, long p99, Double cpuMicros) {
        ServerUsage server = cpuMicros == null
                ? null
                : new ServerUsage(1L, "/proc", 1.0, 100.0, cpuMicros, null, null, null, null, 5);
        return new CellResult(
                new CellId("s", "netty@base", 1),
                CellStatus.OK,
                null,
                new WindowFigures(
                        new Throughput(null, 0.5, (long) (rps / 2), rps, null),
                        new Latencies(new Latency(LatencyKind.RAW, "raw", 1, 1, 1, 1, p99, p99, p99), null, null, null),
                        null,
                        new ConnectionCounts(40, 40, 40L)),
                new Usage(server, null),
                Diagnostics.NONE);
    }

    private static CellResult failed(String why) {
        return CellResult.failed("s", "netty@base", 1, 40, why);
    }

    @Test
    void aSidesFigureIsTheMedianOfItsWindows() {
        SideRound s = SideRound.of(List.of(window(100, 500), window(10, 9000), window(120, 400)));
        assertTrue(s.ok());
        assertEquals(100.0, s.requestsPerSecond()); // the burst on the second window is left out
        assertEquals(500L, s.p99Micros());
    }

    @Test
    void theServersCpuPerRequestIsTheMedianOfItsWindowsWhenEveryWindowKnowsIt() {
        SideRound s = SideRound.of(List.of(window(100, 500, 4.5), window(10, 9000, 14.0), window(120, 400, 4.3)));
        assertEquals(4.5, s.cpuMicros());
        assertNull(
                SideRound.of(List.of(window(100, 500, 4.5), window(110, 500))).cpuMicros());
    }

    @Test
    void aSideFailsWhenMostOfItsWindowsFailedOrServedNothing() {
        SideRound s = SideRound.of(List.of(window(100, 500), failed("died"), window(0, 0)));
        assertFalse(s.ok());
        assertEquals("died", s.failure());
        assertTrue(SideRound.of(List.of(window(100, 500), window(110, 500), failed("died")))
                .ok());
        assertEquals(
                "no request completed in its windows",
                SideRound.of(List.of(window(0, 0))).failure());
    }

    @Test
    void aSidesNoiseIsHowFarApartItsWindowsCpuPerRequestWas() {
        SideRound s = SideRound.of(List.of(window(100, 500, 8.0), window(90, 500, 10.0), window(95, 500, 9.0)));
        assertEquals(0.25, s.cpuSpread(), 1e-12); // 10 / 8 - 1, whatever the order
    }

    @Test
    void aSideWithOneWindowOrNoCpuFigureHasNoNoise() {
        assertNull(SideRound.of(List.of(window(100, 500, 8.0))).cpuSpread());
        assertNull(SideRound.of(List.of(window(100, 500), window(90, 500))).cpuSpread());
        assertNull(SideRound.of(List.of(window(100, 500, 8.0), window(90, 500))).cpuSpread());
    }

    @Test
    void takingTurnsWhatTheNoiseLeavesIsHowFarApartTheWindowsRatiosAre() {
        // The machine slowed the second window by a half for both sides alike: their ratios are 1.10, 1.12, 1.10.
        List<CellResult> base = List.of(window(100, 500, 5.0), window(70, 800, 7.5), window(100, 500, 5.0));
        List<CellResult> candidate = List.of(window(90, 550, 5.5), window(62, 900, 8.4), window(91, 540, 5.5));
        assertEquals(0.5, SideRound.of(base).cpuSpread(), 1e-9, "one JVM's windows: the machine's noise");
        assertEquals(1.12 / 1.10 - 1, SideRound.turnSpread(base, candidate), 1e-9);
        // A window that failed on either side, or knows no CPU, is left out; one ratio is no spread.
        List<CellResult> holes = List.of(window(100, 500, 5.0), failed("died"), window(100, 500));
        assertNull(SideRound.turnSpread(holes, candidate));
        assertEquals(
                1.12 / 1.10 - 1,
                SideRound.turnSpread(List.of(base.get(0), base.get(1), failed("died")), candidate),
                1e-9);
    }

    @Test
    void requestsPerSecondAndP99ComeFromTheClosedLoopWindowsAndCpuFromTheCpuWindows() {
        List<CellResult> closed = List.of(window(100, 500, 4.0), window(110, 600, 4.2));
        List<CellResult> cpu = List.of(window(25, 90, 9.0), window(25, 95, 10.0), window(25, 80, 9.5));
        SideRound s = SideRound.of(closed, cpu);
        assertEquals(105, s.requestsPerSecond(), 1e-9);
        assertEquals(550, s.p99Micros());
        assertEquals(9.5, s.cpuMicros(), 1e-9);
        assertEquals(10.0 / 9.0 - 1, s.cpuSpread(), 1e-9);
        assertEquals(SideRound.of(closed), SideRound.of(closed, List.of()), "no CPU windows: all from the closed loop");
    }

    @Test
    void cpuWindowsThatFailedLeaveTheCpuUnknownAndTheRestStands() {
        SideRound s = SideRound.of(List.of(window(100, 500, 4.0)), List.of(failed("died"), failed("died")));
        assertTrue(s.ok());
        assertEquals(100, s.requestsPerSecond(), 1e-9);
        assertNull(s.cpuMicros());
        assertNull(s.cpuSpread());
        SideRound down = SideRound.of(List.of(failed("gone")), List.of(window(25, 90, 9.0)));
        assertEquals("gone", down.failure());
    }
}
