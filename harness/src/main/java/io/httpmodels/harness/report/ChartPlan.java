package io.httpmodels.harness.report;

import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.Scenario;
import io.httpmodels.harness.results.Summary;
import io.httpmodels.harness.results.TargetInfo;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Which charts a run's page has, decided from its data alone: the page lists one container per chart and its
 * script draws into them; the browser check expects exactly these. Stateless.
 */
public final class ChartPlan {

    /** Requests/s of every target in one scenario. */
    public static final String RPS = "rps";
    /** One scenario's latency percentile distribution per target. */
    public static final String LATENCY = "latency";
    /** Server CPU time per request, every scenario and target. */
    public static final String CPU = "cpu";
    /** Peak RSS, every scenario and target. */
    public static final String RSS = "rss";
    /** Requests/s against connections for one sweep. */
    public static final String SWEEP = "sweep";
    /** Timeouts and errors, where any were counted. */
    public static final String ERRORS = "errors";
    /** The share of requests/s kept beside slow connections, against the same load alone. */
    public static final String KEPT = "kept";
    /** Why, per request: each target's CPU split and run-queue wait in one scenario. */
    public static final String WHY = "why";
    /** A merged run's requests/s over time: one line per agent and the total. */
    public static final String TIMELINE = "timeline";

    /**
     * One chart.
     *
     * @param id          the container's element id, unique in the page
     * @param kind        what it draws: {@link #RPS}, {@link #LATENCY}, {@link #CPU}, {@link #RSS}, {@link #SWEEP},
     *                    {@link #ERRORS}, {@link #KEPT}, {@link #TIMELINE} or {@link #WHY}
     * @param title       its heading
     * @param subtitle    what it shows and in which unit
     * @param scenarioIds the scenarios it draws, in order
     * @param heightPixels the container's height
     * @param note        what limits its figures, in words; empty when nothing does
     */
    public record Chart(
            String id,
            String kind,
            String title,
            String subtitle,
            List<String> scenarioIds,
            int heightPixels,
            String note) {

        public Chart {
            scenarioIds = List.copyOf(scenarioIds);
        }
    }

    private ChartPlan() {}

    /** Every chart of the run's page, in page order. */
    public static List<Chart> of(Results results) {
        List<Chart> charts = new ArrayList<>();
        charts.addAll(timelines(results));
        charts.addAll(throughput(results));
        charts.addAll(latency(results));
        if (results.merge() == null) {
            // A merged run has no server figures: agents' logs carry only latencies and counts.
            charts.addAll(cost(results));
            charts.addAll(why(results));
        }
        charts.addAll(sweeps(results));
        charts.addAll(errors(results));
        charts.addAll(kept(results));
        return List.copyOf(charts);
    }

    /** A merged run: one requests/s-over-time chart per scenario, a line per agent and the total; else none. */
    static List<Chart> timelines(Results results) {
        if (results.merge() == null) {
            return List.of();
        }
        List<Chart> charts = new ArrayList<>();
        for (Scenario s : results.scenarios()) {
            charts.add(new Chart(
                    "chart-timeline-" + s.id(),
                    TIMELINE,
                    "Requests/s over time, " + results.merge().agents().size() + " agents merged",
                    "requests/s in each second from " + results.merge().timelineStart()
                            + ", aligned on the logs' absolute timestamps",
                    List.of(s.id()),
                    380,
                    "Each agent's line counts only its own requests; "
                            + results.merge().total()
                            + " is their sum. An agent that started late shows as a line that rises late."));
        }
        return charts;
    }

    /** One requests/s chart per scenario: their scales differ too much to share an axis. */
    static List<Chart> throughput(Results results) {
        List<Chart> charts = new ArrayList<>();
        int height = 60 + 34 * results.targets().size();
        for (Scenario s : results.scenarios()) {
            charts.add(new Chart(
                    "chart-rps-" + s.id(),
                    RPS,
                    s.title(),
                    "requests/s, median of " + repetitions(results),
                    List.of(s.id()),
                    height,
                    rowNotes(results, s, true)));
        }
        return charts;
    }

    /** One percentile plot per scenario. */
    static List<Chart> latency(Results results) {
        List<Chart> charts = new ArrayList<>();
        for (Scenario s : results.scenarios()) {
            String kind = s.openLoop() ? "from each request's intended send time" : "raw, from each request's write";
            charts.add(new Chart(
                    "chart-latency-" + s.id(),
                    LATENCY,
                    s.title(),
                    "latency (" + kind + ") by percentile, log scales, repetitions merged",
                    List.of(s.id()),
                    380,
                    rowNotes(results, s, false)));
        }
        return charts;
    }

    /** Server CPU per request and peak RSS, each one chart over every scenario. */
    static List<Chart> cost(Results results) {
        List<String> ids = results.scenarios().stream().map(Scenario::id).toList();
        return List.of(
                new Chart(
                        "chart-cpu",
                        CPU,
                        "Server CPU time per request",
                        "µs of server CPU (user + system, every thread) per completed request",
                        ids,
                        360,
                        "The fair comparison where the client is bound: it does not depend on how fast the client"
                                + " sent."),
                new Chart(
                        "chart-rss",
                        RSS,
                        "Server memory",
                        "peak resident set size of the server process, MiB",
                        ids,
                        360,
                        "Sampled up to 10 times a second; a JVM's RSS includes its heap as sized by its flags."));
    }

    /** One why chart per scenario that has why figures: where each target's time per request goes. */
    static List<Chart> why(Results results) {
        List<Chart> charts = new ArrayList<>();
        for (WhyTable t : WhyTable.all(results, false)) {
            Scenario s = t.scenario();
            charts.add(new Chart(
                    "chart-why-" + s.id(),
                    WHY,
                    s.title(),
                    "µs per request: CPU in the server's code (user) and in the kernel (system), and time its runnable"
                            + " threads waited for the core (run queue)",
                    List.of(s.id()),
                    80 + 40 * results.targets().size(),
                    "Hover a bar for the counts per request: context switches, system calls (the most frequent by"
                            + " name), heap allocated, GC."));
        }
        return charts;
    }

    /** One requests/s against connections chart per sweep; none when the run has no sweep. */
    static List<Chart> sweeps(Results results) {
        List<Chart> charts = new ArrayList<>();
        for (List<Scenario> sweep : Sweeps.of(results.scenarios())) {
            String counts = sweep.stream()
                    .map(s -> String.valueOf(s.shape().connections()))
                    .collect(Collectors.joining(", "));
            List<String> bound = new ArrayList<>();
            for (Scenario s : sweep) {
                for (TargetInfo t : results.targets()) {
                    Summary summary = results.summary(s.id(), t.name());
                    if (summary != null && summary.ok() && summary.client().clientBound()) {
                        bound.add(t.name() + " at " + s.shape().connections());
                    }
                }
            }
            charts.add(new Chart(
                    "chart-sweep-" + sweep.get(0).id(),
                    SWEEP,
                    "Requests/s against connections (" + counts + ")",
                    Sweeps.fixedShape(sweep),
                    sweep.stream().map(Scenario::id).toList(),
                    380,
                    bound.isEmpty()
                            ? ""
                            : "◆ " + ScenarioTable.CLIENT_BOUND + " (client CPU at or above "
                                    + ScenarioTable.clientBoundThreshold(results, sweep.get(0)) + "): "
                                    + String.join(", ", bound) + "."));
        }
        return charts;
    }

    /** The timeouts and errors chart, when any row counted one. */
    static List<Chart> errors(Results results) {
        int rows = 0;
        for (Summary s : results.summaries()) {
            if (s.connectionFigures().timeouts() > 0 || s.connectionFigures().errors() > 0) {
                rows++;
            }
        }
        if (rows == 0) {
            return List.of();
        }
        return List.of(new Chart(
                "chart-errors",
                ERRORS,
                "Timeouts and errors",
                "counted by the client over every repetition; errors include timeouts",
                results.scenarios().stream().map(Scenario::id).toList(),
                110 + 46 * rows,
                "A timeout is a request unanswered for "
                        + Format.seconds(results.conditions().client().timeoutSeconds())
                        + "; its connection is then reopened. A model that starves connections shows here."));
    }

    /**
     * One share-kept chart per scenario run beside slow connections whose load alone ran too; its scenarios are
     * the one with slow connections, then the one alone.
     */
    static List<Chart> kept(Results results) {
        List<Chart> charts = new ArrayList<>();
        for (BackgroundTables.Table t : BackgroundTables.of(results)) {
            if (!t.slow() || t.aloneId() == null) {
                continue;
            }
            charts.add(new Chart(
                    "chart-kept-" + t.scenarioId(),
                    KEPT,
                    t.heading(),
                    "requests/s beside the slow connections, % of the same load alone in this run",
                    List.of(t.scenarioId(), t.aloneId()),
                    60 + 34 * results.targets().size(),
                    "A model whose threads the slow connections hold keeps next to nothing until a header deadline"
                            + " frees them."));
        }
        return charts;
    }

    /** The rows of a scenario that a chart cannot show plainly: bound, starved, failed, not run. */
    private static String rowNotes(Results results, Scenario scenario, boolean withUnserved) {
        List<String> bound = new ArrayList<>();
        List<String> unserved = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        List<String> notRun = new ArrayList<>();
        for (TargetInfo t : results.targets()) {
            Summary s = results.summary(scenario.id(), t.name());
            if (s == null) {
                notRun.add(t.name());
            } else if (!s.ok()) {
                failed.add(t.name() + " (" + s.outcome().failure() + ")");
            } else {
                if (s.client().clientBound()) {
                    bound.add(t.name());
                }
                if (s.connectionFigures().connectionsServed() != null
                        && s.connectionFigures().connectionsServed()
                                < s.connectionFigures().connections()) {
                    unserved.add(String.format(
                            Locale.ROOT,
                            "%s (%d of %d)",
                            t.name(),
                            s.connectionFigures().connectionsServed(),
                            s.connectionFigures().connections()));
                }
            }
        }
        List<String> notes = new ArrayList<>();
        if (!bound.isEmpty()) {
            notes.add(ScenarioTable.CLIENT_BOUND + (withUnserved ? " (hatched)" : " (dashed)") + ", client CPU at or"
                    + " above " + ScenarioTable.clientBoundThreshold(results, scenario) + ": "
                    + String.join(", ", bound)
                    + ".");
        }
        if (withUnserved && !unserved.isEmpty()) {
            notes.add(ScenarioTable.UNSERVED + " connections served: " + String.join(", ", unserved) + ".");
        }
        if (!failed.isEmpty()) {
            notes.add("Failed: " + String.join(", ", failed) + ".");
        }
        if (!notRun.isEmpty()) {
            notes.add("Not run: " + String.join(", ", notRun) + ".");
        }
        return String.join(" ", notes);
    }

    private static String repetitions(Results results) {
        int n = results.conditions().schedule().repetitions();
        return n == 1 ? "1 repetition" : n + " repetitions";
    }
}
