package io.httpmodels.load;

import java.io.IOException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.function.Consumer;

/**
 * The system's clock for a loop under test on real sockets whose server answers at once, with two guards: it waits
 * and reads as {@link NanoClock#SYSTEM} does, but fails a thread that reads it {@value ReadGuard#READ_LIMIT} times
 * without waiting (a loop that lost its wait), and a loop whose waits found nothing ready for {@link #idleBound()}
 * in a row (a loop that lost its way: a request never sent, an answer never read, so that it waits for a timeout of
 * seconds or the run's end). Either fails the test in a fraction of a second where it would hang: under mutation
 * testing a hang costs a timeout and a new test JVM, a failure costs nothing.
 */
final class GuardedSystemClock implements NanoClock {

    /**
     * System property that sets {@link #idleBound()} in milliseconds. The mutation profile sets it below PIT's
     * timeout for these tests (their normal time x 1.25 + 250 ms), so that a stalled mutant fails rather than times
     * out; a plain build keeps a second, which no loaded machine makes a loopback answer wait.
     */
    static final String IDLE_BOUND_PROPERTY = "httpmodels.test.idleBoundMillis";

    private final ReadGuard guard = new ReadGuard();
    private final Duration idleBound;
    /** When a wait last found something ready (or the first began), 0 before; the loop's thread only. */
    private long lastReady;

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
        if (lastReady == 0) {
            lastReady = System.nanoTime();
        }
        NanoClock.super.select(
                selector,
                key -> {
                    ready[0]++;
                    action.accept(key);
                },
                timeoutMillis);
        long now = System.nanoTime();
        if (ready[0] > 0) {
            lastReady = now;
        } else if (now - lastReady >= idleBound.toNanos()) {
            throw new AssertionError("the loop waited " + (now - lastReady) / 1_000_000 + " ms with nothing ready,"
                    + " against a server that answers at once: a request never sent or an answer never read");
        }
    }

    @Override
    public boolean await(CountDownLatch latch, long timeoutNanos) throws InterruptedException {
        guard.waited();
        return NanoClock.super.await(latch, timeoutNanos);
    }
}
