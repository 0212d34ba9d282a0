package io.httpmodels.load;

/**
 * Fails a thread that reads a test's clock {@value #READ_LIMIT} times without waiting once: an event loop that lost
 * its wait (a mutant that removed the select, a condition that never lets it block) reads the clock at every turn
 * and never waits, and should fail its test at once rather than hang it. Under mutation testing a hang costs a
 * timeout and a new test JVM (seconds); a failure costs nothing.
 *
 * <p>One per clock; each thread counts its own readings.
 */
final class ReadGuard {

    /**
     * The most clock readings a thread makes between two of its waits: a loop turn reads it once, and once per read
     * of the connections that were ready, so no test comes near; a loop that never waits gets there in a tenth of a
     * second.
     */
    static final int READ_LIMIT = 100_000;

    private final ThreadLocal<int[]> readsSinceWait = ThreadLocal.withInitial(() -> new int[1]);

    /** Counts a reading by the calling thread; throws on the one past {@link #READ_LIMIT} since its last wait. */
    void read() {
        int[] reads = readsSinceWait.get();
        if (++reads[0] > READ_LIMIT) {
            // Once: what the thread does on its way out (its finally blocks) may read the clock again.
            reads[0] = 0;
            throw new AssertionError(Thread.currentThread().getName() + " read the clock " + READ_LIMIT
                    + " times without waiting: a loop that never waits");
        }
    }

    /** The calling thread waits (a select, a latch): its count starts again. */
    void waited() {
        readsSinceWait.get()[0] = 0;
    }
}
