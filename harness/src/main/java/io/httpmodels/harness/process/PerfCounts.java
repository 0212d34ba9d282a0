package io.httpmodels.harness.process;

import java.util.Map;

/**
 * What {@code perf stat} counted for a process over the time its counters were enabled, every thread included,
 * those that started or ended meanwhile too (the counters are inherited by each new thread, and an ended thread's
 * count is kept).
 *
 * @param syscalls           system calls entered ({@code raw_syscalls:sys_enter}): all of them, of every kind
 * @param bySyscall          the system calls perf record kept (one in {@link PerfStat#SAMPLE_PERIOD}), by name as
 *                           perf trace names them: shares of {@code syscalls}
 * @param contextSwitches    context switches of its threads
 * @param voluntarySwitches  of those, switches in which a thread went to sleep ({@code sched:sched_switch} with a
 *                           sleeping state); the rest were preemptions
 * @param cpuMigrations      times a thread moved to another CPU
 * @param threadsStarted     threads (and processes) it started ({@code sched:sched_process_fork})
 */
public record PerfCounts(
        long syscalls,
        Map<String, Long> bySyscall,
        long contextSwitches,
        long voluntarySwitches,
        long cpuMigrations,
        long threadsStarted) {

    public PerfCounts {
        bySyscall = Map.copyOf(bySyscall);
    }

    /** The calls kept by name, summed. */
    public long recordedSyscalls() {
        return bySyscall.values().stream().mapToLong(Long::longValue).sum();
    }
}
