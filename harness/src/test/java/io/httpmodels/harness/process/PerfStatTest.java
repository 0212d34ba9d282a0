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
            "388,,sched:sched_switch,19685173,100.00,,");

    @Test
    void everyCounterIsReadAndTheNamedCallsThatHappened() throws IOException {
        PerfCounts counts = PerfStat.parse(OUTPUT, Map.of("write", 3001L, "futex", 12L));
        assertEquals(3874, counts.syscalls());
        assertEquals(433, counts.contextSwitches());
        assertEquals(388, counts.voluntarySwitches(), "the filtered sched_switch: switches into sleep");
        assertEquals(2, counts.cpuMigrations());
        assertEquals(3, counts.threadsStarted());
        assertEquals(Map.of("write", 3001L, "futex", 12L), counts.bySyscall());
        assertEquals(3013, counts.recordedSyscalls());
    }

    @Test
    void aCounterPerfCouldNotCountIsAnErrorNotAZero() {
        List<String> notCounted = List.of(
                "<not counted>,,raw_syscalls:sys_enter,0,100.00,,",
                "433,,context-switches,19685173,100.00,,",
                "2,,cpu-migrations,19685173,100.00,,",
                "3,,sched:sched_process_fork,19685173,100.00,,",
                "388,,sched:sched_switch,19685173,100.00,,");
        IOException e = assertThrows(IOException.class, () -> PerfStat.parse(notCounted, Map.of()));
        assertTrue(e.getMessage().contains("raw_syscalls:sys_enter"), e.getMessage());
    }

    @Test
    void anOutputWithoutTheTotalIsAnError() {
        assertThrows(IOException.class, () -> PerfStat.parse(OUTPUT.subList(0, 3), Map.of()));
    }

    @Test
    void perfTracesLinesAreCountedByTheCallsName() {
        List<String> lines = List.of(
                "     0.000 (         ): Monitor Deflat/29356 futex(uaddr: 0x7fd246de22d0, op: WAKE|PRIVATE_FLAG) ...",
                "   333.529 (         ): httpmodels-net/29400 getsockname(fd: 74, usockaddr: 0x7fd220a84d30) ...",
                "   333.531 (         ): httpmodels-net/29400 getsockname(fd: 75, usockaddr: 0x7fd220a84d30) ...",
                "   334.000 ( 0.002 ms): nginx: worker p/1234 accept4(fd: 6, upeer_sockaddr: 0x7ffd) = 9",
                "Warning: some line perf printed");
        assertEquals(Map.of("futex", 1L, "getsockname", 2L, "accept4", 1L), PerfStat.traceNames(lines));
    }
}
