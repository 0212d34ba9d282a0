package io.httpmodels.harness.process;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A server running in a child process that announces itself with
 * {@code NAME listening on http://HOST:PORT (WHAT RUNS)} (or {@code https://}, {@link #scheme()}) on its standard
 * output, as {@code httpmodels serve} does. {@link #start} returns once that line came, so the real port is known (port 0 works, no race) and no
 * caller polls. Lines it writes after that which start with {@code control } answer its {@link ControlChannel}
 * (asked for with {@code HTTPMODELS_CONTROL=stdin} in its environment). The child is owned: {@link #close()} stops it (SIGTERM, then SIGKILL after a bound) and reaps
 * it, and every started child is registered with {@link ChildProcesses} so a shutdown hook can stop the rest.
 */
public final class ChildServer implements AutoCloseable {

    private static final Pattern LISTENING =
            Pattern.compile("^(\\S+) listening on (https?)://(\\[[^]]+]|[^:/\\s]+):(\\d+) \\((.*)\\)\\s*$");
    /** How often a start looks at the child's CPU time while it waits for the listening line. */
    private static final long PROGRESS_CHECK_MILLIS = 200;
    /**
     * A child that used less than 1 / this of a CPU over a start's bound is waiting, not starting: an idle JVM uses
     * 0.1 % (its periodic tasks), one starting on two cores at a load average of 100 would still get about 2 %.
     */
    private static final int IDLE_SHARE = 100;
    /** Lines kept of each output: the last ones, which say why a start failed. */
    private static final int STDERR_LINES = 20;

    private final Process process;
    private final String scheme;
    private final int port;
    private final String description;
    private final ArrayDeque<String> stderrTail;
    private final ControlChannel control;

    private ChildServer(
            Process process,
            String scheme,
            int port,
            String description,
            ArrayDeque<String> stderrTail,
            ControlChannel control) {
        this.process = process;
        this.scheme = scheme;
        this.port = port;
        this.description = description;
        this.stderrTail = stderrTail;
        this.control = control;
    }

    /**
     * Starts {@code command} and waits for its listening line for as long as the child makes progress: it has failed
     * once it has used under 1 % of a CPU for {@code timeout} (it waits for something that does not come) or has used
     * {@code timeout} of CPU time without listening (a loop). A child that a busy machine runs slowly is waited for: a
     * JVM needs a second or two of CPU time to start, which took over 30 s of wall time at a load average of 24 on two
     * cores. Where /proc cannot be read, {@code timeout} of wall time.
     *
     * @param timeout how long the child may use next to no CPU time, and how much it may use, before it listens
     * @throws StartFailure when it cannot be started, exits first, or does not listen as above; the message carries
     *                      the last lines it wrote to each of its outputs
     */
    public static ChildServer start(List<String> command, Duration timeout) throws StartFailure {
        return start(command, Map.of(), timeout);
    }

    /**
     * Starts {@code command} with {@code environment} added to this process's, and waits for its listening line.
     *
     * @throws StartFailure as {@link #start(List, Duration)}
     */
    public static ChildServer start(List<String> command, Map<String, String> environment, Duration timeout)
            throws StartFailure {
        Process process;
        try {
            ProcessBuilder builder = new ProcessBuilder(command);
            builder.environment().putAll(environment);
            process = builder.start();
        } catch (IOException e) {
            throw new StartFailure("cannot run " + command.get(0) + ": " + e.getMessage());
        }
        ChildProcesses.register(process);
        ArrayDeque<String> stdoutTail = new ArrayDeque<>();
        ArrayDeque<String> stderrTail = new ArrayDeque<>();
        CompletableFuture<Matcher> listening = new CompletableFuture<>();
        ControlChannel control = new ControlChannel(process.getOutputStream());
        // Whether this thread has read the listening line: lines after it answer the control channel. (Not
        // listening.isDone(): a child that exits completes it too, before its last lines may have been read.)
        boolean[] listened = {false};
        Thread out = drain(process.getInputStream(), "child-stdout-" + process.pid(), line -> {
            if (listened[0]) {
                control.accept(line);
                return;
            }
            Matcher m = LISTENING.matcher(line);
            if (m.matches()) {
                listened[0] = true;
                listening.complete(m);
            } else {
                keep(stdoutTail, line); // what it said before listening, for the failure that may follow
            }
        });
        Thread err = drain(process.getErrorStream(), "child-stderr-" + process.pid(), line -> keep(stderrTail, line));
        process.onExit().thenRun(() -> listening.completeExceptionally(new IllegalStateException("exited")));
        try {
            Matcher m = awaitListening(process, listening, timeout);
            if (m != null) {
                return new ChildServer(
                        process, m.group(2), Integer.parseInt(m.group(4)), m.group(5), stderrTail, control);
            }
            String why = stalled(process, timeout);
            stop(process);
            joinQuietly(out);
            joinQuietly(err);
            throw new StartFailure("did not listen" + why + written(stdoutTail, stderrTail));
        } catch (ExecutionException e) {
            joinQuietly(out);
            joinQuietly(err);
            throw new StartFailure(
                    "exited with code " + process.exitValue() + " before listening" + written(stdoutTail, stderrTail));
        } catch (InterruptedException e) {
            stop(process);
            Thread.currentThread().interrupt();
            throw new StartFailure("interrupted while starting");
        }
    }

    /**
     * The listening line, or null once the child has used under 1 % of a CPU for {@code timeout} or has used {@code
     * timeout} of CPU time ({@code timeout} of wall time without /proc).
     *
     * @throws ExecutionException when the child exited first
     */
    private static Matcher awaitListening(Process process, CompletableFuture<Matcher> listening, Duration timeout)
            throws ExecutionException, InterruptedException {
        if (!ProcFs.available()) {
            try {
                return listening.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                return null;
            }
        }
        // CPU time read every check; the window is the last timeout, from the latest reading at or before its start.
        ArrayDeque<CpuReading> readings = new ArrayDeque<>();
        readings.add(new CpuReading(System.nanoTime(), cpuNanos(process)));
        while (true) {
            try {
                return listening.get(PROGRESS_CHECK_MILLIS, TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                CpuReading now = new CpuReading(System.nanoTime(), cpuNanos(process));
                readings.addLast(now);
                CpuReading first = readings.removeFirst();
                while (now.nanos() - readings.getFirst().nanos() >= timeout.toNanos()) {
                    first = readings.removeFirst();
                }
                readings.addFirst(first);
                long window = now.nanos() - first.nanos();
                boolean idle = window >= timeout.toNanos() && (now.cpuNanos() - first.cpuNanos()) * IDLE_SHARE < window;
                if (idle || now.cpuNanos() >= timeout.toNanos()) {
                    return null;
                }
            }
        }
    }

    /** The CPU time a child had used ({@code cpuNanos}) at {@code nanos} ({@link System#nanoTime()}). */
    private record CpuReading(long nanos, long cpuNanos) {}

    /** Why a child that did not listen was given up on, as {@link #awaitListening} decided. */
    private static String stalled(Process process, Duration timeout) {
        if (!ProcFs.available()) {
            return " within " + timeout.toSeconds() + " s";
        }
        long used = cpuNanos(process);
        return used >= timeout.toNanos()
                ? String.format(Locale.ROOT, " after %.1f s of CPU time", used / 1e9)
                : String.format(
                        Locale.ROOT,
                        ", using under %d %% of a CPU for %d s (%.2f s of CPU time in all)",
                        100 / IDLE_SHARE,
                        timeout.toSeconds(),
                        used / 1e9);
    }

    /** CPU time of the child and its live descendants (a wrapper's child does the work), nanoseconds. */
    private static long cpuNanos(Process process) {
        return ProcFs.withDescendants(process.pid()).stream()
                .mapToLong(pid -> ProcFs.cpuNanos(pid).orElse(0))
                .sum();
    }

    public long pid() {
        return process.pid();
    }

    /** {@code http}, or {@code https} for a server that said it listens over TLS. */
    public String scheme() {
        return scheme;
    }

    public int port() {
        return port;
    }

    /** What runs, as the server said: {@code netty: io_uring, 1 event loop, ...}. */
    public String description() {
        return description;
    }

    public boolean alive() {
        return process.isAlive();
    }

    /**
     * Its control channel: answers only when the child was started with the channel on and is of a build that has
     * it; otherwise every request comes back empty, after one timeout.
     */
    public ControlChannel control() {
        return control;
    }

    /** The exit code once the process has ended. */
    public Optional<Integer> exitCode() {
        return process.isAlive() ? Optional.empty() : Optional.of(process.exitValue());
    }

    /** The last lines the child wrote to standard error, prefixed with ": ", or nothing. */
    public String stderrTail() {
        return tail(stderrTail);
    }

    /** Stops the child: SIGTERM, then SIGKILL if it is still there after 5 s; reaps it. Idempotent. */
    @Override
    public void close() {
        stop(process);
    }

    static void stop(Process process) {
        if (process.isAlive()) {
            process.destroy();
            try {
                if (!process.waitFor(5, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                    process.waitFor(5, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
        ChildProcesses.unregister(process);
    }

    private static void keep(ArrayDeque<String> tail, String line) {
        synchronized (tail) {
            if (tail.size() == STDERR_LINES) {
                tail.removeFirst();
            }
            tail.addLast(line);
        }
    }

    /** The last lines of both outputs, each named, prefixed with ": ", or nothing when it wrote nothing. */
    private static String written(ArrayDeque<String> stdout, ArrayDeque<String> stderr) {
        List<String> parts = new ArrayList<>();
        for (var named : List.of(Map.entry("standard output", stdout), Map.entry("standard error", stderr))) {
            String lines = tail(named.getValue());
            if (!lines.isEmpty()) {
                parts.add(named.getKey() + lines);
            }
        }
        return parts.isEmpty() ? "" : ": " + String.join("; ", parts);
    }

    private static String tail(ArrayDeque<String> lines) {
        synchronized (lines) {
            return lines.isEmpty() ? "" : ": " + String.join(" | ", lines);
        }
    }

    private static Thread drain(InputStream in, String name, java.util.function.Consumer<String> onLine) {
        Thread t = new Thread(
                () -> {
                    try (BufferedReader reader =
                            new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                        String line;
                        while ((line = reader.readLine()) != null) {
                            onLine.accept(line);
                        }
                    } catch (IOException e) {
                        // The child closed its end: nothing more to read.
                    }
                },
                name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    private static void joinQuietly(Thread t) {
        try {
            t.join(5_000); // the child is gone or stopped: its outputs end at once, read as soon as the thread runs
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A child server that did not come up; the message says why. */
    public static final class StartFailure extends Exception {
        public StartFailure(String message) {
            super(message);
        }
    }
}
