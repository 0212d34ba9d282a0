package io.httpmodels.load;

import java.io.IOException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.function.Consumer;

/**
 * The load client's time: the clock its event loops and its run read ({@link System#nanoTime()} terms), and the
 * one way a loop waits for it to pass, a select with a timeout. A run takes {@link #SYSTEM}; a test passes a clock
 * of its own, whose time moves only when the test says so or when a loop waits, so that warm-up, ramp-up, timeouts,
 * back-off and the recording window are tested at exact instants without waiting for them.
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
}
