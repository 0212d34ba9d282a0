package io.httpmodels.harness.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Map;

class CpuClockTest {

    private static final long TICK = ProcFs.tickNanos();

    @Test
    void whenEveryThreadLivesOnTheTimeIsTheirsToTheNanosecond() {
        CpuClock start = new CpuClock(Map.of(1L, 1_000L, 2L, 5_000L), 0);
        CpuClock end = new CpuClock(Map.of(1L, 1_700L, 2L, 5_040L), TICK);
        assertEquals(740, end.nanosSince(start));
    }

    @Test
    void aThreadStartedInBetweenCountsWhole() {
        CpuClock start = new CpuClock(Map.of(1L, 1_000L), 0);
        CpuClock end = new CpuClock(Map.of(1L, 1_500L, 3L, 2_000L), 0);
        assertEquals(2_500, end.nanosSince(start));
    }

    @Test
    void aThreadThatEndedInBetweenTakesItsTimeWithItSoTheTicksAreUsed() {
        CpuClock start = new CpuClock(Map.of(1L, 1_000L, 2L, 5_000L), 10 * TICK);
        CpuClock end = new CpuClock(Map.of(1L, 1_500L), 17 * TICK);
        assertEquals(7 * TICK, end.nanosSince(start));
    }

    @Test
    void aThreadThatCameAndWentInBetweenShowsAsTimeMissingFromTheThreadsSoTheTicksAreUsed() {
        CpuClock start = new CpuClock(Map.of(1L, 0L), 0);
        // The threads say 1 tick, the process 10: a short-lived thread used the other 9.
        CpuClock end = new CpuClock(Map.of(1L, TICK), 10 * TICK);
        assertEquals(10 * TICK, end.nanosSince(start));
        // Within the ticks' own error, the threads' exact sum stands.
        CpuClock close = new CpuClock(Map.of(1L, 7 * TICK + 1), 10 * TICK);
        assertEquals(7 * TICK + 1, close.nanosSince(start));
        CpuClock tooShort = new CpuClock(Map.of(1L, 7 * TICK - 1), 10 * TICK);
        assertEquals(10 * TICK, tooShort.nanosSince(start));
    }

    @Test
    void withoutTheThreadsTimesTheTicksAreUsed() {
        CpuClock start = new CpuClock(Map.of(), 2 * TICK);
        CpuClock end = new CpuClock(Map.of(1L, 5L), 4 * TICK);
        assertEquals(2 * TICK, end.nanosSince(start));
        assertEquals(2 * TICK, new CpuClock(Map.of(), 4 * TICK).nanosSince(new CpuClock(Map.of(1L, 0L), 2 * TICK)));
    }

    @Test
    void aProcessThatIsGoneIsUnknown() {
        CpuClock gone = CpuClock.read(List.of(Long.MAX_VALUE));
        assertEquals(-1, gone.tickNanos());
        assertEquals(-1, gone.nanosSince(new CpuClock(Map.of(), 0)));
        assertEquals(-1, new CpuClock(Map.of(), 0).nanosSince(gone));
    }

    @Isolated // reads this JVM's own CPU time: nothing else of the suite may run beside it
    @Nested
    class OnThisJvm {

        @Test
        void aBusyThreadsTimeIsReadExactlyWhereTheTicksWouldBeTensOfPerCentOut() {
            assumeTrue(ProcFs.available(), "no /proc here");
            long self = ProcessHandle.current().pid();
            var bean = ManagementFactory.getThreadMXBean();
            CpuClock start = CpuClock.read(List.of(self));
            assertFalse(start.nanosByTask().isEmpty(), "schedstat read for every thread");
            long threadStart = bean.getCurrentThreadCpuTime();
            long spin = 0;
            while (bean.getCurrentThreadCpuTime() - threadStart < 3 * TICK / 2) {
                spin++;
            }
            long burned = bean.getCurrentThreadCpuTime() - threadStart;
            long used = CpuClock.read(List.of(self)).nanosSince(start);
            assertTrue(spin > 0);
            // At least this thread's time (the JVM's other threads add a little); not a whole number of ticks,
            // which the ticks' difference always is.
            assertTrue(used >= burned - TICK / 10, used + " ns read, " + burned + " ns burned");
            assertTrue(used <= burned + 5 * TICK, used + " ns read, " + burned + " ns burned");
            assertTrue(used % TICK != 0, used + " ns: a whole number of ticks");
        }
    }
}
