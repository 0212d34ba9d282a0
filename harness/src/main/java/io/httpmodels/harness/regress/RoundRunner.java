package io.httpmodels.harness.regress;

import io.httpmodels.harness.HttpModelsCli;
import io.httpmodels.harness.compare.NginxProcess;
import io.httpmodels.harness.compare.RunningTarget;
import io.httpmodels.harness.process.ChildServer;
import io.httpmodels.harness.process.ChildServer.StartFailure;
import io.httpmodels.harness.process.Pinning;
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

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Measures one side of one cell once: starts the model in a fresh JVM of that side's build (pinned to the
 * servers' CPUs, as {@code compare} does), drives it from this JVM with the load client (warm-up unrecorded),
 * samples the server's CPU over the recorded window, stops it. A fresh JVM per measurement makes the rounds
 * independent: what the JIT happened to do in one JVM is part of the noise the interval sees, not a bias.
 *
 * <p>One measurement at a time; {@link #stop()} may be called from any thread to end the current one.
 */
final class RoundRunner {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration SAMPLE_PERIOD = Duration.ofMillis(100);

    private final Pinning pinning;
    private final List<String> serverJvmFlags;
    private final Duration warmup;
    private final Duration duration;
    private final Duration timeout;
    private final Path projectRoot;
    private volatile LoadClient current;
    private volatile boolean stopped;

    /** One measurement: a cell result named {@code MODEL@SIDE}, and what ran, in the server's words. */
    record Measurement(CellResult result, String running) {}

    RoundRunner(
            Pinning pinning,
            List<String> serverJvmFlags,
            Duration warmup,
            Duration duration,
            Duration timeout,
            Path projectRoot) {
        this.pinning = pinning;
        this.serverJvmFlags = List.copyOf(serverJvmFlags);
        this.warmup = warmup;
        this.duration = duration;
        this.timeout = timeout;
        this.projectRoot = projectRoot;
    }

    /** Measures {@code side} on {@code cell}; a failure is a failed cell result with its reason, never thrown. */
    Measurement measure(Contender side, RegressCell cell, int round) {
        String name = targetName(cell, side);
        int connections = cell.scenario().connections();
        if (stopped) {
            return new Measurement(
                    CellResult.failed(cell.scenario().id(), name, round, connections, "stopped", null), null);
        }
        RunningTarget target;
        try {
            target = start(side, cell);
        } catch (StartFailure e) {
            return new Measurement(
                    CellResult.failed(
                            cell.scenario().id(), name, round, connections, "did not start: " + e.getMessage(), null),
                    null);
        }
        try (target) {
            LoadReport report;
            UsageSampler.Usage usage;
            LoadClient client =
                    new LoadClient(loadConfig(target.url(cell.scenario().route()), cell));
            current = client;
            if (stopped) {
                client.stop();
            }
            UsageSampler sampler =
                    UsageSampler.startAt(target.pid(), System.nanoTime() + warmup.toNanos(), SAMPLE_PERIOD);
            try {
                report = client.run();
            } finally {
                usage = sampler.stop();
                current = null;
            }
            Optional<String> death = target.death();
            if (death.isPresent() || stopped) {
                return new Measurement(
                        CellResult.failed(
                                cell.scenario().id(), name, round, connections, death.orElse("stopped"), null),
                        target.running());
            }
            return new Measurement(result(cell, name, round, report, usage, target.pid()), target.running());
        } catch (LoadException e) {
            String why = target.death().orElse(e.getMessage());
            return new Measurement(
                    CellResult.failed(cell.scenario().id(), name, round, connections, why, null), target.running());
        }
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

    private RunningTarget start(Contender side, RegressCell cell) throws StartFailure {
        if (side.isNginx()) {
            return NginxProcess.start(
                    projectRoot, pinning.enabled() ? pinning.serverCpus().get(0) : null);
        }
        return new ServedModel(ChildServer.start(command(side, cell), START_TIMEOUT));
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

    private LoadConfig loadConfig(String url, RegressCell cell) {
        return LoadConfig.builder(url)
                .connections(cell.scenario().connections())
                .threads(1)
                .duration(duration)
                .warmup(warmup)
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

    /** A model serving in a child JVM of one side's build. */
    private record ServedModel(ChildServer child) implements RunningTarget {

        @Override
        public String url(String route) {
            return "http://127.0.0.1:" + child.port() + route;
        }

        @Override
        public Long pid() {
            return child.pid();
        }

        @Override
        public String running() {
            return child.description();
        }

        @Override
        public Optional<String> death() {
            return child.exitCode()
                    .map(code -> "the server's JVM exited with code " + code + " during the run" + child.stderrTail());
        }

        @Override
        public void close() {
            child.close();
        }
    }

    /** The launch of this JVM's own build: the candidate when run from the working tree's jars. */
    static List<String> ownLaunch() {
        return List.of("-cp", System.getProperty("java.class.path"), HttpModelsCli.class.getName());
    }
}
