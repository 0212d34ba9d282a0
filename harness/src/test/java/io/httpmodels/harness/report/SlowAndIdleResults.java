package io.httpmodels.harness.report;

import io.httpmodels.harness.results.Background;
import io.httpmodels.harness.results.CellId;
import io.httpmodels.harness.results.CellResult;
import io.httpmodels.harness.results.Diagnostics;
import io.httpmodels.harness.results.Estimate;
import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.Scenario;
import io.httpmodels.harness.results.Summary;
import io.httpmodels.harness.results.Usage;
import io.httpmodels.harness.results.WindowFigures;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@link SampleResults}' 40-connection scenario run alone, beside 200 slow connections and beside 10,000 idle
 * ones, with figures of the kind expected before header deadlines exist: the single thread and the fixed pool
 * keep nearly nothing beside slow connections, the others most; beside idle connections thread-per-connection
 * grows by a thread and ~60 KiB per connection, netty by ~2 KiB. For the report tests only.
 */
public final class SlowAndIdleResults {

    static final Scenario ALONE = SampleResults.C40;
    static final Scenario SLOW = ALONE.withBackground(0, 200, 0);
    static final Scenario IDLE = ALONE.withBackground(10_000, 0, 0);

    /** Per target: share of requests/s kept beside slow connections, and beside idle ones. */
    private static final Map<String, double[]> KEPT = Map.of(
            "single-thread", new double[] {0.0, 0.0},
            "thread-per-connection", new double[] {0.97, 0.80},
            "fixed-pool", new double[] {0.0, 0.0},
            "virtual-threads", new double[] {0.95, 0.90},
            "netty", new double[] {0.99, 0.96},
            "nginx", new double[] {0.99, 0.98});

    /** Per target: server memory per idle connection, KiB, and threads added per idle connection. */
    private static final Map<String, double[]> PER_IDLE = Map.of(
            "single-thread", new double[] {0.5, 0},
            "thread-per-connection", new double[] {60, 1},
            "fixed-pool", new double[] {1, 0},
            "virtual-threads", new double[] {6, 0},
            "netty", new double[] {2, 0},
            "nginx", new double[] {0.5, 0});

    private SlowAndIdleResults() {}

    /** The run: the sample's 40-connection scenario alone, then beside slow and beside idle connections. */
    public static Results run() {
        Results alone = SampleResults.onlyScenarios(SampleResults.withoutCapacities(), ALONE);
        List<CellResult> cells = new ArrayList<>(alone.cells());
        List<Summary> summaries = new ArrayList<>(alone.summaries());
        for (Summary s : alone.summaries()) {
            summaries.add(beside(s, SLOW, KEPT.get(s.target())[0], 0, 0));
            double[] perIdle = PER_IDLE.get(s.target());
            summaries.add(beside(
                    s,
                    IDLE,
                    KEPT.get(s.target())[1],
                    (long) (perIdle[0] * 1024 * IDLE.crowd().idleConnections()),
                    (int) (perIdle[1] * IDLE.crowd().idleConnections())));
        }
        for (CellResult c : alone.cells()) {
            boolean starved = KEPT.get(c.id().target())[0] == 0;
            cells.add(cell(c, SLOW, new Background(0, 0, 0, 0, 200, 200, 0, 0, 0, 0.2, true)));
            cells.add(cell(
                    c,
                    IDLE,
                    new Background(
                            10_000,
                            10_000,
                            starved ? (c.id().target().equals("fixed-pool") ? 8 : 1) : 10_000,
                            0,
                            0,
                            0,
                            0,
                            0,
                            0,
                            1.4,
                            true)));
        }
        return new Results(
                alone.run(),
                alone.conditions(),
                alone.targets(),
                List.of(ALONE, SLOW, IDLE),
                cells,
                summaries,
                List.of());
    }

    private static Summary beside(Summary s, Scenario scenario, double kept, long moreRss, int moreThreads) {
        Summary.ServerFigures server = s.server();
        return new Summary(
                scenario.id(),
                s.target(),
                s.outcome(),
                new Summary.Rate(
                        s.rate().requestsPerSecond().times(kept),
                        s.rate().relativeToBest(),
                        s.rate().relativeToNginx(),
                        s.rate().tiedWithBest()),
                s.timing(),
                new Summary.ConnectionFigures(
                        s.connectionFigures().connections(),
                        kept == 0 ? 0 : s.connectionFigures().connectionsServed(),
                        s.connectionFigures().timeouts(),
                        s.connectionFigures().errors()),
                new Summary.ServerFigures(
                        server.serverCpuPercent(),
                        server.cpuMicrosPerRequest(),
                        Estimate.single(server.rssPeakBytes().value() + moreRss),
                        server.rssMeanBytes() + moreRss,
                        server.threadsPeak() + moreThreads),
                s.client(),
                s.forks(),
                s.why(),
                s.tls());
    }

    private static CellResult cell(CellResult c, Scenario scenario, Background background) {
        return new CellResult(
                new CellId(scenario.id(), c.id().target(), c.id().repetition()),
                c.status(),
                c.failure(),
                new WindowFigures(
                        c.figures().throughput(),
                        c.figures().latencies(),
                        c.figures().responses(),
                        c.figures().connectionCounts()),
                new Usage(c.usage().server(), c.usage().client()),
                new Diagnostics(c.diagnostics().warmup(), c.diagnostics().hlog(), background, null, null, null));
    }
}
