package io.httpmodels.server.netty;

import io.netty.util.concurrent.DefaultThreadFactory;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;

/**
 * Netty's thread factory, remembering every thread it makes so that {@code close()} can join them: an event
 * loop group's termination future completes while its threads are still unwinding, and a server that says it
 * is closed must have no thread left. Thread-safe.
 */
final class JoinableThreadFactory implements ThreadFactory {

    private final ThreadFactory delegate;
    private final List<Thread> threads = new CopyOnWriteArrayList<>();

    JoinableThreadFactory(String poolName) {
        this.delegate = new DefaultThreadFactory(poolName);
    }

    @Override
    public Thread newThread(Runnable task) {
        Thread thread = delegate.newThread(task);
        threads.add(thread);
        return thread;
    }

    /** Waits until every thread made so far has ended, or until the deadline ({@link System#nanoTime()}). */
    void joinAll(long deadlineNanos) {
        boolean interrupted = false;
        for (Thread thread : threads) {
            long leftMillis = TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime());
            while (thread.isAlive() && leftMillis > 0) {
                try {
                    thread.join(leftMillis);
                } catch (InterruptedException e) {
                    interrupted = true;
                }
                leftMillis = TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime());
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
