package io.httpmodels.harness.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Lends a server JVM's JIT compiler threads more CPUs while it warms up, and pins every thread of it back
 * afterwards. A JVM pinned to one core compiles on that core, beside the event loop it is compiling for: C2 then
 * gets about half the core and a warm-up takes twice as long as its compiling needs. Lent the client's core as
 * well, it compiles beside the load instead. What is measured afterwards is unchanged: the compiled code is the
 * same whichever core compiled it, and every thread is back on the server's CPUs before the first window (a
 * thread started later inherits them from its creator). Uses {@code taskset -p}; without it, or for a process
 * that is not a HotSpot JVM, nothing is changed and the calls say so by returning false.
 *
 * <p>Stateless; safe from any thread.
 */
public final class CompilerThreads {

    private static final Duration TASKSET_TIMEOUT = Duration.ofSeconds(5);

    private CompilerThreads() {}

    /**
     * Lets the compiler threads of {@code pid} ({@code C1 CompilerThre*}, {@code C2 CompilerThre*}) run on
     * {@code cpus}.
     *
     * @return whether at least one compiler thread was found and every one found was moved
     */
    public static boolean lend(long pid, List<Integer> cpus) {
        List<String> tids = compilerThreads(pid);
        if (tids.isEmpty()) {
            return false;
        }
        boolean all = true;
        for (String tid : tids) {
            all &= taskset(List.of("taskset", "-p", "-c", CpuList.format(cpus), tid));
        }
        return all;
    }

    /** Pins every thread of {@code pid} to {@code cpus}; whether taskset did. */
    public static boolean pinAll(long pid, List<Integer> cpus) {
        return taskset(List.of("taskset", "-a", "-p", "-c", CpuList.format(cpus), String.valueOf(pid)));
    }

    /** The thread ids of {@code pid}'s JIT compiler threads, from /proc; empty when there are none or no /proc. */
    static List<String> compilerThreads(long pid) {
        List<String> tids = new ArrayList<>();
        try (Stream<Path> tasks = Files.list(Path.of("/proc", String.valueOf(pid), "task"))) {
            for (Path task : (Iterable<Path>) tasks::iterator) {
                String comm = Files.readString(task.resolve("comm")).trim();
                if (comm.startsWith("C1 CompilerThre") || comm.startsWith("C2 CompilerThre")) {
                    tids.add(task.getFileName().toString());
                }
            }
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
        return tids;
    }

    private static boolean taskset(List<String> command) {
        try {
            return Command.run(command, TASKSET_TIMEOUT).succeeded();
        } catch (IOException e) {
            return false;
        }
    }
}
