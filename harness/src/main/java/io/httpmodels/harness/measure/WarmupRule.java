package io.httpmodels.harness.measure;

import java.time.Duration;

/**
 * When a server is warm enough to measure. Unrecorded load runs in chunks of {@value #CHUNK_MILLIS} ms, for at
 * least {@code minimum}, until a chunk in which the server's JIT compiler threads were quiet (at most
 * {@value #JIT_QUIET_MILLIS} ms of CPU: one clock tick) and its CPU time per request agreed within
 * {@value #SETTLED_PERCENT} % with the chunk before; at most {@code maximum}.
 *
 * <p>A fixed wall-clock warm-up is not enough: C2 compiles on the server's own core, so a window recorded while
 * it still compiles measures the compiler beside the server (several times the CPU per request, a p99 of the
 * scheduler's slice), and how long compiling takes differs by model and load.
 *
 * <p>With {@code lendClientCpus}, a pinned server's JIT compiler threads may also run on the client's CPUs
 * while it warms ({@link io.httpmodels.harness.process.CompilerThreads}): C2 then compiles beside the load
 * instead of taking half of the server's own core from the code it compiles, and the warm-up ends sooner. Every
 * thread of the server is pinned back to the server's CPUs before anything is recorded.
 *
 * <p>With {@code raiseJitPriority}, its compiler threads stay on the server's CPUs but run at the highest
 * priority while it warms ({@link io.httpmodels.harness.process.CompilerThreads#raise}), and at the normal one
 * again before anything is recorded: the JIT gets the core it needs even beside 40 busy handler threads, and the
 * client's core is left to the client.
 *
 * @param minimum        the least warm-up (zero: none at all, the server measured cold)
 * @param maximum        the most; a server not settled by then is measured anyway and its cell says so
 * @param lendClientCpus   whether the server's JIT may use the client's CPUs too while it warms
 * @param raiseJitPriority whether the server's JIT runs at the highest priority while it warms
 */
public record WarmupRule(Duration minimum, Duration maximum, boolean lendClientCpus, boolean raiseJitPriority) {

    /** Length of one chunk of warm-up load. */
    public static final long CHUNK_MILLIS = 500;
    /** CPU per request of two chunks in a row within this share of each other: steady. */
    public static final int SETTLED_PERCENT = 20;
    /** JIT compiler threads' CPU in a chunk at most this: quiet (one clock tick of /proc). */
    public static final long JIT_QUIET_MILLIS = 10;

    public WarmupRule {
        if (minimum.isNegative() || maximum.isNegative()) {
            throw new IllegalArgumentException("a warm-up cannot be negative");
        }
        maximum = maximum.compareTo(minimum) < 0 ? minimum : maximum;
    }

    /** A rule that keeps the JIT on the server's CPUs at its normal priority. */
    public WarmupRule(Duration minimum, Duration maximum) {
        this(minimum, maximum, false, false);
    }

    /**
     * Whether a chunk's CPU per request is steady: within {@value #SETTLED_PERCENT} % of the chunk before's. A chunk
     * that completed no request never is, whatever the CPU did (a server that answers nothing yet, or answers slower
     * than a chunk, is not shown warm by it); when the server's CPU cannot be read, every chunk is (its JIT alone
     * decides).
     *
     * @param cpuReadable whether the server's CPU time could be read
     * @param requests    requests the chunk completed
     * @param cpu         its CPU µs per request; null when not readable or no request completed
     * @param previous    the chunk before's, null for none
     */
    static boolean steady(boolean cpuReadable, long requests, Double cpu, Double previous) {
        if (!cpuReadable) {
            return true;
        }
        if (requests <= 0 || cpu == null || previous == null) {
            return false;
        }
        return Math.abs(cpu - previous) <= SETTLED_PERCENT / 100.0 * previous;
    }

    /** Whether any warm-up runs. */
    public boolean none() {
        return minimum.isZero();
    }
}
