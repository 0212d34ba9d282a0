package io.httpmodels.server;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A child JVM running {@link LeakProbe} with one model, for the kits that look at a server from the outside
 * ({@link LeakKit}, {@link BackpressureKit}): one command on its standard input, one answer line back, each bounded
 * by {@link #ANSWER_BOUND}. Its standard error goes to a temporary file, kept until {@link #close()}, so that a
 * failure can quote it and a kit can look for what the model logged. Its resident memory is read from
 * {@code /proc/<pid>/status}, as an operator would see it.
 *
 * <p>Not thread-safe: one test thread drives it.
 */
final class ProbeChild implements AutoCloseable {

    /** How long any answer may take. */
    static final Duration ANSWER_BOUND = Duration.ofSeconds(30);

    private final Process process;
    private final OutputStream stdin;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final Path log;

    private ProbeChild(Process process, Path log) {
        this.process = process;
        this.stdin = process.getOutputStream();
        this.log = log;
        Thread.ofPlatform().daemon().name("probe-child-reader").start(() -> {
            try (BufferedReader out =
                    new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = out.readLine()) != null; ) {
                    lines.add(line);
                }
            } catch (IOException e) {
                // the child is gone; ask() reports the missing answer
            }
        });
    }

    /**
     * Starts {@link LeakProbe} for {@code model} on this test's class path, with the probe's stable JVM flags and
     * then {@code jvmFlags}.
     */
    static ProbeChild start(String model, String transport, Duration idleTimeout, List<String> jvmFlags)
            throws IOException {
        return start(model, transport, idleTimeout, jvmFlags, List.of());
    }

    /**
     * As {@link #start(String, String, Duration, List)}, with {@code extraClassPath} before this test's class path: how a
     * kit's self-test registers a model of its own in the child alone (not on the class path of every module that
     * uses the kits, whose registry tests would then find it).
     */
    static ProbeChild start(
            String model, String transport, Duration idleTimeout, List<String> jvmFlags, List<Path> extraClassPath)
            throws IOException {
        List<String> classPath = new ArrayList<>();
        extraClassPath.forEach(entry -> classPath.add(entry.toAbsolutePath().toString()));
        classPath.add(System.getProperty("java.class.path"));
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(LeakProbe.stableJvmFlags());
        command.addAll(jvmFlags);
        command.addAll(List.of(
                "-cp",
                String.join(File.pathSeparator, classPath),
                LeakProbe.class.getName(),
                model,
                transport,
                String.valueOf(idleTimeout.toMillis())));
        Path log = Files.createTempFile("probe-" + model, ".log");
        Process process =
                new ProcessBuilder(command).redirectError(log.toFile()).start();
        return new ProbeChild(process, log);
    }

    /** Sends {@code command} and returns the answer's fields; fails unless the answer starts with {@code answer}. */
    String[] ask(String command, String answer) throws IOException {
        stdin.write((command + "\n").getBytes(StandardCharsets.UTF_8));
        stdin.flush();
        return expect(answer);
    }

    /** Waits (bounded) for the next line, which must start with {@code answer}; returns its fields. */
    String[] expect(String answer) throws IOException {
        String line;
        try {
            line = lines.poll(ANSWER_BOUND.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
        assertNotNull(
                line, "the probe did not answer '" + answer + "' in " + ANSWER_BOUND + "; its log:\n" + logText());
        String[] fields = line.split(" ");
        if (!fields[0].equals(answer)) {
            fail("the probe answered '" + line + "' instead of '" + answer + "'; its log:\n" + logText());
        }
        return fields;
    }

    /** The child's resident set size in KiB ({@code VmRSS} of {@code /proc/<pid>/status}). */
    long rssKiB() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc", String.valueOf(process.pid()), "status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(
                        line.substring("VmRSS:".length()).replace("kB", "").strip());
            }
        }
        throw new IOException("no VmRSS in /proc/" + process.pid() + "/status");
    }

    /**
     * The CPU time the child has used so far, user and system, in milliseconds ({@code utime} and {@code stime} of
     * {@code /proc/<pid>/stat}, at the usual 100 ticks a second).
     */
    long cpuMillis() throws IOException {
        String stat = Files.readAllLines(Path.of("/proc", String.valueOf(process.pid()), "stat"))
                .get(0);
        // The fields after the command's closing parenthesis: state is the first, utime the 12th, stime the 13th.
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) * 10;
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** Whether the child exits by itself, with status 0, within a bound. */
    boolean exits() throws InterruptedException {
        return process.waitFor(10, TimeUnit.SECONDS) && process.exitValue() == 0;
    }

    /** What the child wrote to its standard error so far. */
    String logText() {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(unreadable: " + e + ")";
        }
    }

    @Override
    public void close() throws IOException {
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Files.deleteIfExists(log);
    }
}
