package io.httpmodels.harness.process;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
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
        // A pool whose thread was started before the owner, as a shared pool's is: it inherits nothing.
        ExecutorService older = Executors.newSingleThreadExecutor();
        try {
            older.submit(() -> null).get(10, TimeUnit.SECONDS);
            try (ChildProcesses.Owner owner = ChildProcesses.own()) {
                FutureTask<Process> onItsThread = new FutureTask<>(this::sleeper);
                new Thread(onItsThread, "child-starter").start();
                Process child = result(onItsThread);
                Process outsider = older.submit(this::sleeper).get(10, TimeUnit.SECONDS);

                owner.stopChildren();

                assertTrue(child.waitFor(10, TimeUnit.SECONDS), "the new thread's child belonged to the owner");
                assertTrue(outsider.isAlive(), "a thread started before the owner is not its");
            }
        } finally {
            older.shutdownNow();
        }
    }

    /**
     * JUnit runs the harness's classes on a fork-join pool: when a command's thread blocks (waiting for a child's
     * listening line) the pool starts a spare thread from it, which inherits the command's owner and then runs
     * another class's tests. What that class starts is not the command's: when the command ended it stopped another
     * class's servers mid-run (RoundRunnerTest, "Connection refused" beside CompareCommandTest on a loaded host).
     */
    @Test
    void aSparePoolThreadStartedWhileTheOwnerBlocksIsNotTheOwners() throws Exception {
        ForkJoinPool pool = new ForkJoinPool(1);
        try {
            Process outsider = pool.submit(() -> {
                        try (ChildProcesses.Owner owner = ChildProcesses.own()) {
                            CompletableFuture<Process> other = new CompletableFuture<>();
                            // Queued behind this task on the pool's one thread: it runs on the spare thread the
                            // pool starts, from this thread, while this one blocks below.
                            pool.execute(() -> {
                                try {
                                    other.complete(sleeper());
                                } catch (IOException e) {
                                    other.completeExceptionally(e);
                                }
                            });
                            Process p = other.get(10, TimeUnit.SECONDS);

                            owner.stopChildren();

                            return p;
                        }
                    })
                    .get(20, TimeUnit.SECONDS);
            assertFalse(
                    outsider.waitFor(200, TimeUnit.MILLISECONDS),
                    "the other task's child was stopped with the owner's");
        } finally {
            pool.shutdownNow();
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

    private static Process result(FutureTask<Process> task) throws Exception {
        try {
            return task.get(10, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw (Exception) e.getCause();
        }
    }
}
