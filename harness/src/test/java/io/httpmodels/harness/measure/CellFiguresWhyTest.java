package io.httpmodels.harness.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.control.CarrierPinning;
import io.httpmodels.harness.control.JvmStats;
import io.httpmodels.harness.process.CpuTimes;
import io.httpmodels.harness.process.PerfCounts;
import io.httpmodels.harness.process.ProcessActivity;
import io.httpmodels.harness.process.UsageSampler;
import io.httpmodels.harness.results.Coverage;
import io.httpmodels.harness.results.DatabasePool;
import io.httpmodels.harness.results.SyscallRate;
import io.httpmodels.harness.results.WhyFigures;
import io.httpmodels.server.db.PoolWaits;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

/** How a window's raw counts become per-request why figures, each with its source and what it covers. */
class CellFiguresWhyTest {

    private static final long REQUESTS = 1_000;
    /** 12 ms user, 8 ms system; 900 + 40 switches, 3 ms run delay, 4000 read and write calls, nobody came or went. */
    private static final ProcessActivity STEADY =
            new ProcessActivity(new CpuTimes(12_000_000, 8_000_000), 4_000, 900, 40, 3_000_000, 0, 0, null);

    private static JvmStats jvm(long allocated, long gcCount, long gcMillis, long started, long voluntary) {
        return jvm(allocated, gcCount, gcMillis, started, voluntary, null);
    }

    private static JvmStats jvm(
            long allocated, long gcCount, long gcMillis, long started, long voluntary, PoolWaits pool) {
        return jvm(allocated, gcCount, gcMillis, started, voluntary, pool, null);
    }

    private static JvmStats jvm(
            long allocated,
            long gcCount,
            long gcMillis,
            long started,
            long voluntary,
            PoolWaits pool,
            CarrierPinning pinning) {
        return new JvmStats(
                allocated,
                gcCount,
                gcMillis,
                "PS Scavenge",
                100,
                started,
                12,
                Map.of("RUNNABLE", 3),
                voluntary,
                voluntary / 10,
                null,
                pool,
                pinning,
                pinning == null ? "not started" : null);
    }

    private static UsageSampler.Usage usage(ProcessActivity activity, JvmStats start, JvmStats end, String jvmNote) {
        return new UsageSampler.Usage(
                4,
                new UsageSampler.ServerSamples(0.02, 1, 1, 12, 12, 40, "/proc"),
                1,
                activity,
                new UsageSampler.JvmEdges(start, end, jvmNote),
                UsageSampler.Profile.NONE,
                null);
    }

    private static final Counted COUNTED = new Counted(
            new PerfCounts(
                    5_810,
                    Map.of(
                            "accept4",
                            1_000L,
                            "read",
                            2_500L,
                            "write",
                            1_000L,
                            "close",
                            1_000L,
                            "epoll_wait",
                            300L,
                            "futex",
                            10L),
                    700,
                    650,
                    3,
                    0),
            1_000,
            0.4,
            null);

    @Test
    void everyFigureIsPerRequestAndComplete() {
        WhyFigures why = CellFigures.why(
                REQUESTS,
                usage(STEADY, jvm(1_000_000, 10, 5, 30, 2_000), jvm(5_000_000, 12, 9, 30, 3_000), null),
                COUNTED);
        assertEquals(12.0, why.cpu().userMicrosPerRequest(), 1e-9);
        assertEquals(8.0, why.cpu().systemMicrosPerRequest(), 1e-9);
        assertEquals(Coverage.COMPLETE, why.cpu().cpuSplitSource().coverage());
        // getrusage's, not /proc's: every thread of the JVM.
        assertEquals(1.0, why.switches().voluntarySwitchesPerRequest(), 1e-9);
        assertEquals(0.1, why.switches().involuntarySwitchesPerRequest(), 1e-9);
        assertEquals(CellFigures.RUSAGE, why.switches().switchesSource().source());
        assertEquals(5.81, why.syscalls().syscallsPerRequest(), 1e-9);
        assertEquals(Coverage.COMPLETE, why.syscalls().syscallsSource().coverage());
        // The five most frequent, most first; ties by name.
        assertEquals(
                List.of(
                        new SyscallRate("read", 2.5),
                        new SyscallRate("accept4", 1.0),
                        new SyscallRate("close", 1.0),
                        new SyscallRate("write", 1.0),
                        new SyscallRate("epoll_wait", 0.3)),
                why.syscalls().topSyscalls());
        assertEquals(3.0, why.runQueue().runQueueWaitMicrosPerRequest(), 1e-9);
        assertEquals(Coverage.COMPLETE, why.runQueue().runQueueWaitSource().coverage());
        assertEquals(4.0, why.syscalls().readWriteCallsPerRequest(), 1e-9);
        assertEquals(4_000.0, why.jvm().allocatedBytesPerRequest(), 1e-9);
        assertEquals(2L, why.jvm().gcCount());
        assertEquals(4L, why.jvm().gcPauseMillis());
        assertEquals(4.0, why.jvm().gcPauseMicrosPerRequest(), 1e-9);
        assertEquals(0L, why.jvm().threadsStarted());
        assertEquals(0.7, why.perf().contextSwitchesPerRequest(), 1e-9);
    }

    @Test
    void theDatabasePoolsWaitIsTheWindowsWaitPerRequestAndAbsentWithoutAPool() {
        // 1,000 requests waited 250 ms in all for a pooled connection: 250 µs each.
        WhyFigures pooled = CellFigures.why(
                REQUESTS,
                usage(
                        STEADY,
                        jvm(0, 0, 0, 0, 0, new PoolWaits(5_000, 1_000_000_000L, 0, 8, true)),
                        jvm(0, 0, 0, 0, 0, new PoolWaits(6_000, 1_250_000_000L, 0, 8, true)),
                        null),
                COUNTED);
        assertEquals(new DatabasePool(8, 250.0), pooled.jvm().databasePool());
        WhyFigures none =
                CellFigures.why(REQUESTS, usage(STEADY, jvm(0, 0, 0, 0, 0), jvm(0, 0, 0, 0, 0), null), COUNTED);
        assertNull(none.jvm().databasePool());
        WhyFigures untimed = CellFigures.why(
                REQUESTS,
                usage(STEADY, jvm(0, 0, 0, 0, 0, PoolWaits.untimed(2)), jvm(0, 0, 0, 0, 0, PoolWaits.untimed(2)), null),
                COUNTED);
        assertEquals(new DatabasePool(2, null), untimed.jvm().databasePool(), "its size, and no wait it did not time");
    }

    @Test
    void pinsAreTheWindowsPinsPerThousandRequestsAndTheirTimePerRequestAndAbsentWhereNotCounted() {
        // 1,000 requests; 40 pins in the window, which held carriers 6 ms in all: 40 per 1k, 6 µs a request.
        WhyFigures pinned = CellFigures.why(
                REQUESTS,
                usage(
                        STEADY,
                        jvm(0, 0, 0, 0, 0, null, new CarrierPinning(10, 1_000_000)),
                        jvm(0, 0, 0, 0, 0, null, new CarrierPinning(50, 7_000_000)),
                        null),
                COUNTED);
        assertEquals(40.0, pinned.jvm().pinnedPerThousandRequests(), 1e-9);
        assertEquals(6.0, pinned.jvm().pinnedMicrosPerRequest(), 1e-9);
        WhyFigures half = CellFigures.why(
                REQUESTS,
                usage(STEADY, jvm(0, 0, 0, 0, 0), jvm(0, 0, 0, 0, 0, null, new CarrierPinning(50, 7_000_000)), null),
                COUNTED);
        assertNull(half.jvm().pinnedPerThousandRequests());
        assertNull(half.jvm().pinnedMicrosPerRequest());
    }

    @Test
    void theSampledCallsShareTheExactTotalByName() {
        Counted lossy =
                new Counted(new PerfCounts(2_000, Map.of("read", 600L, "write", 400L), 0, 0, 0, 0), 1_000, 0.4, null);
        WhyFigures why = CellFigures.why(REQUESTS, usage(STEADY, null, null, "x"), lossy);
        assertEquals(2.0, why.syscalls().syscallsPerRequest(), 1e-9);
        assertEquals(
                List.of(new SyscallRate("read", 1.2), new SyscallRate("write", 0.8)),
                why.syscalls().topSyscalls());
    }

    @Test
    void withoutTheJvmSwitchesComeFromProcAndThreadsThatEndedMakeThemPartial() {
        ProcessActivity churn = new ProcessActivity(new CpuTimes(1, 1), 10, 900, 40, 3_000_000, 2, 5, null);
        WhyFigures why = CellFigures.why(REQUESTS, usage(churn, null, null, "no control channel"), COUNTED);
        assertEquals(0.9, why.switches().voluntarySwitchesPerRequest(), 1e-9);
        assertEquals(Coverage.PARTIAL, why.switches().switchesSource().coverage());
        assertTrue(
                why.switches().switchesSource().note().contains("5 threads ended"),
                why.switches().switchesSource().note());
        assertEquals(Coverage.PARTIAL, why.runQueue().runQueueWaitSource().coverage());
        assertEquals(Coverage.ABSENT, why.jvm().source().coverage());
        assertEquals("no control channel", why.jvm().source().note());
        assertNull(why.jvm().allocatedBytesPerRequest());
    }

    @Test
    void threadsTheJvmStartedAndEndedInsideTheWindowMakeProcsFiguresPartial() {
        // The JVM started 1000 threads; /proc saw none of them, neither born nor ended.
        WhyFigures why =
                CellFigures.why(REQUESTS, usage(STEADY, jvm(0, 0, 0, 30, -1), jvm(0, 0, 0, 1_030, -1), null), COUNTED);
        assertEquals(Coverage.PARTIAL, why.runQueue().runQueueWaitSource().coverage());
        assertTrue(
                why.runQueue().runQueueWaitSource().note().contains("the JVM started 1000"),
                why.runQueue().runQueueWaitSource().note());
        assertEquals(1_000L, why.jvm().threadsStarted());
    }

    @Test
    void withoutPerfSystemCallsAreTheReadAndWriteCallsAndSayWhatTheyLeaveOut() {
        WhyFigures why =
                CellFigures.why(REQUESTS, usage(STEADY, null, null, "x"), Counted.absent("no perf on this machine"));
        assertEquals(4.0, why.syscalls().syscallsPerRequest(), 1e-9);
        assertEquals(Coverage.PARTIAL, why.syscalls().syscallsSource().coverage());
        assertTrue(
                why.syscalls().syscallsSource().note().contains("not recvfrom"),
                why.syscalls().syscallsSource().note());
        assertTrue(
                why.syscalls().syscallsSource().note().endsWith("no perf on this machine"),
                why.syscalls().syscallsSource().note());
        assertEquals(List.of(), why.syscalls().topSyscalls());
        assertNull(why.perf());
    }

    @Test
    void withoutProcEveryFigureIsAbsentAndSaysWhy() {
        WhyFigures why = CellFigures.why(REQUESTS, usage(null, null, null, "x"), Counted.absent("no perf"));
        assertNull(why.cpu().userMicrosPerRequest());
        assertEquals(Coverage.ABSENT, why.cpu().cpuSplitSource().coverage());
        assertEquals(Coverage.ABSENT, why.switches().switchesSource().coverage());
        assertEquals(Coverage.ABSENT, why.syscalls().syscallsSource().coverage());
        assertEquals("no perf", why.syscalls().syscallsSource().note());
        assertEquals(Coverage.ABSENT, why.runQueue().runQueueWaitSource().coverage());
    }
}
