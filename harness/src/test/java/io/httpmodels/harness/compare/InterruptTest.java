package io.httpmodels.harness.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.HttpModelsCli;
import io.httpmodels.harness.process.HarnessJvm;
import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.ResultsJson;
import io.httpmodels.harness.results.RunStatus;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Ctrl-C in the middle of a comparison, as a user would press it: the harness (run as its own process) stops
 * the model it was measuring, writes the cells it had completed, and leaves no process behind — also when it
 * relaunched itself pinned, where the signal reaches the outer JVM.
 */
@Isolated // nothing runs beside it (the harness runs its classes side by side): it requires that no child process of
// this JVM outlives the interrupted run
@Tag("slow") // two comparisons of two model JVMs each, about 5 s each: .ci/run runs it (mvn verify -Pslow)
@Timeout(120)
class InterruptTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "pinned: {0}")
    @ValueSource(booleans = {false, true})
    void ctrlCKeepsTheCompletedCellsAndLeavesNoProcessBehind(boolean pinned) throws Exception {
        Path out = dir.resolve("run");
        List<String> command = new ArrayList<>(defaultSigint());
        command.addAll(List.of(
                HarnessJvm.javaBinary(),
                "-cp",
                System.getProperty("java.class.path"),
                HttpModelsCli.class.getName(),
                "compare",
                "--profile",
                "quick",
                "--models",
                "virtual-threads,netty",
                "-c",
                "4",
                "--warmup",
                "200ms",
                "--max-warmup",
                "200ms",
                "--duration",
                "2s",
                "--forks",
                "1",
                "--out",
                out.toString()));
        if (!pinned) {
            command.add("--no-pin");
        }
        Process harness = new ProcessBuilder(command).redirectErrorStream(true).start();
        Set<Long> seen = new HashSet<>();
        try (BufferedReader lines =
                new BufferedReader(new InputStreamReader(harness.getInputStream(), StandardCharsets.UTF_8))) {
            CompletableFuture<String> output = new CompletableFuture<>();
            StringBuilder all = new StringBuilder();
            Thread reader = new Thread(() -> {
                try {
                    for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                        all.append(line).append('\n');
                        if (line.startsWith("[ 1/2]")) {
                            output.complete(line);
                        }
                    }
                } catch (java.io.IOException e) {
                    // The harness ended.
                }
                output.complete(null);
            });
            reader.start();
            String firstCell = output.get(60, TimeUnit.SECONDS);
            assertTrue(firstCell != null && firstCell.contains("req/s"), all.toString());
            // The second model is starting or running now: wait (bounded) until its JVM shows, then interrupt.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (descendantJvms(harness).size() < (pinned ? 2 : 1) && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            descendantJvms(harness).forEach(p -> seen.add(p.pid()));
            assertFalse(seen.isEmpty(), "no model JVM under the harness");
            new ProcessBuilder("kill", "-INT", String.valueOf(harness.pid()))
                    .start()
                    .waitFor(5, TimeUnit.SECONDS);
            assertTrue(harness.waitFor(60, TimeUnit.SECONDS), "the harness did not stop: " + all);
            reader.join(5000);
            assertEquals(130, harness.exitValue(), all.toString());

            Results results = ResultsJson.read(out.resolve("results.json"));
            assertEquals(RunStatus.INTERRUPTED, results.run().status());
            assertEquals(1, results.cells().size(), all.toString());
            assertEquals("virtual-threads", results.cells().get(0).id().target());
            assertTrue(results.cells().get(0).ok());
            assertTrue(Files.exists(
                    out.resolve(results.cells().get(0).diagnostics().hlog())));
            try (var files = Files.list(out.resolve("cells"))) {
                assertTrue(files.noneMatch(f -> f.getFileName().toString().endsWith(".tmp")));
            }
            for (long pid : seen) {
                ProcessHandle.of(pid).ifPresent(p -> {
                    p.onExit().orTimeout(10, TimeUnit.SECONDS).join();
                });
                assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "pid " + pid + " lives");
            }
        } finally {
            harness.descendants().forEach(ProcessHandle::destroyForcibly);
            harness.destroyForcibly();
        }
    }

    /**
     * A prefix that gives the harness SIGINT as a terminal would deliver it. A shell without job control starts
     * a background command (this build, say) with SIGINT ignored, every child inherits that, and a JVM that
     * starts with SIGINT ignored keeps ignoring it: Ctrl-C would not be tested at all. coreutils' env resets it.
     */
    private static List<String> defaultSigint() throws InterruptedException {
        try {
            Process env = new ProcessBuilder("env", "--default-signal=INT", "true").start();
            if (env.waitFor(10, TimeUnit.SECONDS) && env.exitValue() == 0) {
                return List.of("env", "--default-signal=INT");
            }
        } catch (java.io.IOException e) {
            // No coreutils env that knows the flag: the signal stays as this JVM got it.
        }
        return List.of();
    }

    private static List<ProcessHandle> descendantJvms(Process harness) {
        return harness.descendants()
                .filter(ProcessHandle::isAlive)
                .filter(p -> p.info().command().map(c -> c.endsWith("java")).orElse(false))
                .toList();
    }
}
