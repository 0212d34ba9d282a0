package io.httpmodels.harness.process;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

import java.util.Map;

class ProcessActivityTest {

    private static final CpuTimes CPU0 = new CpuTimes(1_000, 2_000);
    private static final CpuTimes CPU1 = new CpuTimes(4_000, 7_000);

    @Test
    void aThreadAliveAtBothEdgesCountsItsDifference() {
        ProcessActivity a = ProcessActivity.between(
                snapshot(CPU0, Map.of(1L, task(10, 2, 500))), snapshot(CPU1, Map.of(1L, task(15, 3, 800))));
        assertEquals(new CpuTimes(3_000, 5_000), a.cpu());
        assertEquals(5, a.voluntarySwitches());
        assertEquals(1, a.involuntarySwitches());
        assertEquals(300, a.runDelayNanos());
        assertEquals(0, a.tasksBorn());
        assertEquals(0, a.tasksEnded());
    }

    @Test
    void aThreadBornInTheWindowCountsWholeAndOneThatEndedIsLostButCounted() {
        ProcessActivity a = ProcessActivity.between(
                snapshot(CPU0, Map.of(1L, task(10, 2, 500), 2L, task(100, 100, 100))),
                snapshot(CPU1, Map.of(1L, task(11, 2, 500), 3L, task(7, 1, 40))));
        assertEquals(1 + 7, a.voluntarySwitches());
        assertEquals(1, a.involuntarySwitches());
        assertEquals(40, a.runDelayNanos());
        assertEquals(1, a.tasksBorn());
        assertEquals(1, a.tasksEnded());
    }

    @Test
    void threadsNotReadLeaveTheirFiguresUnknownWithTheReason() {
        ProcessActivity a = ProcessActivity.between(
                new ProcessSnapshot(CPU0, 10, Map.of(), "3000 threads: more than 2000"),
                snapshot(CPU1, Map.of(1L, task(1, 1, 1))));
        assertEquals(-1, a.voluntarySwitches());
        assertEquals(-1, a.runDelayNanos());
        assertEquals("3000 threads: more than 2000", a.tasksNote());
        assertEquals(new CpuTimes(3_000, 5_000), a.cpu(), "the process's own times need no thread");
    }

    @Test
    void anUnknownRunDelayMakesTheSumUnknown() {
        ProcessActivity a = ProcessActivity.between(
                snapshot(CPU0, Map.of(1L, task(1, 1, -1))), snapshot(CPU1, Map.of(1L, task(2, 1, -1))));
        assertEquals(-1, a.runDelayNanos());
        assertEquals(1, a.voluntarySwitches());
    }

    @Test
    void readAndWriteCallsAreTheDifferenceOrUnknown() {
        assertEquals(
                90,
                ProcessActivity.between(
                                new ProcessSnapshot(CPU0, 10, Map.of(1L, task(0, 0, 0)), null),
                                new ProcessSnapshot(CPU1, 100, Map.of(1L, task(0, 0, 0)), null))
                        .readWriteCalls());
        assertEquals(
                -1,
                ProcessActivity.between(
                                new ProcessSnapshot(CPU0, -1, Map.of(1L, task(0, 0, 0)), null),
                                new ProcessSnapshot(CPU1, 100, Map.of(1L, task(0, 0, 0)), null))
                        .readWriteCalls());
    }

    @Test
    void aProcessThatIsGoneReadsAsUnknown() {
        ProcessSnapshot gone = ProcessSnapshot.read(Long.MAX_VALUE / 2);
        assertEquals(null, gone.cpu());
        assertEquals("the process is gone", gone.tasksNote());
    }

    private static ProcessSnapshot snapshot(CpuTimes cpu, Map<Long, TaskCounters> tasks) {
        return new ProcessSnapshot(cpu, 0, tasks, null);
    }

    private static TaskCounters task(long voluntary, long involuntary, long runDelay) {
        return new TaskCounters(voluntary, involuntary, runDelay, 'S');
    }
}
