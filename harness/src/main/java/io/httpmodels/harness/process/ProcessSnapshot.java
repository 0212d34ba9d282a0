package io.httpmodels.harness.process;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What /proc says of a process and its child processes at one instant, read from outside: its CPU time split,
 * its read and write calls, and each live thread's counters. Two of them, at a window's start and end, give
 * {@link ProcessActivity}.
 *
 * @param cpu            user and system time of the process and its children, null when unknown
 * @param readWriteCalls {@link ProcFs#readWriteCalls} summed, -1 when unknown
 * @param tasks          every live thread by its id (ids are unique on the machine), empty when not read
 * @param tasksNote      why the threads were not read, or null when they were
 */
public record ProcessSnapshot(CpuTimes cpu, long readWriteCalls, Map<Long, TaskCounters> tasks, String tasksNote) {

    /**
     * Reading each thread's three files costs the harness's core, which the load client shares: beyond this many
     * threads (the crowd profile's thread per connection has 10,000) they are not read.
     */
    public static final int MAX_TASKS = 2_000;

    public ProcessSnapshot {
        tasks = Map.copyOf(tasks);
    }

    /** Reads {@code pid} and its live descendants now; figures it cannot read are unknown, never an error. */
    public static ProcessSnapshot read(long pid) {
        List<Long> pids = ProcFs.withDescendants(pid);
        CpuTimes cpu = new CpuTimes(0, 0);
        long calls = 0;
        int threads = 0;
        for (long p : pids) {
            Optional<CpuTimes> times = ProcFs.cpuTimes(p);
            if (times.isEmpty()) {
                if (p == pid) {
                    return new ProcessSnapshot(null, -1, Map.of(), "the process is gone");
                }
                continue;
            }
            cpu = cpu.plus(times.get());
            OptionalLong rw = ProcFs.readWriteCalls(p);
            calls = calls < 0 || rw.isEmpty() ? -1 : calls + rw.getAsLong();
            threads += Math.max(0, ProcFs.taskCount(p));
        }
        if (threads > MAX_TASKS) {
            return new ProcessSnapshot(
                    cpu, calls, Map.of(), threads + " threads: more than " + MAX_TASKS + ", not read one by one");
        }
        Map<Long, TaskCounters> tasks = new LinkedHashMap<>();
        for (long p : pids) {
            tasks.putAll(ProcFs.tasks(p));
        }
        return new ProcessSnapshot(cpu, calls, tasks, tasks.isEmpty() ? "no thread could be read" : null);
    }
}
