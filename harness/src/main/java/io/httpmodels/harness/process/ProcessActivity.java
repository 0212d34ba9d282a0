package io.httpmodels.harness.process;

import java.util.Map;

/**
 * What a process did between two {@link ProcessSnapshot}s, as /proc counts it from outside. CPU time and read and
 * write calls are the process's own totals, so threads that ended in between still count. The per-thread
 * figures (switches, run-queue wait) sum the threads alive at the end: a thread born in between counts whole
 * (all it did is inside), a thread alive at the start that ended is lost with what it did, and one born and ended
 * in between is never seen; {@link #tasksEnded()} says how many of the first kind there were.
 *
 * @param cpu                 user and system time, null when unknown
 * @param readWriteCalls      read and write calls ({@link ProcFs#readWriteCalls}), -1 when unknown
 * @param voluntarySwitches   summed over the threads, -1 when the threads were not read
 * @param involuntarySwitches the same
 * @param runDelayNanos       time the threads waited runnable for a core, -1 when unknown
 * @param tasksBorn           threads alive at the end that were not at the start
 * @param tasksEnded          threads alive at the start that were gone at the end (their counts lost)
 * @param tasksNote           why the threads were not read, or null
 */
public record ProcessActivity(
        CpuTimes cpu,
        long readWriteCalls,
        long voluntarySwitches,
        long involuntarySwitches,
        long runDelayNanos,
        int tasksBorn,
        int tasksEnded,
        String tasksNote) {

    /** The difference {@code end} minus {@code start}. */
    public static ProcessActivity between(ProcessSnapshot start, ProcessSnapshot end) {
        CpuTimes cpu =
                start.cpu() == null || end.cpu() == null ? null : end.cpu().minus(start.cpu());
        long calls = start.readWriteCalls() < 0 || end.readWriteCalls() < 0
                ? -1
                : end.readWriteCalls() - start.readWriteCalls();
        String note = start.tasksNote() != null ? start.tasksNote() : end.tasksNote();
        if (note != null) {
            return new ProcessActivity(cpu, calls, -1, -1, -1, 0, 0, note);
        }
        long voluntary = 0;
        long involuntary = 0;
        long runDelay = 0;
        int born = 0;
        for (Map.Entry<Long, TaskCounters> e : end.tasks().entrySet()) {
            TaskCounters now = e.getValue();
            TaskCounters then = start.tasks().get(e.getKey());
            if (then == null) {
                born++;
                then = new TaskCounters(0, 0, 0, '?');
            }
            voluntary += now.voluntarySwitches() - then.voluntarySwitches();
            involuntary += now.involuntarySwitches() - then.involuntarySwitches();
            if (runDelay >= 0 && now.runDelayNanos() >= 0 && then.runDelayNanos() >= 0) {
                runDelay += now.runDelayNanos() - then.runDelayNanos();
            } else {
                runDelay = -1;
            }
        }
        int ended = 0;
        for (Long tid : start.tasks().keySet()) {
            if (!end.tasks().containsKey(tid)) {
                ended++;
            }
        }
        return new ProcessActivity(cpu, calls, voluntary, involuntary, runDelay, born, ended, null);
    }
}
