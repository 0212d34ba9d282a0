package io.httpmodels.harness.process;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * A reading of the CPU time of a process and its descendants, exact to the nanosecond where Linux allows it.
 *
 * <p>{@code /proc/PID/stat} gives a process's user and system time in clock ticks (10 ms): over a window of half
 * a second in which a server uses 0.15 s, a tick at each edge is 7 % of the figure. Each thread's {@code
 * schedstat} gives its time on a CPU in nanoseconds, but a thread that ends takes its own with it (the kernel
 * folds it into the process's ticks only). So the time between two readings is the threads' nanoseconds when
 * every thread of the first reading is still there at the second (threads started in between count whole: all
 * their time is in between), and the ticks' difference otherwise (a model that ends a thread per connection, an
 * nginx worker that exits). A thread that both starts and ends between the readings leaves no trace in the
 * threads' sum: when that sum falls short of the ticks' difference by more than the ticks' own error (a tick at
 * each edge, and one more for the split of user and system time), the ticks are used.
 *
 * @param nanosByTask each live thread's time on a CPU, nanoseconds, by thread id; empty when schedstat is not
 *                    readable
 * @param tickNanos   the processes' user + system time from their stat, at a tick's resolution; -1 when the
 *                    first process is gone
 */
public record CpuClock(Map<Long, Long> nanosByTask, long tickNanos) {

    public CpuClock {
        nanosByTask = Map.copyOf(nanosByTask);
    }

    /** Reads the CPU time of {@code pids} (a process and its descendants, the first one the process). */
    public static CpuClock read(List<Long> pids) {
        Map<Long, Long> tasks = new HashMap<>();
        long ticks = 0;
        boolean exact = true;
        for (long pid : pids) {
            OptionalLong cpu = ProcFs.cpuNanos(pid);
            if (cpu.isEmpty() && pid == pids.get(0)) {
                return new CpuClock(Map.of(), -1);
            }
            ticks += cpu.orElse(0);
            exact &= ProcFs.addTaskRunNanos(pid, tasks);
        }
        return new CpuClock(exact ? tasks : Map.of(), ticks);
    }

    /** How far the ticks' difference may be from the exact time: a tick at each reading, one for the split. */
    static final int TICKS_OF_ERROR = 3;

    /**
     * CPU time used since {@code start}, nanoseconds: exact when every thread of {@code start} is still alive,
     * both readings have schedstat and no thread's time went missing in between, else at a tick's resolution; -1
     * when either reading lacks the process.
     */
    public long nanosSince(CpuClock start) {
        if (tickNanos < 0 || start.tickNanos < 0) {
            return -1;
        }
        long ticked = tickNanos - start.tickNanos;
        if (start.nanosByTask.isEmpty()
                || nanosByTask.isEmpty()
                || !nanosByTask.keySet().containsAll(start.nanosByTask.keySet())) {
            return ticked;
        }
        long exact = 0;
        for (Map.Entry<Long, Long> task : nanosByTask.entrySet()) {
            exact += task.getValue() - start.nanosByTask.getOrDefault(task.getKey(), 0L);
        }
        return exact < ticked - TICKS_OF_ERROR * ProcFs.tickNanos() ? ticked : exact;
    }
}
