package io.httpmodels.harness.process;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * One command's run and the child processes it starts: how every command that starts children ends them. The
 * children its thread (and the threads that thread starts) register are the run's own ({@link ChildProcesses#own()}),
 * and {@link #close()} stops them and no others, so two commands run in one JVM (the harness's tests run several
 * side by side) each stop their own alone. On the JVM's way out (Ctrl-C, SIGTERM) a shutdown hook asks the run to
 * stop, gives it a bounded time to end (to write what it measured), then stops every child left, whoever started
 * it: nothing outlives the JVM.
 *
 * <pre>{@code
 * OwnedRun run = OwnedRun.start("compare-shutdown", comparison::stop, Duration.ofSeconds(60));
 * try {
 *     ... start and measure children ...
 * } finally {
 *     run.close(); // this run's children stopped, the hook removed
 * }
 * }</pre>
 *
 * <p>Start and close it on the command's own thread.
 */
public final class OwnedRun implements AutoCloseable {

    private final ChildProcesses.Owner children;
    private final CountDownLatch ended = new CountDownLatch(1);
    private final Thread hook;

    private OwnedRun(String hookName, Runnable stop, Duration waitForEnd) {
        this.hook = new Thread(
                () -> {
                    stop.run();
                    awaitEnd(waitForEnd);
                    ChildProcesses.stopAll();
                },
                hookName);
        Runtime.getRuntime().addShutdownHook(hook);
        this.children = ChildProcesses.own();
    }

    /**
     * Starts a run on the calling thread.
     *
     * @param hookName   the shutdown hook thread's name, e.g. {@code compare-shutdown}
     * @param stop       what the hook does first on the JVM's way out: ask the command to end early (called from the
     *                   hook's thread)
     * @param waitForEnd how long the hook then waits for {@link #close()} before it stops every child; zero for no
     *                   wait
     */
    public static OwnedRun start(String hookName, Runnable stop, Duration waitForEnd) {
        return new OwnedRun(hookName, stop, waitForEnd);
    }

    /** A run with nothing to ask of it on the JVM's way out but that its children stop. */
    public static OwnedRun start(String hookName) {
        return start(hookName, () -> {}, Duration.ZERO);
    }

    /**
     * Stops this run's children (SIGTERM, then SIGKILL after 5 s, as {@link ChildProcesses#stopAll()}) and no
     * others, gives the thread back to its former owner and removes the shutdown hook, unless the JVM is already
     * on its way out (the hook then finds the run ended).
     */
    @Override
    public void close() {
        try {
            children.stopChildren();
        } finally {
            children.close();
            ended.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // Already shutting down: the hook runs and finds the run ended.
            }
        }
    }

    private void awaitEnd(Duration bound) {
        try {
            ended.await(bound.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
