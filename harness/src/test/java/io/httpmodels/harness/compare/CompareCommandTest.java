package io.httpmodels.harness.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.httpmodels.harness.CliRun;
import io.httpmodels.harness.cli.ServerJvmOptions;
import io.httpmodels.harness.measure.WarmupRule;
import io.httpmodels.harness.process.Pinning;
import io.httpmodels.harness.process.ProcFs;
import io.httpmodels.harness.results.CellResult;
import io.httpmodels.harness.results.CellStatus;
import io.httpmodels.harness.results.Estimate;
import io.httpmodels.harness.results.LatencyKind;
import io.httpmodels.harness.results.NoiseFloor;
import io.httpmodels.harness.results.Responses;
import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.ResultsJson;
import io.httpmodels.harness.results.RunStatus;
import io.httpmodels.harness.results.Summary;
import io.httpmodels.harness.results.Warmup;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * The comparison end to end, in this JVM, with real models in child JVMs and two that misbehave: one that
 * cannot start and one whose JVM dies mid-cell. The run must go on, show each failure with its reason, show
 * the single thread starving all but one connection, and leave no child process behind.
 *
 * <p>It runs beside the harness's other classes, which start child processes of their own: its model JVMs carry
 * {@link #MARK} on their command lines, so that the check after the run tells its children (those JVMs, and the perf
 * attached to a server its cells name) from theirs.
 */
@Order(1) // the harness's longest class starts first (junit-platform.properties)
@Timeout(180)
class CompareCommandTest {

    /** On the command line of this run's model JVMs alone: a system property nothing reads. */
    private static final String MARK = "-Dhttpmodels.test.run=" + UUID.randomUUID();

    @TempDir
    static Path dir;

    private static CliRun run;
    private static Results results;

    static CliRun compare(String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "compare";
        System.arraycopy(args, 0, all, 1, args.length);
        return CliRun.of(all);
    }

    @BeforeAll
    static void runOnce() throws IOException {
        run = compare(
                "--profile",
                "quick",
                "--models",
                "virtual-threads,test-fails-to-start,test-dies-mid-run,single-thread",
                "-c",
                "4",
                "--warmup",
                "500ms",
                "--max-warmup",
                "1000ms",
                "--duration",
                "1s",
                "--forks",
                "2",
                "--windows",
                "2",
                // Shorter than a window, so that the single thread's waiting connections time out within one.
                "--timeout",
                "600ms",
                "--no-pin",
                "--server-jvm-opts",
                ServerJvmOptions.DEFAULT + " " + MARK,
                "--out",
                dir.resolve("run").toString());
        results = ResultsJson.read(dir.resolve("run/results.json"));
    }

    @Test
    void theRunCompletesDespiteFailingModelsAndExitsWithTheFailedCellsCode() {
        assertEquals(CompareCommand.CELLS_FAILED, run.exitCode(), run.err());
        assertEquals(RunStatus.COMPLETE, results.run().status());
        assertEquals(16, results.cells().size(), "4 targets, 2 forks of 2 windows each");
        assertTrue(run.out().contains("[16/16]"), run.out());
    }

    @Test
    void everyCellIsMeasuredInFreshJvmsItsWindowsBackToBackTheOrderOfTargetsReversedByFork() {
        List<CellResult> vt = results.cells().stream()
                .filter(c -> c.id().target().equals("virtual-threads"))
                .toList();
        assertEquals(
                List.of(1, 1, 2, 2), vt.stream().map(c -> c.id().repetition()).toList());
        assertTrue(vt.stream().allMatch(CellResult::ok), vt.toString());
        // Two windows of one fork are one JVM; the next fork is another.
        assertEquals(
                vt.get(0).usage().server().pid(), vt.get(1).usage().server().pid());
        assertNotEquals(
                vt.get(1).usage().server().pid(), vt.get(2).usage().server().pid());
        // Fork 1 in the order asked for, fork 2 reversed: a drift of the machine favours neither end.
        List<String> order =
                results.cells().stream().map(c -> c.id().target()).distinct().toList();
        assertEquals("virtual-threads", order.get(0));
        List<String> secondFork = results.cells().stream()
                .filter(c -> c.id().repetition() == 2)
                .map(c -> c.id().target())
                .distinct()
                .toList();
        assertEquals("single-thread", secondFork.get(0));
        assertEquals("virtual-threads", secondFork.get(secondFork.size() - 1));

        Summary s = results.summary(vt.get(0).id().scenarioId(), "virtual-threads");
        assertEquals(2, s.forks().size());
        assertTrue(s.forks().stream().allMatch(f -> f.windows() == 2), s.forks().toString());
        Estimate rps = s.rate().requestsPerSecond();
        assertEquals(2, rps.forks());
        assertTrue(rps.hasInterval() && rps.low() <= rps.value() && rps.value() <= rps.high(), rps.toString());
        // Each fork's requests/s is its windows' requests over their time.
        double fork1 = (vt.get(0).figures().throughput().requests()
                        + vt.get(1).figures().throughput().requests())
                / (vt.get(0).figures().throughput().durationSeconds()
                        + vt.get(1).figures().throughput().durationSeconds());
        assertEquals(fork1, s.forks().get(0).requestsPerSecond(), 1e-9);
        assertTrue(run.out().contains("±"), "the table says how sure each figure is: " + run.out());
    }

    @Test
    void theNoiseFloorIsMeasuredBeforeTheCellsAndKeptWithTheConditions() {
        NoiseFloor floor = results.conditions().noiseFloor();
        assertNotNull(floor, "measured by default");
        assertFalse(floor.cpus().isEmpty(), floor.toString());
        assertTrue(floor.cpus().stream().allMatch(c -> c.p50Micros() > 0), floor.toString());
        assertTrue(run.out().contains("noise floor: cpu "), run.out());
    }

    @Test
    void aWorkingModelIsMeasuredWithItsUsage() throws IOException {
        CellResult vt = cell("virtual-threads");
        assertTrue(vt.ok(), vt.failure());
        assertTrue(
                vt.figures().throughput().requests() > 100,
                "requests " + vt.figures().throughput().requests());
        assertEquals(4, vt.figures().connectionCounts().connectionsServed());
        assertEquals(0, vt.errors(Responses.TOTAL), vt.figures().responses().toString());
        assertEquals(LatencyKind.RAW, vt.latency().kind());
        assertNotNull(vt.figures().latencies().corrected());
        assertTrue(vt.usage().server().cpuSeconds() > 0, vt.usage().server().toString());
        assertTrue(
                vt.usage().server().rssPeakBytes() > 10 << 20,
                vt.usage().server().toString());
        assertTrue(vt.usage().server().threadsPeak() > 1, vt.usage().server().toString());
        assertTrue(vt.usage().server().cpuMicrosPerRequest() > 0);
        assertTrue(vt.usage().client().cpuSeconds() > 0);
        // The why figures are on by default: at least the split of its CPU time, which /proc gives everywhere.
        assertNotNull(vt.diagnostics().why(), "the why figures");
        assertNotNull(
                vt.diagnostics().why().cpu().userMicrosPerRequest(),
                vt.diagnostics().why().toString());
        assertNotNull(
                vt.diagnostics().why().cpu().systemMicrosPerRequest(),
                vt.diagnostics().why().toString());
        assertTrue(results.targets().stream()
                .anyMatch(t -> t.name().equals("virtual-threads") && t.running().contains("virtual thread")));
        // The interval log holds exactly the recorded requests.
        Path hlog = dir.resolve("run").resolve(vt.diagnostics().hlog());
        long total = 0;
        HistogramLogReader reader = new HistogramLogReader(hlog.toFile());
        for (Histogram h = (Histogram) reader.nextIntervalHistogram();
                h != null;
                h = (Histogram) reader.nextIntervalHistogram()) {
            assertEquals("virtual-threads", h.getTag());
            total += h.getTotalCount();
        }
        assertEquals(vt.figures().throughput().requests(), total);
    }

    @Test
    void everyMeasuredServerWasWarmedWithinItsBoundsAndSaysSo() {
        for (CellResult c : results.cells()) {
            if (!c.ok()) {
                continue;
            }
            Warmup w = c.diagnostics().warmup();
            assertNotNull(w, c.id().target());
            assertTrue(w.jitWatched(), c.id().target() + ": a model's JVM has compiler threads in /proc");
            // At least the least warm-up; at most the bound and the chunk that was running when it passed.
            assertTrue(
                    // A window still compiling counts as warm-up too: up to three of the run's 1 s windows.
                    w.seconds() >= 0.5
                            && w.seconds()
                                    <= 1.0
                                            + WarmupRule.CHUNK_MILLIS / 1e3
                                            + 1.0
                                            + CellRunner.MAX_COMPILING_WINDOWS * 1.1,
                    c.id().target() + " warmed " + w);
            assertTrue(run.out().contains(String.format(Locale.ROOT, "warm %.1fs", w.seconds())), run.out());
        }
    }

    @Test
    void aModelThatCannotStartIsAFailedCellWithItsReason() {
        CellResult failed = cell("test-fails-to-start");
        assertEquals(CellStatus.FAILED, failed.status());
        assertTrue(failed.failure().contains("did not start"), failed.failure());
        assertTrue(failed.failure().contains("this model fails on purpose"), failed.failure());
        assertNull(failed.requestsPerSecond());
        Summary s = results.summary(failed.id().scenarioId(), "test-fails-to-start");
        assertEquals(CellStatus.FAILED, s.outcome().status());
        assertTrue(run.out().contains("test-fails-to-start"), run.out());
    }

    @Test
    void aModelThatDiesMidRunIsAFailedCellWithItsExitCode() {
        CellResult died = cell("test-dies-mid-run");
        assertEquals(CellStatus.FAILED, died.status());
        assertTrue(died.failure().contains("exited with code " + DyingModel.EXIT_CODE), died.failure());
        assertTrue(
                Files.notExists(dir.resolve("run/cells/" + died.id().scenarioId() + "__test-dies-mid-run__r1w1.hlog")));
    }

    @Test
    void theSingleThreadServesOneConnectionAndTheOthersTimeOut() {
        CellResult single = cell("single-thread");
        assertTrue(single.ok(), single.failure());
        assertEquals(1, single.figures().connectionCounts().connectionsServed());
        assertTrue(single.errors("timeout") >= 3, single.figures().responses().toString());
        Summary s = results.summary(single.id().scenarioId(), "single-thread");
        assertEquals(1, s.connectionFigures().connectionsServed());
        assertTrue(s.connectionFigures().timeouts() >= 3);
    }

    @Test
    void noChildProcessOutlivesTheRun() {
        // The servers its cells measured: virtual-threads and single-thread (the one that died has no pid on record).
        Set<String> servers = results.cells().stream()
                .map(c -> c.usage().server() == null ? null : c.usage().server().pid())
                .filter(Objects::nonNull)
                .map(String::valueOf)
                .collect(Collectors.toSet());
        assertTrue(servers.size() >= 2, "the servers the cells name: " + servers);
        List<ProcessHandle> left = ProcessHandle.current()
                .descendants()
                .filter(ProcessHandle::isAlive)
                .filter(p -> ofThisRun(p, servers))
                .toList();
        assertTrue(left.isEmpty(), "left running: " + left);
    }

    /** A model JVM of this run, or a process attached to one of its servers ({@code perf -p PID,...}). */
    private static boolean ofThisRun(ProcessHandle p, Set<String> servers) {
        if (p.info().commandLine().orElse("").contains(MARK)) {
            return true;
        }
        List<String> args = List.of(p.info().arguments().orElse(new String[0]));
        int pids = args.indexOf("-p") + 1;
        return pids > 0
                && pids < args.size()
                && Arrays.stream(args.get(pids).split(",")).anyMatch(servers::contains);
    }

    /** Each usage error, and what its refusal must say; nothing is measured. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            --models no-such-model --no-pin      | unknown server model 'no-such-model'
            --models all,netty --no-pin          | all and none stand alone
            --keep-alive maybe --no-pin          | --keep-alive takes no value but 'both', got 'maybe'
            --capacity --slo p98=1ms --no-pin    | --slo wants
            --profile fastest                    | profiles: quick, default, articles, sweep, pipeline, rate
            --target nginx --no-pin              | --target wants NAME=URL
            --with apache --no-pin               | no peer 'apache'; known peers: nginx, go-nethttp, go-fasthttp
            -c 99999999 --models none --no-pin   | -c 99999999 needs 100000066 open files
            -t 99999 --no-pin                    | --client-threads 99999: threads must be between 1 and 4096
            --work 1.5ms --no-pin                | is not a whole number of milliseconds
            """)
    void usageErrorsExitWithTwoAndSayWhy(String flags, String says) {
        CliRun run = compare(flags.split(" "));
        assertEquals(2, run.exitCode(), flags + ": " + run.err());
        assertTrue(run.err().contains(says), flags + ": " + run.err());
    }

    @Test
    void serverAndClientCpusThatOverlapAreAUsageError() {
        // Without taskset or a second CPU nothing is pinned and the lists are not read; an online CPU on both
        // sides, so that the overlap is the only thing wrong with them.
        assumeTrue(Pinning.plan(true, null, null).enabled(), "no pinning on this machine");
        String cpu = String.valueOf(ProcFs.onlineCpus().get(0));

        CliRun run = compare("--server-cpus", cpu, "--client-cpus", cpu);

        assertEquals(2, run.exitCode(), run.err());
        assertTrue(
                run.err()
                        .contains("server CPUs " + cpu + " and client CPUs " + cpu
                                + " overlap; pinning needs disjoint sets"),
                run.err());
    }

    private static CellResult cell(String target) {
        return results.cells().stream()
                .filter(c -> c.id().target().equals(target))
                .findFirst()
                .orElseThrow();
    }
}
