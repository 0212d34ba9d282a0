package io.httpmodels.harness.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;

/**
 * Reads what Linux's /proc says of a process: CPU time, resident memory, threads. Every method answers
 * "unknown" (empty, -1) instead of throwing when the process is gone or /proc is missing, so a sampler never
 * fails a run.
 */
public final class ProcFs {

    private static final Path PROC = Path.of("/proc");
    /** USER_HZ: the unit of /proc's CPU times; 100 on every Linux architecture the JDK runs on. */
    private static final long TICKS_PER_SECOND = clockTicks();

    private ProcFs() {}

    /** One clock tick, the resolution of /proc's CPU times, in nanoseconds. */
    static long tickNanos() {
        return TimeUnit.SECONDS.toNanos(1) / TICKS_PER_SECOND;
    }

    /** Whether /proc can be read here. */
    public static boolean available() {
        return Files.isReadable(PROC.resolve("self/stat"));
    }

    /**
     * CPU time (user + system, all threads) of {@code pid} in nanoseconds, at the resolution of a clock tick.
     * Empty when the process is gone or /proc is missing.
     */
    public static OptionalLong cpuNanos(long pid) {
        String stat = read(PROC.resolve(pid + "/stat"));
        if (stat == null) {
            return OptionalLong.empty();
        }
        // The command name, in parentheses, may hold spaces: count fields after the last ')'.
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
        // Fields 14 (utime) and 15 (stime) of stat(5); the array starts at field 3.
        long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
        return OptionalLong.of(ticks * (TimeUnit.SECONDS.toNanos(1) / TICKS_PER_SECOND));
    }

    /**
     * CPU time (user + system) in nanoseconds of the threads of {@code pid} whose name starts with {@code prefix},
     * summed, at the resolution of a clock tick: e.g. {@code "C2 CompilerThre"} for HotSpot's JIT compiler
     * threads (Linux keeps 15 characters of a thread's name). Empty when the process is gone or /proc is missing.
     */
    public static OptionalLong threadsCpuNanos(long pid, String prefix) {
        Path tasks = PROC.resolve(pid + "/task");
        long ticks = 0;
        try (var dirs = Files.list(tasks)) {
            for (Path task : (Iterable<Path>) dirs::iterator) {
                String comm = read(task.resolve("comm"));
                if (comm == null || !comm.startsWith(prefix)) {
                    continue;
                }
                String stat = read(task.resolve("stat"));
                if (stat != null) {
                    String[] fields =
                            stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
                    ticks += Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
                }
            }
        } catch (IOException | RuntimeException e) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(ticks * (TimeUnit.SECONDS.toNanos(1) / TICKS_PER_SECOND));
    }

    /**
     * User and system CPU time of {@code pid} (all threads, those that ended included: the kernel folds an ended
     * thread's times into its process), in nanoseconds at the resolution of a clock tick. Empty when the process
     * is gone or /proc is missing.
     */
    public static Optional<CpuTimes> cpuTimes(long pid) {
        String stat = read(PROC.resolve(pid + "/stat"));
        if (stat == null) {
            return Optional.empty();
        }
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
        long tick = TimeUnit.SECONDS.toNanos(1) / TICKS_PER_SECOND;
        return Optional.of(new CpuTimes(Long.parseLong(fields[11]) * tick, Long.parseLong(fields[12]) * tick));
    }

    /**
     * The read and write calls {@code pid} made, from /proc/PID/io ({@code syscr + syscw}): every thread, ended ones
     * included, but only the calls that go through the kernel's file read and write paths (read, readv, pread,
     * write, writev, pwrite, sendfile...), not recvfrom, sendto, recvmsg, sendmsg, accept, poll, epoll or
     * io_uring_enter. Empty when unknown (needs the right to trace the process: the same user, or root).
     */
    public static OptionalLong readWriteCalls(long pid) {
        String io = read(PROC.resolve(pid + "/io"));
        if (io == null) {
            return OptionalLong.empty();
        }
        long syscr = -1;
        long syscw = -1;
        for (String line : io.split("\n")) {
            if (line.startsWith("syscr:")) {
                syscr = Long.parseLong(line.substring(6).trim());
            } else if (line.startsWith("syscw:")) {
                syscw = Long.parseLong(line.substring(6).trim());
            }
        }
        return syscr < 0 || syscw < 0 ? OptionalLong.empty() : OptionalLong.of(syscr + syscw);
    }

    /**
     * Every live thread of {@code pid} with what the kernel counts for it alone: context switches (from its
     * {@code status}), the time it waited runnable for a core (the second field of its {@code schedstat}) and its
     * state. Threads that ended are gone from here, with their counts. Empty when the process is gone; a thread
     * that ends while it is read is left out.
     */
    public static Map<Long, TaskCounters> tasks(long pid) {
        Map<Long, TaskCounters> tasks = new LinkedHashMap<>();
        try (var dirs = Files.list(PROC.resolve(pid + "/task"))) {
            for (Path task : (Iterable<Path>) dirs::iterator) {
                TaskCounters counters = taskCounters(task);
                if (counters != null) {
                    tasks.put(Long.parseLong(task.getFileName().toString()), counters);
                }
            }
        } catch (IOException | RuntimeException e) {
            return tasks;
        }
        return tasks;
    }

    /**
     * Adds each live thread of {@code pid}'s time on a CPU (the first field of its {@code schedstat}, nanoseconds)
     * to {@code into}, by thread id; false when a thread's could not be read (one that ended while it was read).
     */
    static boolean addTaskRunNanos(long pid, Map<Long, Long> into) {
        try (var dirs = Files.list(PROC.resolve(pid + "/task"))) {
            for (Path task : (Iterable<Path>) dirs::iterator) {
                String schedstat = Files.readString(task.resolve("schedstat"));
                int space = schedstat.indexOf(' ');
                into.put(
                        Long.parseLong(task.getFileName().toString()),
                        Long.parseLong(space < 0 ? schedstat.trim() : schedstat.substring(0, space)));
            }
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** How many threads {@code pid} has by /proc's count of its task folder, or -1 when unknown. */
    public static int taskCount(long pid) {
        try (var dirs = Files.list(PROC.resolve(pid + "/task"))) {
            return (int) dirs.count();
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    private static TaskCounters taskCounters(Path task) {
        String status = read(task.resolve("status"));
        String schedstat = read(task.resolve("schedstat"));
        if (status == null) {
            return null;
        }
        long voluntary = -1;
        long involuntary = -1;
        char state = '?';
        for (String line : status.split("\n")) {
            if (line.startsWith("voluntary_ctxt_switches:")) {
                voluntary = Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
            } else if (line.startsWith("nonvoluntary_ctxt_switches:")) {
                involuntary =
                        Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
            } else if (line.startsWith("State:")) {
                String value = line.substring(6).trim();
                state = value.isEmpty() ? '?' : value.charAt(0);
            }
        }
        long runDelay = -1;
        if (schedstat != null) {
            String[] fields = schedstat.trim().split(" ");
            if (fields.length >= 2) {
                runDelay = Long.parseLong(fields[1]);
            }
        }
        return voluntary < 0 || involuntary < 0 ? null : new TaskCounters(voluntary, involuntary, runDelay, state);
    }

    /**
     * CPU time in nanoseconds of HotSpot's JIT compiler threads ({@code C1 CompilerThread*} and
     * {@code C2 CompilerThread*}) in {@code pid}; empty when unknown. Zero for a JVM with no such threads.
     */
    public static OptionalLong jitCpuNanos(long pid) {
        OptionalLong c1 = threadsCpuNanos(pid, "C1 CompilerThre");
        OptionalLong c2 = threadsCpuNanos(pid, "C2 CompilerThre");
        return c1.isPresent() && c2.isPresent()
                ? OptionalLong.of(c1.getAsLong() + c2.getAsLong())
                : OptionalLong.empty();
    }

    /** Resident set size of {@code pid} in bytes (VmRSS), or -1 when unknown. */
    public static long rssBytes(long pid) {
        long kib = statusField(pid, "VmRSS:");
        return kib < 0 ? -1 : kib * 1024;
    }

    /** Threads of {@code pid}, or -1 when unknown. */
    public static int threads(long pid) {
        return (int) statusField(pid, "Threads:");
    }

    /** The CPUs this process may run on (its affinity), from Cpus_allowed_list; empty when unknown. */
    public static List<Integer> selfAffinity() {
        String status = read(PROC.resolve("self/status"));
        if (status == null) {
            return List.of();
        }
        for (String line : status.split("\n")) {
            if (line.startsWith("Cpus_allowed_list:")) {
                return CpuList.parse(
                        line.substring("Cpus_allowed_list:".length()).trim());
            }
        }
        return List.of();
    }

    /** The CPUs online on the machine, from sysfs; empty when unknown. */
    public static List<Integer> onlineCpus() {
        String online = read(Path.of("/sys/devices/system/cpu/online"));
        return online == null ? List.of() : CpuList.parse(online.trim());
    }

    /** The 1, 5 and 15 minute load averages from /proc/loadavg ({@code 0.42 0.61 0.70}), or null. */
    public static String loadAverage() {
        String loadavg = read(PROC.resolve("loadavg"));
        if (loadavg == null) {
            return null;
        }
        String[] fields = loadavg.trim().split("\\s+");
        return fields.length < 3 ? null : fields[0] + " " + fields[1] + " " + fields[2];
    }

    /** The processor's model name from /proc/cpuinfo, or null. */
    public static String cpuModel() {
        String cpuinfo = read(PROC.resolve("cpuinfo"));
        if (cpuinfo == null) {
            return null;
        }
        for (String line : cpuinfo.split("\n")) {
            if (line.startsWith("model name")) {
                return line.substring(line.indexOf(':') + 1).trim();
            }
        }
        return null;
    }

    /** The process's command line, its NULs as spaces (a title a process set itself, as PostgreSQL's backends do). */
    public static String cmdline(long pid) {
        String line = read(PROC.resolve(pid + "/cmdline"));
        return line == null ? null : line.replace('\0', ' ').trim();
    }

    /** {@code pid} followed by its live descendants (nginx's workers, say). */
    public static List<Long> withDescendants(long pid) {
        List<Long> pids = new ArrayList<>();
        pids.add(pid);
        ProcessHandle.of(pid).ifPresent(p -> p.descendants().forEach(d -> pids.add(d.pid())));
        return pids;
    }

    private static long statusField(long pid, String name) {
        String status = read(PROC.resolve(pid + "/status"));
        if (status == null) {
            return -1;
        }
        for (String line : status.split("\n")) {
            if (line.startsWith(name)) {
                String value = line.substring(name.length()).trim();
                int space = value.indexOf(' ');
                return Long.parseLong(space < 0 ? value : value.substring(0, space));
            }
        }
        return -1;
    }

    private static String read(Path path) {
        try {
            return Files.readString(path);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static long clockTicks() {
        try {
            Command done = Command.run(List.of("getconf", "CLK_TCK"), Duration.ofSeconds(5));
            long ticks = done.succeeded() ? Long.parseLong(done.output().trim()) : -1;
            if (ticks > 0 && TimeUnit.SECONDS.toNanos(1) % ticks == 0) {
                return ticks;
            }
        } catch (IOException | NumberFormatException e) {
            // getconf missing: Linux's USER_HZ below.
        }
        return 100;
    }
}
