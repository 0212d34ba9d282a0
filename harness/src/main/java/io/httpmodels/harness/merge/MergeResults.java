package io.httpmodels.harness.merge;

import io.httpmodels.harness.Version;
import io.httpmodels.harness.process.ProcFs;
import io.httpmodels.harness.results.Build;
import io.httpmodels.harness.results.CellId;
import io.httpmodels.harness.results.CellResult;
import io.httpmodels.harness.results.CellStatus;
import io.httpmodels.harness.results.ClientSettings;
import io.httpmodels.harness.results.Conditions;
import io.httpmodels.harness.results.ConnectionCounts;
import io.httpmodels.harness.results.ConnectionShape;
import io.httpmodels.harness.results.CpuPlacement;
import io.httpmodels.harness.results.Crowd;
import io.httpmodels.harness.results.Diagnostics;
import io.httpmodels.harness.results.Distribution;
import io.httpmodels.harness.results.Estimate;
import io.httpmodels.harness.results.Host;
import io.httpmodels.harness.results.Jvms;
import io.httpmodels.harness.results.Latencies;
import io.httpmodels.harness.results.Latency;
import io.httpmodels.harness.results.MergeInfo;
import io.httpmodels.harness.results.Pacing;
import io.httpmodels.harness.results.Responses;
import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.RunInfo;
import io.httpmodels.harness.results.RunStatus;
import io.httpmodels.harness.results.Scenario;
import io.httpmodels.harness.results.Schedule;
import io.httpmodels.harness.results.Summary;
import io.httpmodels.harness.results.TargetInfo;
import io.httpmodels.harness.results.TargetKind;
import io.httpmodels.harness.results.Throughput;
import io.httpmodels.harness.results.Usage;
import io.httpmodels.harness.results.WindowFigures;
import org.HdrHistogram.Histogram;

import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A merged run as the comparison's {@link Results}, so that the same writers render it: one scenario, one target
 * per agent plus the total (kind {@code agent} and {@code merged}), one cell each with its timeline aligned on the
 * merge's origin, and a {@link MergeInfo} saying where each agent's figures came from. Stateless.
 */
final class MergeResults {

    /** The total's name: a row of every table and a line of the timeline. */
    static final String TOTAL = "total";

    private MergeResults() {}

    static Results of(MergedRun run, String command) {
        MergedLatency kind = MergedLatency.of(run);
        AgentJson first = run.agents().get(0).log().json();
        Scenario scenario = scenario(run);

        List<TargetInfo> targets = new ArrayList<>();
        List<CellResult> cells = new ArrayList<>();
        List<Summary> summaries = new ArrayList<>();
        List<MergeInfo.Agent> agents = new ArrayList<>();
        targets.add(new TargetInfo(
                TOTAL,
                TargetKind.MERGED,
                "every agent's histograms added (HdrHistogram add on identical settings: exact)",
                null));
        Long totalErrors = run.errors();
        add(
                cells,
                summaries,
                scenario,
                TOTAL,
                run.total(),
                run.windowSeconds(),
                run.requestsPerSecond(),
                scenario.pacing().rate(),
                totalErrors,
                errorsByKind(run),
                scenario.shape().connections(),
                run.timeline(),
                null,
                kind);
        for (MergedRun.Agent a : run.agents()) {
            AgentJson json = a.log().json();
            targets.add(new TargetInfo(
                    a.name(),
                    TargetKind.AGENT,
                    describe(json),
                    "interval log " + a.log().file()));
            add(
                    cells,
                    summaries,
                    scenario,
                    a.name(),
                    a.histogram(),
                    a.windowSeconds(),
                    a.requestsPerSecond(),
                    json == null ? null : json.config().rate(),
                    json == null ? null : json.errorTotal(),
                    json == null ? null : json.errors(),
                    json == null || json.config().connections() == null
                            ? 0
                            : json.config().connections(),
                    a.timeline(),
                    a.log().file().getFileName().toString(),
                    kind);
            agents.add(new MergeInfo.Agent(
                    a.name(),
                    a.log().file().toString(),
                    json == null ? null : json.file().toString(),
                    a.startOffsetMillis(),
                    json == null ? null : json.startSkewMillis()));
        }

        String cpu = ProcFs.cpuModel();
        int online = ProcFs.onlineCpus().isEmpty()
                ? Runtime.getRuntime().availableProcessors()
                : ProcFs.onlineCpus().size();
        double warmup = first == null || first.config().warmupSeconds() == null
                ? 0
                : first.config().warmupSeconds();
        Conditions conditions = new Conditions(
                // The load where the merge ran says nothing of the agents' machines: none.
                new Host(
                        cpu,
                        online,
                        System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                                + System.getProperty("os.arch"),
                        null),
                new Jvms(
                        System.getProperty("java.vendor") + " " + System.getProperty("java.runtime.version"),
                        List.of(),
                        List.of()),
                new CpuPlacement(
                        null,
                        null,
                        "merged from " + run.agents().size() + " agents' interval logs; the machine and JDK above"
                                + " are where the merge ran, not where the agents did"),
                new Build(Version.get(), null, null),
                new Schedule("merge", warmup, warmup, run.windowSeconds(), 1, null),
                new ClientSettings(
                        first == null || first.config().threads() == null
                                ? 1
                                : first.config().threads(),
                        first == null || first.config().timeoutSeconds() == null
                                ? 0
                                : first.config().timeoutSeconds(),
                        1.0),
                command,
                null);
        Instant origin = Instant.ofEpochMilli(run.originMillis());
        return new Results(
                RunInfo.of(
                        "httpmodels merge " + Version.get(),
                        origin,
                        Instant.ofEpochMilli(run.endMillis()),
                        RunStatus.COMPLETE),
                conditions,
                targets,
                List.of(scenario),
                cells,
                summaries,
                List.of(),
                new MergeInfo(origin, run.settings(), TOTAL, agents),
                null);
    }

    private static void add(
            List<CellResult> cells,
            List<Summary> summaries,
            Scenario scenario,
            String target,
            Histogram h,
            double seconds,
            double requestsPerSecond,
            Double rate,
            Long errorTotal,
            Map<String, Long> errors,
            int connections,
            List<Double> timeline,
            String hlog,
            MergedLatency kind) {
        Latency latency = kind.latency(h);
        var distribution = Distribution.of(h);
        cells.add(new CellResult(
                new CellId(scenario.id(), target, 1),
                CellStatus.OK,
                null,
                new WindowFigures(
                        new Throughput(rate, seconds, h.getTotalCount(), requestsPerSecond, timeline),
                        new Latencies(latency, null, null, distribution),
                        new Responses(errors, Map.of(), null),
                        ConnectionCounts.none(connections)),
                Usage.NONE,
                new Diagnostics(null, hlog, null, null, null, null)));
        long timeouts = errors == null ? 0 : errors.getOrDefault("timeout", 0L);
        summaries.add(new Summary(
                scenario.id(),
                target,
                new Summary.Outcome(CellStatus.OK, null, 1, 1, null),
                new Summary.Rate(Estimate.single(requestsPerSecond), null, null, null),
                new Summary.Timing(latency, null, null, distribution),
                new Summary.ConnectionFigures(connections, null, timeouts, errorTotal == null ? 0 : errorTotal),
                null,
                null,
                List.of(),
                null,
                null));
    }

    /** Every agent's errors summed by kind, or null when some agent's JSON does not say. */
    private static Map<String, Long> errorsByKind(MergedRun run) {
        Map<String, Long> sum = new LinkedHashMap<>();
        for (MergedRun.Agent a : run.agents()) {
            AgentJson json = a.log().json();
            if (json == null || json.errors() == null) {
                return null;
            }
            json.errors().forEach((k, v) -> sum.merge(k, v, Long::sum));
        }
        return sum;
    }

    /** The load shape, from the agents' JSON when every one has it: route, connections summed, rate summed. */
    private static Scenario scenario(MergedRun run) {
        String route = "/";
        int connections = 0;
        double rate = 0;
        boolean keepAlive = true;
        int pipeline = 1;
        boolean allKnown = true;
        for (MergedRun.Agent a : run.agents()) {
            AgentJson json = a.log().json();
            if (json == null || json.config().connections() == null) {
                allKnown = false;
                continue;
            }
            connections += json.config().connections();
            rate += json.config().rate() == null ? 0 : json.config().rate();
            keepAlive &= !Boolean.FALSE.equals(json.config().keepAlive());
            pipeline = json.config().pipeline() == null
                    ? pipeline
                    : Math.max(pipeline, json.config().pipeline());
            if (json.config().url() != null) {
                String path = URI.create(json.config().url()).getRawPath();
                route = path == null || path.isEmpty() ? "/" : path;
            }
        }
        return new Scenario(
                "merged",
                route,
                0,
                new ConnectionShape(keepAlive, Math.max(1, allKnown ? connections : 1), pipeline),
                new Pacing(allKnown && rate > 0 ? rate : null, null),
                Crowd.NONE,
                null);
    }

    private static String describe(AgentJson json) {
        if (json == null) {
            return "no JSON beside its log";
        }
        StringBuilder sb = new StringBuilder();
        sb.append(json.config().url() == null ? "?" : json.config().url());
        if (json.config().connections() != null) {
            sb.append(", ").append(json.config().connections()).append(" connections");
        }
        sb.append(
                json.config().rate() == null
                        ? ", closed loop"
                        : String.format(
                                Locale.ROOT,
                                ", %.0f requests/s (open loop)",
                                json.config().rate()));
        return sb.toString();
    }
}
