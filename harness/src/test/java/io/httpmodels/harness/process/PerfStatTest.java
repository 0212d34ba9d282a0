package io.httpmodels.harness.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;
import java.util.Map;

/** Reading perf's CSV output, as {@code perf stat -x ,} 6.1 writes it. */
class PerfStatTest {

    private static final List<String> OUTPUT = List.of(
            "# started on Tue Dec  1 11:49:44 2026",
            "",
            "3874,,raw_syscalls:sys_enter,19685173,100.00,,",
            "433,,context-switches,19685173,100.00,,",
            "2,,cpu-migrations,19685173,100.00,,",
            "3,,sched:sched_process_fork,19685173,100.00,,",
            "388,,sched:sched_switch,19685173,100.00,,",
            "3001,,syscalls:sys_enter_write,19685173,100.00,,",
            "0,,syscalls:sys_enter_read,19685173,100.00,,",
            "12,,syscalls:sys_enter_futex,19685173,100.00,,");

    @Test
    void everyCounterIsReadAndTheNamedCallsThatHappened() throws IOException {
        PerfCounts counts = PerfStat.parse(OUTPUT, List.of("read", "write", "futex", "close"));
        assertEquals(3874, counts.syscalls());
        assertEquals(433, counts.contextSwitches());
        assertEquals(388, counts.voluntarySwitches(), "the filtered sched_switch: switches into sleep");
        assertEquals(2, counts.cpuMigrations());
        assertEquals(3, counts.threadsStarted());
        assertEquals(Map.of("write", 3001L, "futex", 12L), counts.bySyscall(), "calls never made are left out");
    }

    @Test
    void aCounterPerfCouldNotCountIsAnErrorNotAZero() {
        List<String> notCounted = List.of(
                "<not counted>,,raw_syscalls:sys_enter,0,100.00,,",
                "433,,context-switches,19685173,100.00,,",
                "2,,cpu-migrations,19685173,100.00,,",
                "3,,sched:sched_process_fork,19685173,100.00,,",
                "388,,sched:sched_switch,19685173,100.00,,");
        IOException e = assertThrows(IOException.class, () -> PerfStat.parse(notCounted, List.of()));
        assertTrue(e.getMessage().contains("raw_syscalls:sys_enter"), e.getMessage());
    }

    @Test
    void anOutputWithoutTheTotalIsAnError() {
        assertThrows(IOException.class, () -> PerfStat.parse(OUTPUT.subList(0, 3), List.of()));
    }

    @Test
    void theWatchedCallsAreDistinct() {
        assertEquals(
                PerfStat.SYSCALLS.size(), PerfStat.SYSCALLS.stream().distinct().count());
    }
}
