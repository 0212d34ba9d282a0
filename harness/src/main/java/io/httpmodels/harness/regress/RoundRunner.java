package io.httpmodels.harness.regress;

import io.httpmodels.harness.HttpModelsCli;
import io.httpmodels.harness.compare.ModelProcess;
import io.httpmodels.harness.compare.NginxProcess;
import io.httpmodels.harness.compare.RunningTarget;
import io.httpmodels.harness.process.ChildServer;
import io.httpmodels.harness.process.ChildServer.StartFailure;
import io.httpmodels.harness.process.Pinning;
import io.httpmodels.harness.process.ProcFs;
import io.httpmodels.harness.process.UsageSampler;
import io.httpmodels.harness.results.CellResult;
import io.httpmodels.harness.results.Latency;
import io.httpmodels.harness.results.ServerUsage;
import io.httpmodels.harness.results.Stats;
import io.httpmodels.load.ErrorKind;
import io.httpmodels.load.LoadClient;
import io.httpmodels.load.LoadConfig;
import io.httpmodels.load.LoadException;
import io.httpmodels.load.LoadReport;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Measures one round of one cell: starts each side's model in a fresh JVM of that side's build (pinned to the
 * servers' CPUs, as {@code compare} does), warms each, then drives them from this JVM with the load client in
 * short windows, alternating A B, B A, ... so that a burst from a neighbour on a shared machine lands on both
 * sides alike, or on a window the round's median leaves out. The server's CPU is sampled over each window. A
 * fresh pair of JVMs per round keeps the rounds independent: what the JIT happened to do in one JVM is part of
 * the noise the interval sees, not a bias.
 *
 * <p>One round at a time; {@link #stop()} may be called from any thread to end the current one.
 */
final class RoundRunner {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration SAMPLE_PERIOD = Duration.ofMillis(100);
    /** Unrecorded lead-in of each window: the 40 connections are reopened and in flight before recording. */
    private static final Duration WINDOW_LEAD_IN = Duration.ofMillis(100);

    static final long WARM_CHUNK_MILLIS = 500;
    static final int WARM_SETTLED_PERCENT = 20;
    static final long JIT_QUIET_MILLIS = 10;

    private final Pinning pinning;
    private final List<String> serverJvmFlags;
    private final Duration warmup;
    private final Duration maxWarmup;
    private final Duration duration;
    private final int windows;
    private final Duration timeout;
    private final Path projectRoot;
    private volatile LoadClient current;
    private volatile boolean stopped;

    /**
     * A round: each side's windows, in the order measured, and each side's warm-up in seconds (negative when it
     * stopped at the longest warm-up allowed before the server settled).
     */
    record Round(List<CellResult> first, List<CellResult> second, double firstWarmup, double secondWarmup) {}

    RoundRunner(
            Pinning pinning,
            List<String> serverJvmFlags,
            Duration warmup,
            Duration maxWarmup,
            Duration duration,
            int windows,
            Duration timeout,
            Path projectRoot) {
        this.pinning = pinning;
        this.serverJvmFlags = List.copyOf(serverJvmFlags);
        this.warmup = warmup;
        this.maxWarmup = maxWarmup.compareTo(warmup) < 0 ? warmup : maxWarmup;
        this.duration = duration;
        this.windows = windows;
        this.timeout = timeout;
        this.projectRoot = projectRoot;
    }

    /**
     * Runs one round: {@code first} and {@code second} started and warmed in that order, then {@code windows}
     * windows each, alternating (first second, second first, ...). A side that fails has failed windows with the
     * reason, never an exception.
     */
    Round round(Contender first, Contender second, RegressCell cell, int round) {
        Started a = start(first, cell, round);
        Started b = start(second, cell, round);
        try {
            double warmA = warm(a, cell);
            double warmB = warm(b, cell);
            List<CellResult> firstWindows = new ArrayList<>();
            List<CellResult> secondWindows = new ArrayList<>();
            for (int w = 0; w < windows; w++) {
                boolean firstFirst = w % 2 == 0;
                for (int i = 0; i < 2; i++) {
                    boolean isFirst = (i == 0) == firstFirst;
                    Started s = isFirst ? a : b;
                    (isFirst ? firstWindows : secondWindows).add(window(s, cell, round));
                }
            }
            return new Round(firstWindows, secondWindows, warmA, warmB);
        } finally {
            a.close();
            b.close();
        }
    }

    /** A side's server for one round, or why it did not start. */
    private record Started(String name, RunningTarget target, String failure) implements AutoCloseable {
        @Override
        public void close() {
            if (target != null) {
                target.close();
            }
        }
    }

    private Started start(Contender side, RegressCell cell, int round) {
        String name = targetName(cell, side);
        if (stopped) {
            return new Started(name, null, "stopped");
        }
        try {
            return new Started(name, startTarget(side, cell), null);
        } catch (StartFailure e) {
            return new Started(name, null, "did not start: " + e.getMessage());
        }
    }

    /**
     * Unrecorded load until the server is warm: in chunks of {@value #WARM_CHUNK_MILLIS} ms, for at least the
     * warm-up and until, in the last chunk, the server's JIT compiler threads were quiet (at most
     * {@value #JIT_QUIET_MILLIS} ms of CPU: one clock tick) and its CPU time per request agreed within
     * {@value #WARM_SETTLED_PERCENT} % with the chunk before; at most {@link #maxWarmup}. A fixed wall-clock
     * warm-up is not enough: C2 compiles on the server's own core, so a window recorded while it still compiles
     * measured 3x the CPU per request and a p99 of 4-8 ms (the scheduler's slice), on an idle machine, in a
     * quarter of the rounds; on a busy one a C1-only JVM once looked faster than the normal one.
     *
     * @return how long the warm-up took, in seconds, negative when it stopped at {@link #maxWarmup} unsettled
     */
    private double warm(Started s, RegressCell cell) {
        if (s.target() == null || warmup.isZero() || stopped) {
            return 0;
        }
        long pid = s.target().pid();
        long startNanos = System.nanoTime();
        Double previous = null;
        while (!stopped) {
            LoadClient client = new LoadClient(loadConfig(
                    s.target().url(cell.scenario().route()),
                    cell,
                    Duration.ZERO,
                    Duration.ofMillis(WARM_CHUNK_MILLIS)));
            current = client;
            OptionalLong jitBefore = ProcFs.jitCpuNanos(pid);
            UsageSampler sampler = UsageSampler.startAt(pid, System.nanoTime(), SAMPLE_PERIOD);
            LoadReport report;
            try {
                report = client.run();
            } catch (LoadException e) {
                sampler.stop();
                return 0; // the window that follows fails and says why
            } finally {
                current = null;
            }
            UsageSampler.Usage usage = sampler.stop();
            OptionalLong jitAfter = ProcFs.jitCpuNanos(pid);
            boolean jitQuiet = jitBefore.isEmpty()
                    || jitAfter.isEmpty()
                    || jitAfter.getAsLong() - jitBefore.getAsLong()
                            <= Duration.ofMillis(JIT_QUIET_MILLIS).toNanos();
            Double cpu = usage.serverCpuSeconds() == null
                    ? null
                    : Stats.cpuMicrosPerRequest(usage.serverCpuSeconds(), report.requests());
            long elapsed = System.nanoTime() - startNanos;
            boolean settled = jitQuiet
                    && (cpu == null
                            || previous != null && Math.abs(cpu - previous) <= WARM_SETTLED_PERCENT / 100.0 * previous);
            if (elapsed >= warmup.toNanos() && settled) {
                return elapsed / 1e9;
            }
            if (elapsed >= maxWarmup.toNanos()) {
                return -elapsed / 1e9;
            }
            previous = cpu;
        }
        return 0;
    }

    private CellResult window(Started s, RegressCell cell, int round) {
        int connections = cell.scenario().connections();
        String scenario = cell.scenario().id();
        if (s.target() == null || stopped) {
            return CellResult.failed(scenario, s.name(), round, connections, stopped ? "stopped" : s.failure(), null);
        }
        RunningTarget target = s.target();
        Optional<String> dead = target.death();
        if (dead.isPresent()) {
            return CellResult.failed(scenario, s.name(), round, connections, dead.get(), null);
        }
        LoadClient client =
                new LoadClient(loadConfig(target.url(cell.scenario().route()), cell, WINDOW_LEAD_IN, duration));
        current = client;
        LoadReport report;
        UsageSampler.Usage usage;
        UsageSampler sampler =
                UsageSampler.startAt(target.pid(), System.nanoTime() + WINDOW_LEAD_IN.toNanos(), SAMPLE_PERIOD);
        try {
            report = client.run();
        } catch (LoadException e) {
            sampler.stop();
            return CellResult.failed(
                    scenario, s.name(), round, connections, target.death().orElse(e.getMessage()), null);
        } finally {
            current = null;
        }
        usage = sampler.stop();
        Optional<String> death = target.death();
        if (death.isPresent() || stopped) {
            return CellResult.failed(scenario, s.name(), round, connections, death.orElse("stopped"), null);
        }
        return result(cell, s.name(), round, report, usage, target.pid());
    }

    /** Ends the current measurement early and refuses new ones. Any thread. */
    void stop() {
        stopped = true;
        LoadClient client = current;
        if (client != null) {
            client.stop();
        }
    }

    static String targetName(RegressCell cell, Contender side) {
        return side.isNginx() ? "nginx" : cell.model() + "@" + side.name();
    }

    private RunningTarget startTarget(Contender side, RegressCell cell) throws StartFailure {
        if (side.isNginx()) {
            return NginxProcess.start(
                    projectRoot, pinning.enabled() ? pinning.serverCpus().get(0) : null);
        }
        return new ModelProcess(ChildServer.start(command(side, cell), START_TIMEOUT));
    }

    /** The command line of one side's server JVM: pinned, common flags, that side's extra flags, its build. */
    List<String> command(Contender side, RegressCell cell) {
        List<String> command = new ArrayList<>(pinning.serverPrefix());
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(serverJvmFlags);
        command.addAll(side.extraFlags());
        command.addAll(side.launch());
        command.addAll(List.of(
                "serve",
                cell.model(),
                "--port",
                "0",
                "--work-ms",
                String.valueOf(cell.scenario().workMillis()),
                "--exit-with-parent",
                String.valueOf(ProcessHandle.current().pid())));
        return command;
    }

    private LoadConfig loadConfig(String url, RegressCell cell, Duration leadIn, Duration recorded) {
        return LoadConfig.builder(url)
                .connections(cell.scenario().connections())
                .threads(1)
                .duration(recorded)
                .warmup(leadIn)
                .keepAlive(cell.scenario().keepAlive())
                .pipeline(cell.scenario().pipeline())
                .timeout(timeout)
                .build();
    }

    private static CellResult result(
            RegressCell cell, String name, int round, LoadReport r, UsageSampler.Usage usage, Long pid) {
        Map<String, Long> errors = new LinkedHashMap<>();
        for (Map.Entry<ErrorKind, Long> e : r.errors().asMap().entrySet()) {
            errors.put(e.getKey().label(), e.getValue());
        }
        errors.put("total", r.errors().total());
        double window = usage.wallSeconds() > 0 ? usage.wallSeconds() : r.durationSeconds();
        Double cpu = usage.serverCpuSeconds();
        ServerUsage server = new ServerUsage(
                pid,
                usage.source(),
                cpu,
                cpu == null || window <= 0 ? null : 100 * cpu / window,
                cpu == null ? null : Stats.cpuMicrosPerRequest(cpu, r.requests()),
                usage.rssPeakBytes() < 0 ? null : usage.rssPeakBytes(),
                usage.rssMeanBytes() < 0 ? null : usage.rssMeanBytes(),
                usage.threadsPeak() < 0 ? null : usage.threadsPeak(),
                usage.threadsMean() < 0 ? null : usage.threadsMean(),
                usage.samples());
        return new CellResult(
                cell.scenario().id(),
                name,
                round,
                CellResult.OK,
                null,
                null,
                r.durationSeconds(),
                r.requests(),
                r.requestsPerSecond(),
                Latency.of("raw", r.latency()),
                Latency.of("corrected", r.corrected()),
                null,
                errors,
                r.statusCounts(),
                cell.scenario().connections(),
                r.connectionsServed(),
                r.connectsSucceeded(),
                server,
                null,
                r.abortReason(),
                r.intervals().stream()
                        .map(LoadReport.Interval::requestsPerSecond)
                        .toList(),
                null,
                null);
    }

    /**
     * The launch of this JVM's own build: the candidate when run from the working tree's jars. Run from a jar
     * ({@code java -jar harness.jar}, as scripts/regress.sh does), the same way the base is launched,
     * {@code -jar}, so the two sides differ in nothing but their bytes; else (tests, an IDE) by class path.
     */
    static List<String> ownLaunch() {
        String classPath = System.getProperty("java.class.path");
        if (!classPath.contains(File.pathSeparator)
                && classPath.endsWith(".jar")
                && Files.isRegularFile(Path.of(classPath))) {
            return List.of("-jar", Path.of(classPath).toAbsolutePath().toString());
        }
        return List.of("-cp", classPath, HttpModelsCli.class.getName());
    }
}
