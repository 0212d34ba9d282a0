package io.httpmodels.harness.measure;

import io.httpmodels.harness.process.UsageSampler;
import io.httpmodels.harness.results.Background;
import io.httpmodels.harness.results.CellResult;
import io.httpmodels.harness.results.CellStatus;
import io.httpmodels.harness.results.ClientUsage;
import io.httpmodels.harness.results.ConnectionCounts;
import io.httpmodels.harness.results.Distribution;
import io.httpmodels.harness.results.Latencies;
import io.httpmodels.harness.results.Latency;
import io.httpmodels.harness.results.LatencyKind;
import io.httpmodels.harness.results.Responses;
import io.httpmodels.harness.results.ServerUsage;
import io.httpmodels.harness.results.Stats;
import io.httpmodels.harness.results.Throughput;
import io.httpmodels.harness.results.Warmup;
import io.httpmodels.load.BackgroundReport;
import io.httpmodels.load.ErrorKind;
import io.httpmodels.load.LoadReport;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The one definition of a cell's figures: what the load client measured and what the sampler read of the server
 * and the client over the same window, as a {@link CellResult}. Stateless.
 */
final class CellFigures {

    private CellFigures() {}

    /**
     * The cell of a window that completed.
     *
     * @param window    the window: its repetition, its log, and the rate asked for when not the scenario's own
     * @param serverPid the server's process, or null when not known
     */
    static CellResult of(
            String scenarioId,
            String target,
            Window window,
            LoadReport r,
            UsageSampler.Usage usage,
            Long serverPid,
            MeasureSettings settings,
            Warmup warmup) {
        boolean open = r.config().rateMode();
        double seconds = usage.wallSeconds() > 0 ? usage.wallSeconds() : r.durationSeconds();
        return new CellResult(
                scenarioId,
                target,
                window.repetition(),
                CellStatus.OK,
                null,
                new Throughput(
                        open ? Double.valueOf(r.config().rate()) : window.offeredRate(),
                        r.durationSeconds(),
                        r.requests(),
                        r.requestsPerSecond(),
                        r.intervals().stream()
                                .map(LoadReport.Interval::requestsPerSecond)
                                .toList()),
                new Latencies(
                        Latency.of(open ? LatencyKind.INTENDED : LatencyKind.RAW, r.latency()),
                        Latency.of(LatencyKind.CORRECTED, r.corrected()),
                        Latency.of(LatencyKind.SERVICE, r.uncorrected()),
                        Distribution.of(r.histogram())),
                new Responses(errors(r), r.statusCounts(), r.abortReason()),
                new ConnectionCounts(r.config().connections(), r.connectionsServed(), r.connectsSucceeded()),
                server(serverPid, usage, seconds, r.requests()),
                client(usage, seconds, settings),
                warmup,
                window.hlogName(),
                background(r.background()));
    }

    /** Errors by the load client's kinds, in its order, then their total. */
    static Map<String, Long> errors(LoadReport r) {
        Map<String, Long> errors = new LinkedHashMap<>();
        for (Map.Entry<ErrorKind, Long> e : r.errors().asMap().entrySet()) {
            errors.put(e.getKey().label(), e.getValue());
        }
        errors.put(Responses.TOTAL, r.errors().total());
        return errors;
    }

    /** What the server used over {@code seconds}; every figure null that could not be read. */
    static ServerUsage server(Long pid, UsageSampler.Usage usage, double seconds, long requests) {
        Double cpu = usage.serverCpuSeconds();
        return new ServerUsage(
                pid,
                usage.source(),
                cpu,
                cpu == null || seconds <= 0 ? null : 100 * cpu / seconds,
                cpu == null ? null : Stats.cpuMicrosPerRequest(cpu, requests),
                usage.rssPeakBytes() < 0 ? null : usage.rssPeakBytes(),
                usage.rssMeanBytes() < 0 ? null : usage.rssMeanBytes(),
                usage.threadsPeak() < 0 ? null : usage.threadsPeak(),
                usage.threadsMean() < 0 ? null : usage.threadsMean(),
                usage.samples());
    }

    private static ClientUsage client(UsageSampler.Usage usage, double seconds, MeasureSettings settings) {
        int cores = settings.clientCores();
        double percent = seconds > 0 ? 100 * usage.clientCpuSeconds() / seconds : 0;
        return new ClientUsage(
                usage.clientCpuSeconds(), percent, cores, percent >= settings.clientBoundAt() * 100 * cores);
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
}
