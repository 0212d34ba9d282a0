package io.httpmodels.load;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
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
 * A loop that polls {@value #SPIN_LIMIT} times in a row finding nothing, or turns {@value #AT_ONE_INSTANT_LIMIT} times
 * without its time moving, is spinning, and one that runs past {@link #CEILING} has lost its end; a thread that
 * reads the clock {@value ReadGuard#READ_LIMIT} times without waiting once is looping where it never waits (a loop
 * that lost its wait, a retry that never gives up). In each case the clock throws, which the worker reports as its
 * failure (the run's abort reason), so that a broken loop fails its test at once rather than hanging it: under
 * mutation testing a hang costs a timeout and a new test JVM, a failure costs nothing.
 *
 * <p>A whole {@link LoadClient} runs on it too: the threads it makes with {@link #newThread} (its workers) and the
 * thread that made them (the run's, waiting for them with {@link #await}) take turns, one at a time in the order
 * they were made, each running from one wait to the next while the others wait for their turn; time passes only
 * once every one of them has looked (turned the world and found nothing ready) and waits, then to the nearest of
 * their deadlines and the scheduled actions. So a run of several workers is as exact, and as much the same every
 * time, as one worker's.
 *
 * <p>For one loop thread, which waits, or for the threads of one run that take turns as above; other threads may
 * read it.
 */
final class TestClock implements NanoClock {

    /** The first instant of every test clock: far from 0, so that no code can take an instant for unset. */
    static final long START_NANOS = 1_000_000_000_000L;

    static final int FREE_POLLS = 10;
    /**
     * Empty polls in a row (or turns at one instant) that make a loop a spinning one. A schedule polled to the
     * microsecond polls at most a millisecond's worth, about a thousand, before its send is due; twice that is
     * spinning, caught in a few milliseconds of real time alone and well under a second with a run's threads taking
     * turns (10,000 took 0.4-1.5 s there, past mutation testing's timeout).
     */
    static final int SPIN_LIMIT = 2_000;
    /**
     * Turns of one loop at one instant (or looks, per thread, of a run's threads taking turns) that make it a
     * spinning one: the loop tests make at most 12 (4 a thread), a loop that keeps finding the same thing ready or
     * a run whose threads wake each other for nothing makes this many in a few milliseconds of turns (2,000 a
     * thread took 2 s of turns under mutation testing, past its timeout).
     */
    static final int AT_ONE_INSTANT_LIMIT = 50;
    /**
     * The longest a loop may run on this clock: no test's run lasts more than 6 s of it, so a loop still going after
     * 10 has lost its end. A counted run that never reaches its quota (a mutant that drops an answer) would otherwise
     * run to its default 10-minute limit: 60,000 housekeeping turns, half a second of real time, a timeout under
     * mutation testing; and slots retrying a refused connect every 100 ms took 0.8 s of real time for two minutes
     * of this clock, 0.3 s for 30 s.
     */
    static final Duration CEILING = Duration.ofSeconds(10);
    /** What {@link #instant()} says at the clock's start. */
    static final Instant START_INSTANT = Instant.parse("2026-01-01T00:00:00Z");
    /** The longest a thread waits, in real time, for its turn: a turn that long is a thread that hangs. */
    static final Duration TURN_BOUND = Duration.ofSeconds(10);

    private final AtomicLong now = new AtomicLong(START_NANOS);
    private final List<Runnable> steps = new ArrayList<>();
    /** Scheduled actions by instant (nanoTime), in the order scheduled at one instant. */
    private final TreeMap<Long, List<Runnable>> scheduled = new TreeMap<>();

    private int emptyPolls;
    private int turnsAtThisInstant;
    private long lastInstant;

    /** The threads taking turns (a run's), in the order they take them; guarded by this. */
    private final List<Turn> turns = new ArrayList<>();

    private final ThreadLocal<Turn> mine = new ThreadLocal<>();
    private final ReadGuard guard = new ReadGuard();
    /** The threads made here, in order; guarded by this. */
    private final List<Thread> made = new ArrayList<>();
    /** Whose turn it is; guarded by this. */
    private Turn holder;
    /** Looks taken since the time last moved, by every thread taking turns. */
    private int looksAtThisInstant;

    private long lastLook;

    /** One thread taking turns. The fields but {@code done} only in its turn. */
    private static final class Turn {
        final String name;
        /** The thread taking these turns, and the one that made it (null for a thread that joined by waiting). */
        Thread thread;

        Thread maker;
        boolean done;
        /** It looked and found nothing ready since anything last happened. */
        boolean idle;
        /** Until when it waits, when idle. */
        long deadline;

        int emptyPolls;

        Turn(String name) {
            this.name = name;
        }
    }

    @Override
    public long nanoTime() {
        guard.read();
        return now.get();
    }

    /** Time since the clock's start. */
    Duration elapsed() {
        return Duration.ofNanos(now.get() - START_NANOS);
    }

    /** {@link #START_INSTANT} plus the time since the clock's start. */
    @Override
    public Instant instant() {
        return START_INSTANT.plusNanos(now.get() - START_NANOS);
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
        guard.waited();
        Turn turn = mine.get();
        if (turn != null) {
            selectInTurn(turn, selector, action, timeoutMillis);
            return;
        }
        int ready = turnTheWorld(selector, action);
        emptyPolls = ready == 0 && timeoutMillis == 0 ? emptyPolls + 1 : 0;
        if (emptyPolls >= SPIN_LIMIT) {
            throw new AssertionError("the loop polled " + SPIN_LIMIT + " times in a row with nothing to do");
        }
        if (now.get() - START_NANOS > CEILING.toNanos()) {
            throw new AssertionError("the loop ran past " + CEILING.toSeconds() + " s of its clock");
        }
        turnsAtThisInstant = now.get() == lastInstant ? turnsAtThisInstant + 1 : 0;
        lastInstant = now.get();
        if (turnsAtThisInstant >= AT_ONE_INSTANT_LIMIT) {
            throw new AssertionError("the loop turned " + AT_ONE_INSTANT_LIMIT + " times at one instant");
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

    // The run's threads taking turns.

    /** A thread that runs {@code body} in its turns, after the threads made before it (the caller first). */
    @Override
    public synchronized Thread newThread(Runnable body, String name) {
        join();
        Turn turn = new Turn(name);
        turns.add(turn);
        Thread thread = new Thread(
                () -> {
                    mine.set(turn);
                    try {
                        awaitTurn(turn);
                        body.run();
                    } catch (InterruptedException e) {
                        throw new AssertionError(name + " was interrupted waiting for its turn", e);
                    } finally {
                        leave(turn);
                    }
                },
                name);
        turn.thread = thread;
        turn.maker = Thread.currentThread();
        made.add(thread);
        return thread;
    }

    /** The threads {@link #newThread} made, in order. */
    synchronized List<Thread> threads() {
        return List.copyOf(made);
    }

    /** Waits in turn, as the run's thread does for its workers. */
    @Override
    public boolean await(CountDownLatch latch, long timeoutNanos) throws InterruptedException {
        guard.waited();
        Turn turn = join();
        try {
            return waitInTurn(turn, now.get() + Math.max(0, timeoutNanos), null, null, latch);
        } catch (InterruptedException e) {
            leave(turn);
            throw e;
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    /** Whether every thread made here has ended, waiting for them up to {@code bound} of real time. */
    synchronized boolean threadsEnded(Duration bound) throws InterruptedException {
        long end = System.nanoTime() + bound.toNanos();
        while (turns.stream().anyMatch(t -> !t.done && t != mine.get())) {
            long left = end - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            wait(Math.max(1, left / 1_000_000));
        }
        return true;
    }

    private void selectInTurn(Turn turn, Selector selector, Consumer<SelectionKey> action, long timeoutMillis)
            throws IOException {
        long waits = timeoutMillis > 0 ? timeoutMillis * 1_000_000L : turn.emptyPolls > FREE_POLLS ? 1_000 : 0;
        boolean ready;
        try {
            ready = waitInTurn(turn, now.get() + waits, selector, action, null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException(turn.name + " was interrupted waiting for its turn");
        }
        turn.emptyPolls = !ready && timeoutMillis == 0 ? turn.emptyPolls + 1 : 0;
        if (turn.emptyPolls >= SPIN_LIMIT) {
            throw new AssertionError(turn.name + " polled " + SPIN_LIMIT + " times in a row with nothing to do");
        }
    }

    /**
     * Hands the turn on, then, in turn, looks until the selector has keys ready (handing them to the action), the
     * latch is open or the deadline has come; whether something was ready.
     */
    private boolean waitInTurn(
            Turn turn, long deadline, Selector selector, Consumer<SelectionKey> action, CountDownLatch latch)
            throws IOException, InterruptedException {
        while (true) {
            pass(turn);
            if (latch != null && Thread.interrupted()) {
                throw new InterruptedException();
            }
            if (now.get() - START_NANOS > CEILING.toNanos()) {
                throw new AssertionError(turn.name + " ran past " + CEILING.toSeconds() + " s of its clock");
            }
            if (++looksAtThisInstant >= AT_ONE_INSTANT_LIMIT * turns.size()) {
                throw new AssertionError("the run's threads looked " + looksAtThisInstant + " times at one instant");
            }
            runDue();
            steps.forEach(Runnable::run);
            boolean ready = selector != null ? selector.selectNow(action) > 0 : latch.getCount() == 0;
            if (ready || now.get() - deadline >= 0) {
                // It runs now, and what it does may make another ready: every one looks again before time moves.
                everyoneLooksAgain();
                return ready;
            }
            turn.idle = true;
            turn.deadline = deadline;
            if (everyoneIdle()) {
                long next = deadline;
                for (Turn t : live()) {
                    next = Math.min(next, t.deadline);
                }
                if (!scheduled.isEmpty()) {
                    next = Math.min(next, scheduled.firstKey());
                }
                now.set(Math.max(now.get(), next));
                everyoneLooksAgain();
            }
        }
    }

    /** The caller's turn, the first one (holding the turn) if it has none yet. */
    private synchronized Turn join() {
        Turn turn = mine.get();
        if (turn == null) {
            turn = new Turn(Thread.currentThread().getName());
            turns.add(0, turn);
            mine.set(turn);
            if (holder == null) {
                holder = turn;
            }
        }
        return turn;
    }

    /** Hands the turn to the next thread still running, then waits for it to come back. */
    private synchronized void pass(Turn turn) throws InterruptedException {
        holder = next(turn);
        notifyAll();
        long end = System.nanoTime() + TURN_BOUND.toNanos();
        while (holder != turn) {
            long left = end - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError(
                        turn.name + " waited " + TURN_BOUND + " for its turn; " + holder.name + " has it");
            }
            if (holder.maker == Thread.currentThread() && holder.thread.getState() == Thread.State.NEW) {
                // Its maker waits for its turn, so nothing will start it: it would hold the turn for TURN_BOUND.
                throw new AssertionError(turn.name + " waits for its turn, which " + holder.name
                        + " has, a thread it made but never started");
            }
            wait(Math.max(1, left / 1_000_000));
        }
    }

    private synchronized void leave(Turn turn) {
        turn.done = true;
        mine.remove();
        everyoneLooksAgain();
        if (holder == turn) {
            holder = next(turn);
        }
        notifyAll();
    }

    /** The next thread still running after {@code turn}, in order: {@code turn} itself when it is the only one. */
    private Turn next(Turn turn) {
        int at = turns.indexOf(turn);
        for (int i = 1; i <= turns.size(); i++) {
            Turn t = turns.get((at + i) % turns.size());
            if (!t.done) {
                return t;
            }
        }
        return turn;
    }

    private synchronized List<Turn> live() {
        return turns.stream().filter(t -> !t.done).toList();
    }

    private synchronized boolean everyoneIdle() {
        return turns.stream().allMatch(t -> t.done || t.idle);
    }

    private synchronized void everyoneLooksAgain() {
        turns.forEach(t -> t.idle = false);
        looksAtThisInstant = now.get() == lastLook ? looksAtThisInstant : 0;
        lastLook = now.get();
    }

    private synchronized void awaitTurn(Turn turn) throws InterruptedException {
        long end = System.nanoTime() + TURN_BOUND.toNanos();
        while (holder != turn) {
            long left = end - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError(turn.name + " waited " + TURN_BOUND + " for its first turn");
            }
            wait(Math.max(1, left / 1_000_000));
        }
    }
}
