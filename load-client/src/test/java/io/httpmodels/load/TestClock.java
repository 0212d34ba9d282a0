package io.httpmodels.load;

import java.io.IOException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * A {@link NanoClock} on which time passes only while an event loop waits: a wait that finds nothing ready lets
 * its whole time pass at once, as if the loop had slept to its deadline, and nothing else moves the clock. So
 * what a loop does at an instant (a warm-up's end, a ramp-up step, a timeout, a back-off, a window's end) is seen
 * at that instant exactly, and a run of seconds takes milliseconds.
 *
 * <p>The world the loop talks to moves on this clock too, on the loop's own thread, before each wait: the
 * {@linkplain #onEachWait steps} a test adds (a {@link ScriptedServer} reading requests and answering them) and the
 * actions it schedules {@linkplain #at at an instant} (an answer due, a listener closed). A wait is woken when a
 * scheduled action gives the loop something to handle, as it would be by an answer arriving; it is over at its
 * deadline otherwise. Loopback connects, refusals, resets and writes complete within the call that makes them, so
 * a run over this clock is the same every time.
 *
 * <p>A poll (a wait of 0) that finds nothing takes no time, but a loop that keeps polling finds time passing, a
 * microsecond a poll after the {@value #FREE_POLLS}th in a row (a schedule polled to the microsecond gets there).
 * A loop that polls {@value #SPIN_LIMIT} times in a row finding nothing, or turns {@value #SPIN_LIMIT} times
 * without its time moving, is spinning, and one that runs past {@link #CEILING} has lost its end: the clock throws,
 * which the worker reports as its failure (the run's abort reason), so that a broken loop fails its test at once
 * rather than hanging it.
 *
 * <p>For one loop thread, which waits; other threads may read it.
 */
final class TestClock implements NanoClock {

    /** The first instant of every test clock: far from 0, so that no code can take an instant for unset. */
    static final long START_NANOS = 1_000_000_000_000L;

    static final int FREE_POLLS = 10;
    static final int SPIN_LIMIT = 10_000;
    /**
     * The longest a loop may run on this clock: no test's run lasts more than a minute of it, so a loop still going
     * after ten has lost its end (a mutant that never stops fails at once instead of timing out).
     */
    static final Duration CEILING = Duration.ofMinutes(10);

    private final AtomicLong now = new AtomicLong(START_NANOS);
    private final List<Runnable> steps = new ArrayList<>();
    /** Scheduled actions by instant (nanoTime), in the order scheduled at one instant. */
    private final TreeMap<Long, List<Runnable>> scheduled = new TreeMap<>();

    private int emptyPolls;
    private int turnsAtThisInstant;
    private long lastInstant;

    @Override
    public long nanoTime() {
        return now.get();
    }

    /** Time since the clock's start. */
    Duration elapsed() {
        return Duration.ofNanos(now.get() - START_NANOS);
    }

    /** Moves the clock on by {@code by}, at once (a step taking that long). */
    void advance(Duration by) {
        now.addAndGet(by.toNanos());
    }

    /** Runs {@code step} on the loop's thread before each of its waits. */
    void onEachWait(Runnable step) {
        steps.add(step);
    }

    /** Runs {@code action} on the loop's thread once the clock reaches {@code at} after its start. */
    void at(Duration at, Runnable action) {
        atNanos(START_NANOS + at.toNanos(), action);
    }

    /** Runs {@code action} on the loop's thread once {@code delay} has passed from now. */
    void after(Duration delay, Runnable action) {
        atNanos(now.get() + delay.toNanos(), action);
    }

    private void atNanos(long instant, Runnable action) {
        scheduled.computeIfAbsent(instant, k -> new ArrayList<>()).add(action);
    }

    @Override
    public void select(Selector selector, Consumer<SelectionKey> action, long timeoutMillis) throws IOException {
        int ready = turnTheWorld(selector, action);
        emptyPolls = ready == 0 && timeoutMillis == 0 ? emptyPolls + 1 : 0;
        if (emptyPolls >= SPIN_LIMIT) {
            throw new AssertionError("the loop polled " + SPIN_LIMIT + " times in a row with nothing to do");
        }
        if (now.get() - START_NANOS > CEILING.toNanos()) {
            throw new AssertionError("the loop ran past " + CEILING.toMinutes() + " minutes of its clock");
        }
        turnsAtThisInstant = now.get() == lastInstant ? turnsAtThisInstant + 1 : 0;
        lastInstant = now.get();
        if (turnsAtThisInstant >= SPIN_LIMIT) {
            throw new AssertionError("the loop turned " + SPIN_LIMIT + " times at one instant");
        }
        long passes = timeoutMillis > 0 ? timeoutMillis * 1_000_000L : emptyPolls > FREE_POLLS ? 1_000 : 0;
        long deadline = now.get() + passes;
        // Waiting: the time passes to the deadline, unless something scheduled before it wakes the loop, as an
        // answer arriving would.
        while (ready == 0 && !scheduled.isEmpty() && scheduled.firstKey() < deadline) {
            now.set(Math.max(now.get(), scheduled.firstKey()));
            ready = turnTheWorld(selector, action);
        }
        if (ready == 0) {
            now.set(deadline);
        }
    }

    /** Runs what is due and the steps, then hands the loop what is ready; how many keys were. */
    private int turnTheWorld(Selector selector, Consumer<SelectionKey> action) throws IOException {
        runDue();
        steps.forEach(Runnable::run);
        return selector.selectNow(action);
    }

    private void runDue() {
        while (!scheduled.isEmpty() && scheduled.firstKey() <= now.get()) {
            scheduled.pollFirstEntry().getValue().forEach(Runnable::run);
        }
    }
}
