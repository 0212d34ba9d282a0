package io.httpmodels.harness.report;

import io.httpmodels.harness.results.Build;
import io.httpmodels.harness.results.Capacity;
import io.httpmodels.harness.results.CellId;
import io.httpmodels.harness.results.CellResult;
import io.httpmodels.harness.results.CellStatus;
import io.httpmodels.harness.results.ClientSettings;
import io.httpmodels.harness.results.ClientUsage;
import io.httpmodels.harness.results.Conditions;
import io.httpmodels.harness.results.ConnectionCounts;
import io.httpmodels.harness.results.CpuPlacement;
import io.httpmodels.harness.results.Diagnostics;
import io.httpmodels.harness.results.Estimate;
import io.httpmodels.harness.results.ForkFigures;
import io.httpmodels.harness.results.ForkStatistics;
import io.httpmodels.harness.results.Host;
import io.httpmodels.harness.results.Jvms;
import io.httpmodels.harness.results.Latencies;
import io.httpmodels.harness.results.Latency;
import io.httpmodels.harness.results.LatencyKind;
import io.httpmodels.harness.results.PercentilePoint;
import io.httpmodels.harness.results.Responses;
import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.RunInfo;
import io.httpmodels.harness.results.RunStatus;
import io.httpmodels.harness.results.Scenario;
import io.httpmodels.harness.results.Schedule;
import io.httpmodels.harness.results.ServerUsage;
import io.httpmodels.harness.results.Summary;
import io.httpmodels.harness.results.TargetInfo;
import io.httpmodels.harness.results.TargetKind;
import io.httpmodels.harness.results.Throughput;
import io.httpmodels.harness.results.Usage;
import io.httpmodels.harness.results.Warmup;
import io.httpmodels.harness.results.WindowFigures;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run of five models and nginx over four scenarios, with figures of the kind this machine measures: a
 * connection sweep (1, 10, 40) on /plaintext where every client saturates at 40 connections, the single
 * thread serves 1 connection of 10 or 40 and the fixed pool 8, and 1 ms of blocking work where
 * thread-per-connection failed and nginx did not run. Three repetitions per cell. For the report tests only.
 */
public final class SampleResults {

    static final Scenario C1 = Scenario.closedLoop("/plaintext", 0, true, 1, 1);
    static final Scenario C10 = Scenario.closedLoop("/plaintext", 0, true, 10, 1);
    static final Scenario C40 = Scenario.closedLoop("/plaintext", 0, true, 40, 1);
    static final Scenario WORK = Scenario.closedLoop("/plaintext", 1, true, 40, 1);

    static final String TPC_FAILURE = "the server process exited with code 137 during the warm-up";

    static final String RAW_DESCRIPTION =
            "raw: from the write of each request to the last byte of its response, one sample per request";

    private static final int REPETITIONS = 3;
    private static final double DURATION_SECONDS = 10;
    private static final double CLIENT_BOUND_AT = 0.95;
    private static final double MIB = 1024 * 1024;
    /** Each cell's requests/s as a share of the median: repetitions differ by a few per cent. */
    private static final double[] REPETITION_SHARES = {1.0, 0.985, 1.012};

    /**
     * One row of figures.
     *
     * @param served connections that completed a response, of the scenario's
     * @param clientCpu client CPU, % of its one core
     */
    private record Row(
            String target,
            double rps,
            long p50,
            long p90,
            long p99,
            long p999,
            long max,
            double cpuMicros,
            double rssMib,
            int threads,
            int served,
            long timeouts,
            long errors,
            double clientCpu) {}

    private SampleResults() {}

    /** The run with a capacity search on 40 connections for netty and virtual-threads. */
    public static Results run() {
        return build(true);
    }

    /** The same run without a capacity search. */
    public static Results withoutCapacities() {
        return build(false);
    }

    private static Results build(boolean withCapacities) {
        List<TargetInfo> targets = List.of(
                new TargetInfo(
                        "single-thread",
                        TargetKind.MODEL,
                        "one thread accepts and serves one connection at a time",
                        "1 thread"),
                new TargetInfo(
                        "thread-per-connection",
                        TargetKind.MODEL,
                        "a new platform thread per connection",
                        "a platform thread per connection"),
                new TargetInfo(
                        "fixed-pool",
                        TargetKind.MODEL,
                        "connections handed to a pool of platform threads",
                        "8 platform threads"),
                new TargetInfo(
                        "virtual-threads", TargetKind.MODEL, "a virtual thread per connection", "virtual threads"),
                new TargetInfo(
                        "netty",
                        TargetKind.MODEL,
                        "event loops; blocking work handed to an executor",
                        "1 event loop on io_uring, work on a 16-thread executor"),
                new TargetInfo("nginx", TargetKind.NGINX, "nginx 1.22.1 from scripts/peers", "1 worker process"));

        Map<Scenario, List<Row>> rows = new LinkedHashMap<>();
        rows.put(
                C1,
                List.of(
                        new Row("single-thread", 16_900, 55, 61, 110, 420, 3_100, 21.3, 88, 16, 1, 0, 0, 41),
                        new Row("thread-per-connection", 16_400, 57, 64, 118, 450, 2_900, 22.0, 92, 17, 1, 0, 0, 40),
                        new Row("fixed-pool", 15_800, 59, 66, 121, 480, 3_300, 23.1, 95, 24, 1, 0, 0, 40),
                        new Row("virtual-threads", 15_200, 61, 69, 130, 520, 4_100, 24.5, 97, 19, 1, 0, 0, 39),
                        new Row("netty", 17_600, 53, 59, 104, 390, 2_600, 19.8, 104, 21, 1, 0, 0, 42),
                        new Row("nginx", 19_200, 48, 54, 95, 310, 1_900, 9.1, 9.5, 2, 1, 0, 0, 44)));
        rows.put(
                C10,
                List.of(
                        new Row("single-thread", 16_500, 56, 62, 115, 460, 3_400, 21.6, 88, 16, 1, 135, 135, 38),
                        new Row(
                                "thread-per-connection",
                                92_300,
                                98,
                                140,
                                310,
                                1_200,
                                8_800,
                                9.8,
                                118,
                                26,
                                10,
                                0,
                                0,
                                86),
                        new Row("fixed-pool", 73_900, 97, 135, 300, 1_100, 7_900, 10.2, 101, 24, 8, 30, 30, 71),
                        new Row("virtual-threads", 88_400, 102, 150, 340, 1_400, 9_600, 10.9, 109, 21, 10, 0, 0, 84),
                        new Row("netty", 121_500, 74, 105, 230, 870, 6_100, 7.4, 112, 21, 10, 0, 0, 93),
                        new Row("nginx", 133_400, 68, 96, 210, 760, 4_800, 6.9, 9.6, 2, 10, 0, 0, 94)));
        rows.put(
                C40,
                List.of(
                        new Row("single-thread", 16_800, 56, 63, 116, 470, 3_500, 21.5, 88, 16, 1, 585, 585, 39),
                        new Row(
                                "thread-per-connection",
                                104_200,
                                362,
                                520,
                                1_180,
                                3_900,
                                21_000,
                                8.9,
                                176,
                                56,
                                40,
                                0,
                                0,
                                97),
                        new Row("fixed-pool", 76_100, 94, 130, 290, 1_050, 8_100, 10.1, 101, 24, 8, 480, 480, 72),
                        new Row("virtual-threads", 99_300, 381, 560, 1_300, 4_400, 26_000, 9.6, 121, 22, 40, 0, 0, 96),
                        new Row("netty", 136_200, 279, 390, 820, 2_600, 15_000, 6.9, 118, 21, 40, 0, 0, 98),
                        new Row("nginx", 143_100, 265, 370, 760, 2_300, 12_000, 6.7, 9.8, 2, 40, 0, 0, 98)));
        rows.put(
                WORK,
                List.of(
                        new Row("single-thread", 905, 1_090, 1_110, 1_190, 1_450, 4_800, 48.0, 88, 16, 1, 585, 585, 3),
                        new Row("fixed-pool", 7_580, 1_080, 1_100, 1_230, 1_900, 6_200, 31.0, 101, 24, 8, 480, 480, 9),
                        new Row(
                                "virtual-threads",
                                36_400,
                                1_085,
                                1_120,
                                1_420,
                                2_300,
                                9_100,
                                17.5,
                                124,
                                22,
                                40,
                                0,
                                0,
                                41),
                        new Row("netty", 35_900, 1_090, 1_130, 1_460, 2_600, 9_800, 18.9, 131, 37, 40, 0, 0, 40)));

        List<CellResult> cells = new ArrayList<>();
        List<Summary> summaries = new ArrayList<>();
        for (Map.Entry<Scenario, List<Row>> entry : rows.entrySet()) {
            Scenario scenario = entry.getKey();
            double best = entry.getValue().stream().mapToDouble(Row::rps).max().orElseThrow();
            Double nginx = entry.getValue().stream()
                    .filter(r -> r.target().equals("nginx"))
                    .map(Row::rps)
                    .findFirst()
                    .orElse(null);
            for (TargetInfo target : targets) {
                Row row = entry.getValue().stream()
                        .filter(r -> r.target().equals(target.name()))
                        .findFirst()
                        .orElse(null);
                if (row != null) {
                    cells.addAll(cells(scenario, row));
                    summaries.add(summary(scenario, row, best, nginx));
                } else if (scenario.equals(WORK) && target.name().equals("thread-per-connection")) {
                    for (int rep = 1; rep <= REPETITIONS; rep++) {
                        cells.add(CellResult.failed(
                                scenario.id(),
                                target.name(),
                                rep,
                                scenario.shape().connections(),
                                TPC_FAILURE));
                    }
                    summaries.add(failedSummary(scenario, target.name(), TPC_FAILURE));
                }
                // nginx has no blocking work to simulate: it did not run in WORK, and has no summary there.
            }
        }

        List<Capacity> capacities = withCapacities
                ? List.of(
                        new Capacity(
                                C40.id(),
                                "netty",
                                99.0,
                                10_000,
                                136_200.0,
                                122_580.0,
                                List.of(
                                        new Capacity.Step(68_100, 68_090, 410, 0, true),
                                        new Capacity.Step(108_960, 108_900, 1_900, 0, true),
                                        new Capacity.Step(122_580, 122_400, 6_800, 0, true),
                                        new Capacity.Step(136_200, 131_000, 48_000, 0, false))),
                        new Capacity(
                                C40.id(),
                                "virtual-threads",
                                99.0,
                                10_000,
                                99_300.0,
                                79_440.0,
                                List.of(
                                        new Capacity.Step(49_650, 49_640, 520, 0, true),
                                        new Capacity.Step(79_440, 79_400, 4_100, 0, true),
                                        new Capacity.Step(89_370, 88_100, 23_000, 0, false))))
                : List.of();

        return new Results(
                RunInfo.of(
                        "httpmodels 0.1.0-SNAPSHOT",
                        Instant.parse("2026-11-30T16:00:00Z"),
                        Instant.parse("2026-11-30T16:24:10Z"),
                        RunStatus.COMPLETE),
                conditions(),
                targets,
                List.copyOf(rows.keySet()),
                cells,
                summaries,
                capacities);
    }

    /** The run without one target: its row, cells, summaries and capacities gone. */
    public static Results without(Results results, String target) {
        return new Results(
                results.run(),
                results.conditions(),
                results.targets().stream().filter(t -> !t.name().equals(target)).toList(),
                results.scenarios(),
                results.cells().stream()
                        .filter(c -> !c.id().target().equals(target))
                        .toList(),
                results.summaries().stream()
                        .filter(s -> !s.target().equals(target))
                        .toList(),
                results.capacities().stream()
                        .filter(c -> !c.target().equals(target))
                        .toList());
    }

    /** The run with only these scenarios, in this order. */
    public static Results onlyScenarios(Results results, Scenario... scenarios) {
        List<Scenario> kept = List.of(scenarios);
        List<String> ids = kept.stream().map(Scenario::id).toList();
        return new Results(
                results.run(),
                results.conditions(),
                results.targets(),
                kept,
                results.cells().stream()
                        .filter(c -> ids.contains(c.id().scenarioId()))
                        .toList(),
                results.summaries().stream()
                        .filter(s -> ids.contains(s.scenarioId()))
                        .toList(),
                results.capacities().stream()
                        .filter(c -> ids.contains(c.scenarioId()))
                        .toList());
    }

    /** The run with these cells instead of its own. */
    public static Results withCells(List<CellResult> cells) {
        Results results = run();
        return withFigures(results, cells, results.summaries());
    }

    /** {@code results} with other cells and summaries, everything else as it is. */
    static Results withFigures(Results results, List<CellResult> cells, List<Summary> summaries) {
        return new Results(
                results.run(),
                results.conditions(),
                results.targets(),
                results.scenarios(),
                cells,
                summaries,
                results.capacities());
    }

    /**
     * The run with every figure's interval as wide as a noisy run of forks makes it ({@code ±>99%}, a tie with the
     * best row): the widest rows the terminal's table must fit.
     */
    public static Results withWideIntervals() {
        Results r = run();
        return withFigures(
                r, r.cells(), r.summaries().stream().map(SampleResults::widened).toList());
    }

    private static Summary widened(Summary s) {
        if (!s.ok()) {
            return s;
        }
        return new Summary(
                s.scenarioId(),
                s.target(),
                s.outcome(),
                new Summary.Rate(
                        wide(s.rate().requestsPerSecond()),
                        Math.min(0.999, s.rate().relativeToBest()),
                        s.rate().relativeToNginx(),
                        true),
                new Summary.Timing(
                        s.timing().latency(),
                        wide(s.timing().p50()),
                        wide(s.timing().p99()),
                        s.timing().distribution()),
                s.connectionFigures(),
                new Summary.ServerFigures(
                        s.server().serverCpuPercent(),
                        wide(s.server().cpuMicrosPerRequest()),
                        wide(s.server().rssPeakBytes()),
                        s.server().rssMeanBytes(),
                        s.server().threadsPeak()),
                s.client(),
                s.forks(),
                s.why(),
                s.tls());
    }

    private static Estimate wide(Estimate e) {
        return e == null ? null : new Estimate(e.value() * 1.0137, e.value() * 0.31, e.value() * 2.7, e.forks());
    }

    /** The run with the failure of thread-per-connection under blocking work replaced by {@code reason}. */
    public static Results withFailure(String reason) {
        Results results = run();
        return new Results(
                results.run(),
                results.conditions(),
                results.targets(),
                results.scenarios(),
                results.cells().stream()
                        .map(c -> c.ok()
                                ? c
                                : CellResult.failed(
                                        c.id().scenarioId(),
                                        c.id().target(),
                                        c.id().repetition(),
                                        c.figures().connectionCounts().connections(),
                                        reason))
                        .toList(),
                results.summaries().stream()
                        .map(s -> s.ok() ? s : failedSummary(WORK, s.target(), reason))
                        .toList(),
                results.capacities());
    }

    static Conditions conditions() {
        return new Conditions(
                new Host("AMD EPYC 7B13", 2, "Linux 6.1.0-41-cloud-amd64", null),
                new Jvms(
                        "Eclipse Adoptium 25.0.3+9-LTS, OpenJDK 64-Bit Server VM",
                        List.of("-Xms256m", "-Xmx256m", "-XX:ActiveProcessorCount=1"),
                        List.of("-Xmx512m")),
                new CpuPlacement("0", "1", "servers on one core, the client on the other (taskset at start)"),
                new Build("0.1.0-SNAPSHOT", "ebd726d1858f", false),
                new Schedule("standard", 3, 20, DURATION_SECONDS, REPETITIONS, null),
                new ClientSettings(1, 2, CLIENT_BOUND_AT),
                "scripts/compare.sh --profile standard",
                null);
    }

    private static Summary failedSummary(Scenario scenario, String target, String reason) {
        return Summary.failed(
                scenario.id(), target, reason, REPETITIONS, scenario.shape().connections());
    }

    private static Summary summary(Scenario scenario, Row row, double best, Double nginx) {
        List<ForkFigures> forks = new ArrayList<>();
        Latency latency = latency(row, row.rps() * DURATION_SECONDS * REPETITIONS);
        for (int rep = 1; rep <= REPETITIONS; rep++) {
            double share = REPETITION_SHARES[rep - 1];
            forks.add(new ForkFigures(
                    rep,
                    1,
                    row.rps() * share,
                    row.cpuMicros() / share,
                    Math.round(latency.p50() / share),
                    Math.round(latency.p99() / share),
                    Math.round(rssBytes(row) * share)));
        }
        Estimate rps = ForkStatistics.estimate(
                forks.stream().map(ForkFigures::requestsPerSecond).toList());
        return new Summary(
                scenario.id(),
                row.target(),
                new Summary.Outcome(CellStatus.OK, null, REPETITIONS, REPETITIONS, null),
                new Summary.Rate(rps, row.rps() / best, nginx == null ? null : row.rps() / nginx, null),
                new Summary.Timing(
                        latency,
                        ForkStatistics.estimate(
                                forks.stream().map(ForkFigures::p50Micros).toList()),
                        ForkStatistics.estimate(
                                forks.stream().map(ForkFigures::p99Micros).toList()),
                        distribution(row)),
                new Summary.ConnectionFigures(
                        scenario.shape().connections(), row.served(), row.timeouts(), row.errors()),
                new Summary.ServerFigures(
                        serverCpuPercent(row),
                        ForkStatistics.estimate(forks.stream()
                                .map(ForkFigures::cpuMicrosPerRequest)
                                .toList()),
                        ForkStatistics.estimate(
                                forks.stream().map(ForkFigures::rssPeakBytes).toList()),
                        (long) (rssBytes(row) * 0.93),
                        row.threads()),
                new Summary.ClientFigures(row.clientCpu(), clientBound(row)),
                forks,
                null,
                null);
    }

    private static List<CellResult> cells(Scenario scenario, Row row) {
        List<CellResult> cells = new ArrayList<>();
        for (int rep = 1; rep <= REPETITIONS; rep++) {
            double rps = row.rps() * REPETITION_SHARES[rep - 1];
            long requests = Math.round(rps * DURATION_SECONDS);
            double cpuSeconds = row.cpuMicros() * requests / 1e6;
            List<Double> timeline = new ArrayList<>();
            for (int second = 0; second < DURATION_SECONDS; second++) {
                timeline.add(rps * (1 + ((second % 3) - 1) * 0.01));
            }
            long timeouts = row.timeouts() / REPETITIONS;
            long errors = row.errors() / REPETITIONS;
            cells.add(new CellResult(
                    new CellId(scenario.id(), row.target(), rep),
                    CellStatus.OK,
                    null,
                    new WindowFigures(
                            new Throughput(null, DURATION_SECONDS, requests, rps, timeline),
                            new Latencies(latency(row, requests), null, null, distribution(row)),
                            new Responses(
                                    errors == 0 ? Map.of("total", 0L) : Map.of("timeout", timeouts, "total", errors),
                                    Map.of(200, requests),
                                    null),
                            new ConnectionCounts(
                                    scenario.shape().connections(),
                                    row.served(),
                                    (long) scenario.shape().connections() + timeouts)),
                    new Usage(
                            new ServerUsage(
                                    4_100L + rep,
                                    "/proc",
                                    cpuSeconds,
                                    serverCpuPercent(row),
                                    row.cpuMicros(),
                                    rssBytes(row),
                                    (long) (rssBytes(row) * 0.93),
                                    row.threads(),
                                    row.threads() - 0.5,
                                    100),
                            new ClientUsage(
                                    row.clientCpu() / 100 * DURATION_SECONDS, row.clientCpu(), 1, clientBound(row))),
                    new Diagnostics(
                            new Warmup(2.5 + rep, true, true),
                            "hlog/" + scenario.id() + "-" + row.target() + "-" + rep + ".hlog",
                            null,
                            null,
                            null,
                            null)));
        }
        return cells;
    }

    private static Latency latency(Row row, double count) {
        double mean = (row.p50() * 0.6 + row.p90() * 0.3 + row.p99() * 0.1);
        return new Latency(
                LatencyKind.RAW,
                RAW_DESCRIPTION,
                Math.round(count),
                mean,
                row.p50(),
                row.p90(),
                row.p99(),
                row.p999(),
                row.max());
    }

    /**
     * A percentile spectrum through the row's percentiles, evenly spaced on HdrHistogram's axis
     * x = 1 / (1 - p), interpolated on log scales between them.
     */
    private static List<PercentilePoint> distribution(Row row) {
        double[] xs = {1, 2, 10, 100, 1_000, 100_000};
        double[] values = {row.p50() * 0.55, row.p50(), row.p90(), row.p99(), row.p999(), row.max()};
        List<PercentilePoint> points = new ArrayList<>();
        for (int i = 0; i <= 50; i++) {
            double x = Math.pow(10, i / 10.0);
            int segment = 0;
            while (segment < xs.length - 2 && x > xs[segment + 1]) {
                segment++;
            }
            double f = (Math.log(x) - Math.log(xs[segment])) / (Math.log(xs[segment + 1]) - Math.log(xs[segment]));
            double value = Math.exp(Math.log(values[segment]) * (1 - f) + Math.log(values[segment + 1]) * f);
            points.add(new PercentilePoint(100 * (1 - 1 / x), Math.round(value)));
        }
        points.add(new PercentilePoint(100, row.max()));
        return points;
    }

    private static double serverCpuPercent(Row row) {
        return row.rps() * row.cpuMicros() / 1e4;
    }

    private static long rssBytes(Row row) {
        return Math.round(row.rssMib() * MIB);
    }

    private static boolean clientBound(Row row) {
        return row.clientCpu() >= CLIENT_BOUND_AT * 100;
    }
}
