package io.httpmodels.harness.process;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.TimeUnit;

/**
 * Every child process the harness started and has not yet stopped, so that one shutdown hook can stop them all
 * on any path out (Ctrl-C, SIGTERM, an exception), and a command can stop what it started when it ends. Commands
 * use it through {@link OwnedRun}, the one way a run owns and stops its children. Each
 * child is registered with the {@link Owner} of the thread that started it: a command run owns the children of
 * its thread and of the threads that thread starts, so that two commands run in one JVM (the harness's tests run
 * several side by side) each stop their own alone. A fork-join pool's thread is the exception: it belongs to the
 * command only when it called {@link #own()} itself. Such a thread inherits the owner of whichever thread made the
 * pool start it (a command's thread that blocks in a pool, as JUnit's are, makes it start a spare) and then runs
 * whatever the pool gives it: another test class's servers, which the command would otherwise stop when it ends.
 * Thread-safe.
 */
public final class ChildProcesses {

    /** Who started a child: a command run ({@link #own()}), or no one in particular. */
    static final class Owner implements AutoCloseable {

        private static final Owner NOBODY = new Owner(null, null);

        private final Owner before;
        private final Thread thread;

        private Owner(Owner before, Thread thread) {
            this.before = before;
            this.thread = thread;
        }

        /** Stops every child this owner's threads registered and has not stopped, as {@link #stopAll()} does. */
        public void stopChildren() {
            stop(this);
        }

        /** Gives the thread back to the owner it had before {@link #own()}. */
        @Override
        public void close() {
            OWNER.set(before);
        }
    }

    private static final InheritableThreadLocal<Owner> OWNER = new InheritableThreadLocal<>() {
        @Override
        protected Owner initialValue() {
            return Owner.NOBODY;
        }
    };

    private static final Map<Process, Owner> LIVE = new ConcurrentHashMap<>();
    private static final Map<Runnable, Owner> CLEANUPS = new ConcurrentHashMap<>();

    private ChildProcesses() {}

    /**
     * Makes a new owner of the children this thread registers, and of those of every thread it starts from now on
     * (they inherit it), until {@link Owner#close()}.
     */
    static Owner own() {
        Owner owner = new Owner(OWNER.get(), Thread.currentThread());
        OWNER.set(owner);
        return owner;
    }

    static void register(Process process) {
        LIVE.put(process, owner());
    }

    static void unregister(Process process) {
        LIVE.remove(process);
    }

    /** Registers how to stop something started outside a {@link Process} (a daemonised nginx). */
    public static void registerCleanup(Runnable cleanup) {
        CLEANUPS.put(cleanup, owner());
    }

    /** The owner of what this thread starts: its inherited owner, unless it is a pool's thread that did not own(). */
    private static Owner owner() {
        Owner owner = OWNER.get();
        Thread thread = Thread.currentThread();
        return thread instanceof ForkJoinWorkerThread && owner.thread != thread ? Owner.NOBODY : owner;
    }

    public static void unregisterCleanup(Runnable cleanup) {
        CLEANUPS.remove(cleanup);
    }

    /** How many children are registered and alive. */
    public static int alive() {
        return (int) LIVE.keySet().stream().filter(Process::isAlive).count();
    }

    /**
     * Stops every registered child, whoever started it (the JVM is on its way out): SIGTERM to all, then SIGKILL to
     * any left after 5 s; runs the cleanups.
     */
    static void stopAll() {
        stop(null);
    }

    /** Stops the children of {@code owner}, or of every owner when it is null. */
    private static void stop(Owner owner) {
        for (Map.Entry<Runnable, Owner> cleanup : List.copyOf(CLEANUPS.entrySet())) {
            if (owner != null && cleanup.getValue() != owner) {
                continue;
            }
            CLEANUPS.remove(cleanup.getKey());
            try {
                cleanup.getKey().run();
            } catch (RuntimeException e) {
                // Best effort on the way out: the others must still run.
            }
        }
        List<Process> mine = LIVE.entrySet().stream()
                .filter(e -> owner == null || e.getValue() == owner)
                .map(Map.Entry::getKey)
                .toList();
        for (Process p : mine) {
            p.destroy();
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        for (Process p : mine) {
            try {
                long left = deadline - System.nanoTime();
                if (left <= 0 || !p.waitFor(left, TimeUnit.NANOSECONDS)) {
                    p.destroyForcibly();
                }
            } catch (InterruptedException e) {
                p.destroyForcibly();
                Thread.currentThread().interrupt();
            }
            if (!p.isAlive()) {
                LIVE.remove(p);
            }
        }
    }
}
