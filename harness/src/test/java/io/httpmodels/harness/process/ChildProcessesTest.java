package io.httpmodels.harness.process;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Two commands in one JVM, as the harness's tests run them: each owner stops the children its threads started,
 * and leaves the others' running. (The shutdown hook's {@link ChildProcesses#stopAll()} is not called here: it would
 * stop the children of the classes that run beside this one.)
 */
@Timeout(60)
class ChildProcessesTest {

    /** A thread that exists before any test of this class takes an owner (started when the class loads). */
    private static final ExecutorService NO_OWNER_THREAD = startedExecutor();

    private static ExecutorService startedExecutor() {
        ExecutorService executor = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "no-owner");
            t.setDaemon(true);
            return t;
        });
        // Its one thread starts now, before any owner: later tasks run on it and inherit nothing.
        FutureTask<Void> warm = new FutureTask<>(() -> null);
        executor.submit(warm);
        try {
            warm.get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return executor;
    }

    private final List<Process> started = new ArrayList<>();

    @AfterEach
    void stopWhatIsLeft() {
        for (Process p : started) {
            p.destroyForcibly();
            ChildProcesses.unregister(p);
        }
    }

    @Test
    void anOwnerStopsItsOwnChildrenAndLeavesAnotherOwnersRunning() throws Exception {
        ChildProcesses.Owner first;
        ChildProcesses.Owner second;
        Process ofFirst;
        Process ofSecond;
        try (ChildProcesses.Owner a = ChildProcesses.own()) {
            first = a;
            ofFirst = sleeper();
        }
        try (ChildProcesses.Owner b = ChildProcesses.own()) {
            second = b;
            ofSecond = sleeper();
        }

        first.stopChildren();

        assertTrue(ofFirst.waitFor(10, TimeUnit.SECONDS), "the first owner's child was stopped");
        assertTrue(ofSecond.isAlive(), "the second owner's child still runs");
        second.stopChildren();
        assertTrue(ofSecond.waitFor(10, TimeUnit.SECONDS), "the second owner's child was stopped");
    }

    @Test
    void aThreadStartedByTheOwnersThreadRegistersForTheOwner() throws Exception {
        try (ChildProcesses.Owner owner = ChildProcesses.own()) {
            FutureTask<Process> onItsThread = new FutureTask<>(this::sleeper);
            Thread worker = new Thread(onItsThread, "child-starter");
            worker.start();
            Process child = result(onItsThread);
            Process outsider = onThreadOfNoOwner(this::sleeper);

            owner.stopChildren();

            assertTrue(child.waitFor(10, TimeUnit.SECONDS), "the worker's child belonged to the owner");
            assertTrue(outsider.isAlive(), "a thread started before the owner is not its");
        }
    }

    @Test
    void anOwnerRunsItsOwnCleanupsAlone() {
        AtomicBoolean mine = new AtomicBoolean();
        AtomicBoolean theirs = new AtomicBoolean();
        Runnable theirCleanup = () -> theirs.set(true);
        ChildProcesses.Owner other = ChildProcesses.own();
        ChildProcesses.registerCleanup(theirCleanup);
        other.close();
        try (ChildProcesses.Owner owner = ChildProcesses.own()) {
            ChildProcesses.registerCleanup(() -> mine.set(true));

            owner.stopChildren();

            assertTrue(mine.get(), "its cleanup ran");
            assertFalse(theirs.get(), "another owner's did not");
        } finally {
            ChildProcesses.unregisterCleanup(theirCleanup);
        }
    }

    private Process sleeper() throws IOException {
        Process p = new ProcessBuilder("sleep", "60").start();
        started.add(p);
        ChildProcesses.register(p);
        return p;
    }

    /** Runs {@code body} on a thread that was started before any owner of this test, as a pool's thread is. */
    private static Process onThreadOfNoOwner(Callable<Process> body) throws Exception {
        FutureTask<Process> task = new FutureTask<>(body);
        NO_OWNER_THREAD.submit(task);
        return result(task);
    }

    private static Process result(FutureTask<Process> task) throws Exception {
        try {
            return task.get(10, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw (Exception) e.getCause();
        }
    }
}
