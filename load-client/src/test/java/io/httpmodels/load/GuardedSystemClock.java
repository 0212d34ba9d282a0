package io.httpmodels.load;

import java.io.IOException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The system's clock for a loop under test on real sockets whose server answers at once, with three guards: it waits
 * and reads as {@link NanoClock#SYSTEM} does, but fails a thread that reads it {@value ReadGuard#READ_LIMIT} times
 * without waiting (a loop that lost its wait), a loop whose waits found nothing ready for {@link #idleBound()} in a
 * row, counting what each asked for rather than what a busy machine made of it (a loop that lost its way: a request
 * never sent, an answer never read, so that it waits for a timeout of seconds or the run's end), and a loop that finds keys ready without waiting {@value #READY_AT_ONCE_LIMIT} turns
 * in a row (a ready key it never handles: it would spin until the server gives up on the connection, 20 s). Either fails the test in a fraction of a second where it would hang: under mutation
 * testing a hang costs a timeout and a new test JVM, a failure costs nothing.
 */
final class GuardedSystemClock implements NanoClock {

    /**
     * System property that sets {@link #idleBound()} in milliseconds. The mutation profile sets it below PIT's
     * timeout for these tests (their normal time x 1.25 + 1 s), so that a stalled mutant fails rather than times
     * out; a plain build keeps a second, which no loaded machine makes a loopback answer wait.
     */
    static final String IDLE_BOUND_PROPERTY = "httpmodels.test.idleBoundMillis";

    private final ReadGuard guard = new ReadGuard();
    private final Duration idleBound;
    /**
     * Turns in a row whose keys were ready without waiting that make a loop a spinning one: each such turn of a
     * sound loop handles an event (a connect, a write, an answer), and no test here makes a thousand; a loop that
     * leaves a ready key unhandled makes this many in a few tens of milliseconds.
     */
    static final int READY_AT_ONCE_LIMIT = 10_000;

    /**
     * What a wait that finds nothing counts beyond the time it asked for: a turn that asks for none still counts what
     * it took, up to this, so that a loop turning without ever waiting or finding anything adds up too.
     */
    static final long SLACK_NANOS = 1_000_000;

    /** Turns in a row that found keys ready without waiting; the loop's thread only. */
    private int readyAtOnce;
    /**
     * Waits since a wait last found something ready, each counted as long as it asked to wait (plus
     * {@link #SLACK_NANOS}) or as it took, whichever is shorter; the loop's thread only. What a loaded machine adds to a
     * wait (a thread woken 150 ms late for a 20 ms wait) is not the loop's.
     */
    private long idleNanos;

    GuardedSystemClock() {
        this(Duration.ofMillis(Long.getLong(IDLE_BOUND_PROPERTY, 1_000)));
    }

    GuardedSystemClock(Duration idleBound) {
        this.idleBound = idleBound;
    }

    /** The longest the loop may wait finding nothing ready, wait after wait: no test here waits that long. */
    Duration idleBound() {
        return idleBound;
    }

    @Override
    public long nanoTime() {
        guard.read();
        return System.nanoTime();
    }

    @Override
    public void select(Selector selector, Consumer<SelectionKey> action, long timeoutMillis) throws IOException {
        guard.waited();
        int[] ready = {0};
        long began = System.nanoTime();
        Consumer<SelectionKey> counted = key -> {
            ready[0]++;
            action.accept(key);
        };
        // Keys ready without waiting: a loop that leaves a ready key unhandled (an answer never read, a write never
        // made) finds it ready again at once, turn after turn, and never waits.
        selector.selectNow(counted);
        if (ready[0] > 0) {
            if (++readyAtOnce >= READY_AT_ONCE_LIMIT) {
                readyAtOnce = 0;
                throw new AssertionError("the loop found keys ready at once " + READY_AT_ONCE_LIMIT + " turns in a"
                        + " row without waiting: a ready key it never handles");
            }
        } else {
            readyAtOnce = 0;
            if (timeoutMillis > 0) {
                NanoClock.super.select(selector, counted, timeoutMillis);
            }
        }
        if (ready[0] > 0) {
            idleNanos = 0;
            return;
        }
        idleNanos += Math.min(System.nanoTime() - began, TimeUnit.MILLISECONDS.toNanos(timeoutMillis) + SLACK_NANOS);
        if (idleNanos >= idleBound.toNanos()) {
            throw new AssertionError("the loop waited " + idleNanos / 1_000_000 + " ms with nothing ready,"
                    + " against a server that answers at once: a request never sent or an answer never read");
        }
    }

    @Override
    public boolean await(CountDownLatch latch, long timeoutNanos) throws InterruptedException {
        guard.waited();
        return NanoClock.super.await(latch, timeoutNanos);
    }
}
