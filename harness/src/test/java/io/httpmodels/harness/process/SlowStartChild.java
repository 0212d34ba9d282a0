package io.httpmodels.harness.process;

import java.util.concurrent.TimeUnit;

/**
 * A child that takes {@code args[0]} ms of wall time to start while using a fifth of it as CPU time (10 ms of work,
 * 40 ms asleep, over and over), as a JVM that a busy machine runs slowly does; then says it listens (on a port it
 * does not open) and waits to be stopped.
 *
 * <p>Usage: {@code java SlowStartChild MILLIS}
 */
public final class SlowStartChild {

    private SlowStartChild() {}

    public static void main(String[] args) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(Long.parseLong(args[0]));
        long x = 0;
        while (System.nanoTime() < end) {
            long step = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(10);
            while (System.nanoTime() < step) {
                x += step; // work the JIT cannot drop: x is printed below
            }
            TimeUnit.MILLISECONDS.sleep(40);
        }
        System.out.println("slow listening on http://127.0.0.1:9 (slow start, " + (x & 1) + ")");
        System.out.flush();
        TimeUnit.MINUTES.sleep(5);
    }
}
