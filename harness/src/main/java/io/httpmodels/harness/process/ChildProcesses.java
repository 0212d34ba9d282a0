package io.httpmodels.harness.process;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Every child process the harness started and has not yet stopped, so that one shutdown hook can stop them all
 * on any path out (Ctrl-C, SIGTERM, an exception). Thread-safe.
 */
public final class ChildProcesses {

    private static final Set<Process> LIVE = ConcurrentHashMap.newKeySet();
    private static final Set<Runnable> CLEANUPS = ConcurrentHashMap.newKeySet();

    private ChildProcesses() {}

    static void register(Process process) {
        LIVE.add(process);
    }

    static void unregister(Process process) {
        LIVE.remove(process);
    }

    /** Registers how to stop something started outside a {@link Process} (a daemonised nginx). */
    public static void registerCleanup(Runnable cleanup) {
        CLEANUPS.add(cleanup);
    }

    public static void unregisterCleanup(Runnable cleanup) {
        CLEANUPS.remove(cleanup);
    }

    /** How many children are registered and alive. */
    public static int alive() {
        return (int) LIVE.stream().filter(Process::isAlive).count();
    }

    /** Stops every registered child: SIGTERM to all, then SIGKILL to any left after 5 s; runs the cleanups. */
    public static void stopAll() {
        for (Runnable cleanup : CLEANUPS) {
            try {
                cleanup.run();
            } catch (RuntimeException e) {
                // Best effort on the way out: the others must still run.
            }
        }
        CLEANUPS.clear();
        for (Process p : LIVE) {
            p.destroy();
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        for (Process p : LIVE) {
            try {
                long left = deadline - System.nanoTime();
                if (left <= 0 || !p.waitFor(left, TimeUnit.NANOSECONDS)) {
                    p.destroyForcibly();
                }
            } catch (InterruptedException e) {
                p.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
        LIVE.removeIf(p -> !p.isAlive());
    }
}
