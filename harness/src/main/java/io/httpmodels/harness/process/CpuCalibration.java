package io.httpmodels.harness.process;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * The noise floor's loop, run in a JVM of its own pinned to one CPU: a fixed CPU-bound chunk of work (xorshift
 * steps, no memory traffic, no allocation) timed {@code N} times after a short warm-up, one time in nanoseconds a
 * line. Whatever makes the same work take longer from one chunk to the next (another process, the hypervisor, the
 * CPU's clock) is what a server pinned there meets too.
 *
 * <pre>{@code java -cp harness.jar io.httpmodels.harness.process.CpuCalibration 200}</pre>
 */
public final class CpuCalibration {

    /** xorshift steps per chunk: about a millisecond on a current x86 core. */
    static final int STEPS = 400_000;

    private static final long WARMUP_NANOS = 300_000_000L;

    private CpuCalibration() {}

    public static void main(String[] args) {
        int chunks = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        long seed = System.nanoTime();
        long warmEnd = System.nanoTime() + WARMUP_NANOS;
        while (System.nanoTime() < warmEnd) {
            seed = chunk(seed);
        }
        long[] times = new long[chunks];
        for (int i = 0; i < chunks; i++) {
            long start = System.nanoTime();
            seed = chunk(seed);
            times[i] = System.nanoTime() - start;
        }
        for (long t : times) {
            out.println(t);
        }
        // The result is printed so that the JIT cannot drop the work.
        out.println("seed " + seed);
        out.flush();
    }

    /** One chunk: {@link #STEPS} dependent xorshift steps from {@code seed}. */
    static long chunk(long seed) {
        long x = seed | 1;
        for (int i = 0; i < STEPS; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
        }
        return x;
    }
}
