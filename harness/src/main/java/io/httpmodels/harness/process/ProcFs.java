package io.httpmodels.harness.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
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

    /** {@code pid} followed by its live descendants (nginx's workers, say). */
    static List<Long> withDescendants(long pid) {
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
