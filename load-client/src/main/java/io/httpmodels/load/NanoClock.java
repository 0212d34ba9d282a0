package io.httpmodels.load;

import java.io.IOException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.time.Instant;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The load client's time: the clock its event loops and its run read ({@link System#nanoTime()} terms, and the
 * wall clock for agent mode's start time), the ways they wait for it to pass (a loop's select with a timeout, the
 * run's thread's wait for its workers), and the threads the run's loops run on. A run takes {@link #SYSTEM}; a
 * test passes a clock of its own, whose time moves only when the test says so or when every loop waits, so that
 * warm-up, ramp-up, timeouts, back-off, the recording window and the run's schedule are tested at exact instants
 * without waiting for them.
 *
 * <p>On the hot path this costs nothing: a run loads {@link #SYSTEM} alone, so each call site sees one class and
 * the JIT inlines it to {@code System.nanoTime()} and the selector's own call.
 *
 * <p>Thread-safety: {@link #SYSTEM} is safe from any thread; a clock shared by a run's threads must be too.
 */
@FunctionalInterface
interface NanoClock {

    /** The system's monotonic clock, and a wait that blocks in the selector. */
    NanoClock SYSTEM = System::nanoTime;

    /** The current instant in nanoseconds, as {@link System#nanoTime()}: only differences mean anything. */
    long nanoTime();

    /**
     * Hands the selector's ready keys to {@code action}, first waiting up to {@code timeoutMillis} for one when
     * none is ready; 0 does not wait ({@link Selector#selectNow(Consumer)}).
     *
     * @param timeoutMillis the longest wait in milliseconds, 0 for none
     */
    default void select(Selector selector, Consumer<SelectionKey> action, long timeoutMillis) throws IOException {
        if (timeoutMillis == 0) {
            selector.selectNow(action);
        } else {
            selector.select(action, timeoutMillis);
        }
    }

    /**
     * Waits until {@code latch} is open or {@code timeoutNanos} has passed on this clock.
     *
     * @param timeoutNanos the longest wait in nanoseconds, 0 or less for none
     * @return whether the latch is open
     */
    default boolean await(CountDownLatch latch, long timeoutNanos) throws InterruptedException {
        return latch.await(timeoutNanos, TimeUnit.NANOSECONDS);
    }

    /** The wall clock's current instant, as {@link Instant#now()}. */
    default Instant instant() {
        return Instant.now();
    }

    /**
     * A new (unstarted) thread that runs {@code body}, one of the run's loops: a plain thread here, one that takes
     * its turn with the others on a test's clock.
     */
    default Thread newThread(Runnable body, String name) {
        return new Thread(body, name);
    }
}
