package io.httpmodels.harness.compare;

import io.httpmodels.harness.process.ChildServer.StartFailure;
import io.httpmodels.harness.process.UsageSampler;
import io.httpmodels.harness.results.Background;
import io.httpmodels.harness.results.CellResult;
import io.httpmodels.harness.results.ClientUsage;
import io.httpmodels.harness.results.Distribution;
import io.httpmodels.harness.results.Latency;
import io.httpmodels.harness.results.ServerUsage;
import io.httpmodels.harness.results.Stats;
import io.httpmodels.load.BackgroundReport;
import io.httpmodels.load.ErrorKind;
import io.httpmodels.load.IntervalLog;
import io.httpmodels.load.LoadClient;
import io.httpmodels.load.LoadConfig;
import io.httpmodels.load.LoadException;
import io.httpmodels.load.LoadListener;
import io.httpmodels.load.LoadReport;
import io.httpmodels.load.Progress;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Measures one cell: starts the target, drives it with the load client from this JVM (warm-up unrecorded),
 * samples the server's and the client's usage over exactly the recorded window, writes the cell's interval
 * log, stops the target. Whatever goes wrong becomes a failed cell with its reason, never an exception.
 *
 * <p>One cell at a time; {@link #stop()} may be called from any thread to end the current one early.
 */
final class CellRunner {

    private static final Duration SAMPLE_PERIOD = Duration.ofMillis(100);

    private final Plan plan;
    private final TargetLauncher launcher;
    private volatile LoadClient current;
    private volatile boolean stopped;

    /** What a cell produced: the result for the JSON, its histogram for exact merging, and what ran. */
    record Outcome(CellResult result, Histogram histogram, String running) {}

    CellRunner(Plan plan) {
        this.plan = plan;
        this.launcher = new TargetLauncher(plan);
    }

    /**
     * Runs one cell.
     *
     * @param offeredRate open loop at this total rate, or null for the scenario's own pacing
     * @param hlog        where to write the interval log, or null for none
     * @return the outcome, or null when {@link #stop()} ended it before it completed
     */
    Outcome run(
            TargetSpec target,
            Scenario scenario,
            int repetition,
            Double offeredRate,
            Path hlog,
            String hlogName,
            CompareListener listener) {
        if (stopped) {
            return null;
        }
        RunningTarget running;
        try {
            running = launcher.start(target, scenario);
        } catch (StartFailure e) {
            if (stopped) {
                return null;
            }
            return failed(target, scenario, repetition, "did not start: " + e.getMessage(), null);
        }
        try (running) {
            return measure(target, scenario, repetition, offeredRate, hlog, hlogName, listener, running);
        } catch (RuntimeException e) {
            // A bug of the harness must not cost the other cells: this one fails, saying so.
            return failed(target, scenario, repetition, "harness error: " + e, running.running());
        }
    }

    /** Ends the current cell early and refuses new ones. */
    void stop() {
        stopped = true;
        LoadClient client = current;
        if (client != null) {
            client.stop();
        }
    }

    private Outcome measure(
            TargetSpec target,
            Scenario scenario,
            int repetition,
            Double offeredRate,
            Path hlogPath,
            String hlogName,
            CompareListener listener,
            RunningTarget running) {
        LoadConfig config = loadConfig(running.url(scenario.route()), scenario, offeredRate);
        IntervalLog hlog = null;
        LoadReport report;
        UsageSampler.Usage usage;
        try {
            hlog = hlogPath == null ? null : new IntervalLog(hlogPath, target.name());
            IntervalLog log = hlog;
            LoadClient client = new LoadClient(config);
            current = client;
            if (stopped) {
                client.stop();
            }
            // Sampling starts with recording, which the client times from when its background connections
            // are open (at once when there are none).
            AtomicReference<UsageSampler> sampler = new AtomicReference<>();
            try {
                report = client.run(new LoadListener() {
                    @Override
                    public void onClockStarted(long recordStartNanos) {
                        sampler.set(UsageSampler.startAt(running.pid(), recordStartNanos, SAMPLE_PERIOD));
                    }

                    @Override
                    public void onProgress(Progress p) {
                        listener.progress(p);
                    }

                    @Override
                    public void onInterval(Histogram interval) {
                        if (log != null) {
                            log.write(interval);
                        }
                    }
                });
            } finally {
                UsageSampler started = sampler.get();
                usage = started == null ? UsageSampler.Usage.empty() : started.stop();
                current = null;
            }
        } catch (LoadException e) {
            abort(hlog);
            if (stopped) {
                return null; // stopped before it connected: not a failure of the target
            }
            String death = running.death().orElse(null);
            return failed(target, scenario, repetition, death != null ? death : e.getMessage(), running.running());
        } catch (IOException e) {
            abort(hlog);
            return failed(target, scenario, repetition, "cannot write " + hlogPath + ": " + e.getMessage(), null);
        }
        if (stopped) {
            abort(hlog);
            return null;
        }
        String death = running.death().orElse(null);
        if (death != null) {
            abort(hlog);
            return failed(target, scenario, repetition, death, running.running());
        }
        try {
            if (hlog != null) {
                hlog.close();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        CellResult result = result(target, scenario, repetition, offeredRate, report, usage, running, hlogName);
        return new Outcome(result, report.histogram(), running.running());
    }

    LoadConfig loadConfig(String url, Scenario scenario, Double offeredRate) {
        LoadConfig.Builder b = LoadConfig.builder(url)
                .connections(scenario.connections())
                .threads(Math.min(plan.clientThreads(), scenario.connections()))
                .duration(plan.duration())
                .warmup(plan.warmup())
                .keepAlive(scenario.keepAlive())
                .pipeline(scenario.pipeline())
                .timeout(plan.timeout())
                .idleConnections(scenario.idleConnections())
                .slowConnections(scenario.slowConnections())
                .slowInterval(Duration.ofMillis(scenario.slowIntervalMillis()));
        Double rate = offeredRate != null ? offeredRate : scenario.rate();
        if (rate != null) {
            b.rate(rate);
        }
        return b.build();
    }

    private CellResult result(
            TargetSpec target,
            Scenario scenario,
            int repetition,
            Double offeredRate,
            LoadReport r,
            UsageSampler.Usage usage,
            RunningTarget running,
            String hlogName) {
        boolean open = r.config().rateMode();
        Map<String, Long> errors = new LinkedHashMap<>();
        for (Map.Entry<ErrorKind, Long> e : r.errors().asMap().entrySet()) {
            errors.put(e.getKey().label(), e.getValue());
        }
        errors.put("total", r.errors().total());
        double window = usage.wallSeconds() > 0 ? usage.wallSeconds() : r.durationSeconds();
        ServerUsage server = usage.serverCpuSeconds() == null && usage.samples() == 0
                ? new ServerUsage(running.pid(), usage.source(), null, null, null, null, null, null, null, 0)
                : new ServerUsage(
                        running.pid(),
                        usage.source(),
                        usage.serverCpuSeconds(),
                        usage.serverCpuSeconds() == null || window <= 0
                                ? null
                                : 100 * usage.serverCpuSeconds() / window,
                        usage.serverCpuSeconds() == null
                                ? null
                                : Stats.cpuMicrosPerRequest(usage.serverCpuSeconds(), r.requests()),
                        usage.rssPeakBytes() < 0 ? null : usage.rssPeakBytes(),
                        usage.rssMeanBytes() < 0 ? null : usage.rssMeanBytes(),
                        usage.threadsPeak() < 0 ? null : usage.threadsPeak(),
                        usage.threadsMean() < 0 ? null : usage.threadsMean(),
                        usage.samples());
        int cores = plan.pinning().clientCores();
        double clientPercent = window > 0 ? 100 * usage.clientCpuSeconds() / window : 0;
        ClientUsage client = new ClientUsage(
                usage.clientCpuSeconds(), clientPercent, cores, clientPercent >= plan.clientBoundAt() * 100 * cores);
        List<Double> timeline = r.intervals().stream()
                .map(LoadReport.Interval::requestsPerSecond)
                .toList();
        return new CellResult(
                scenario.id(),
                target.name(),
                repetition,
                CellResult.OK,
                null,
                open ? Double.valueOf(r.config().rate()) : offeredRate,
                r.durationSeconds(),
                r.requests(),
                r.requestsPerSecond(),
                Latency.of(open ? "intended" : "raw", r.latency()),
                Latency.of("corrected", r.corrected()),
                Latency.of("service", r.uncorrected()),
                errors,
                r.statusCounts(),
                scenario.connections(),
                r.connectionsServed(),
                r.connectsSucceeded(),
                server,
                client,
                r.abortReason(),
                timeline,
                Distribution.of(r.histogram()),
                hlogName,
                background(r.background()));
    }

    private static Background background(BackgroundReport b) {
        return b == null
                ? null
                : new Background(
                        b.idleConnections(),
                        b.idleOpen(),
                        b.idleAnswered(),
                        b.idleClosedByServer(),
                        b.slowConnections(),
                        b.slowOpen(),
                        b.slowClosedByServer(),
                        b.slowAnswered(),
                        b.connectFailures(),
                        b.openingSeconds(),
                        b.openedBeforeStart());
    }

    private static Outcome failed(TargetSpec target, Scenario scenario, int repetition, String reason, String running) {
        return new Outcome(
                CellResult.failed(scenario.id(), target.name(), repetition, scenario.connections(), reason, null),
                null,
                running);
    }

    private static void abort(IntervalLog hlog) {
        if (hlog != null) {
            try {
                hlog.abort();
            } catch (IOException e) {
                // A temporary file left behind is harmless; the cell's failure says more.
            }
        }
    }
}
