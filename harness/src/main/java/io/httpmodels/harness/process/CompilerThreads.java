package io.httpmodels.harness.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Gives a server JVM's JIT compiler threads more CPU while it warms up, and puts them back afterwards: lends them
 * more CPUs, or raises their priority. Lent, every thread is pinned back afterwards. A JVM pinned to one core compiles on that core, beside the event loop it is compiling for: C2 then
 * gets about half the core and a warm-up takes twice as long as its compiling needs. Lent the client's core as
 * well, it compiles beside the load instead. What is measured afterwards is unchanged: the compiled code is the
 * same whichever core compiled it, and every thread is back on the server's CPUs before the first window (a
 * thread started later inherits them from its creator). Uses {@code taskset -p}; without it, or for a process
 * that is not a HotSpot JVM, nothing is changed and the calls say so by returning false.
 *
 * <p>Or, keeping them on the server's core, {@linkplain #raise raises their scheduling priority} while it warms:
 * a model with 40 runnable handler threads (thread-per-connection at 40 connections) otherwise leaves C2 one
 * 41st of the core, and its warm-up takes several times what its compiling needs. The priority is put back before
 * anything is recorded. Uses {@code renice}, which needs root (or CAP_SYS_NICE) to raise one; without it nothing
 * is changed and the call returns false.
 *
 * <p>Stateless; safe from any thread.
 */
public final class CompilerThreads {

    private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(5);

    /**
     * The nice value of compiler threads while a server warms: the most urgent there is, weighted about 87 times a
     * nice-0 thread, so C2 gets about two thirds of a core against 40 busy handler threads and nearly all of it
     * against one event loop.
     */
    public static final int RAISED = -20;

    /** The nice value every thread of a server starts with and is measured at. */
    public static final int NORMAL = 0;

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
            all &= run(List.of("taskset", "-p", "-c", CpuList.format(cpus), tid));
        }
        return all;
    }

    /**
     * Sets the nice value of {@code pid}'s compiler threads to {@code nice} (Linux: per thread; a compiler thread
     * the JVM adds later inherits it from the compiler thread that starts it). {@link #RAISED} while a server
     * warms, {@link #NORMAL} to put it back.
     *
     * @return whether at least one compiler thread was found and renice set every one found
     */
    public static boolean renice(long pid, int nice) {
        List<String> tids = compilerThreads(pid);
        if (tids.isEmpty()) {
            return false;
        }
        List<String> command = new ArrayList<>(List.of("renice", "-n", String.valueOf(nice), "-p"));
        command.addAll(tids);
        return run(command);
    }

    /** Raises {@code pid}'s compiler threads to {@link #RAISED}; whether renice did for every one found. */
    public static boolean raise(long pid) {
        return renice(pid, RAISED);
    }

    /** Pins every thread of {@code pid} to {@code cpus}; whether taskset did. */
    public static boolean pinAll(long pid, List<Integer> cpus) {
        return run(List.of("taskset", "-a", "-p", "-c", CpuList.format(cpus), String.valueOf(pid)));
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

    private static boolean run(List<String> command) {
        try {
            return Command.run(command, COMMAND_TIMEOUT).succeeded();
        } catch (IOException e) {
            return false;
        }
    }
}
