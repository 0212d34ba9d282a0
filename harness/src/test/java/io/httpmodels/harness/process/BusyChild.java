package io.httpmodels.harness.process;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A child process with known behaviour, for {@link UsageSamplerTest} and {@link CompilerThreadsTest}: it touches {@code MIB} MiB of memory and
 * keeps it, prints {@code ready}, waits for a line on standard input, burns {@code MILLIS} ms of its own
 * thread's CPU time, prints {@code done}, and waits for standard input to close.
 *
 * <p>Usage: {@code java BusyChild MIB MILLIS}
 */
public final class BusyChild {

    private BusyChild() {}

    /**
     * A running child: its process, what it prints and its standard input. Closing it kills the process and
     * waits (bounded) for it to end.
     */
    record Running(Process process, BufferedReader out, OutputStream in) implements AutoCloseable {

        long pid() {
            return process.pid();
        }

        /** Lets the child burn its CPU time. */
        void go() throws IOException {
            in.write('\n');
            in.flush();
        }

        @Override
        public void close() throws IOException, InterruptedException {
            try (out;
                    in) {
                process.destroyForcibly();
            } finally {
                process.waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    /**
     * Starts one under {@code prefix} (a taskset, or nothing) with {@code jvmFlags}, this JVM's java and class
     * path, and returns once it has said {@code ready}.
     */
    static Running start(List<String> prefix, List<String> jvmFlags, int mib, long millis) throws IOException {
        List<String> command = new ArrayList<>(prefix);
        command.add(HarnessJvm.javaBinary());
        command.addAll(jvmFlags);
        command.addAll(List.of(
                "-cp",
                System.getProperty("java.class.path"),
                BusyChild.class.getName(),
                String.valueOf(mib),
                String.valueOf(millis)));
        Process process = new ProcessBuilder(command)
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        Running child = new Running(
                process,
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8)),
                process.getOutputStream());
        String first = child.out().readLine();
        if (!"ready".equals(first)) {
            try {
                child.close();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            throw new IOException("the child said " + first + " instead of ready");
        }
        return child;
    }

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
