package io.httpmodels.harness.process;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * A child process with known behaviour, for {@link UsageSamplerTest}: it touches {@code MIB} MiB of memory and
 * keeps it, prints {@code ready}, waits for a line on standard input, burns {@code MILLIS} ms of its own
 * thread's CPU time, prints {@code done}, and waits for standard input to close.
 *
 * <p>Usage: {@code java BusyChild MIB MILLIS}
 */
public final class BusyChild {

    private BusyChild() {}

    public static void main(String[] args) throws Exception {
        int mib = Integer.parseInt(args[0]);
        long cpuNanos = Long.parseLong(args[1]) * 1_000_000L;
        byte[][] held = new byte[mib][];
        for (int i = 0; i < mib; i++) {
            held[i] = new byte[1 << 20];
            for (int j = 0; j < held[i].length; j += 4096) {
                held[i][j] = 1; // touch every page, so it is resident
            }
        }
        System.out.println("ready");
        System.out.flush();
        System.in.read();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long start = threads.getCurrentThreadCpuTime();
        long x = 0;
        while (threads.getCurrentThreadCpuTime() - start < cpuNanos) {
            for (int i = 0; i < 100_000; i++) {
                x += i ^ x;
            }
        }
        System.out.println("done " + (x == 42 ? "" : ".") + held.length);
        System.out.flush();
        while (System.in.read() >= 0) {
            // Until the test closes our input.
        }
    }
}
