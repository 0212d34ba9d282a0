package io.httpmodels.harness.compare;

import io.httpmodels.harness.measure.Cell;
import io.httpmodels.harness.measure.Window;
import io.httpmodels.harness.process.HostNoise;
import io.httpmodels.harness.results.Capacity;
import io.httpmodels.harness.results.CellResult;
import io.httpmodels.harness.results.Conditions;
import io.httpmodels.harness.results.NoiseFloor;
import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.RunInfo;
import io.httpmodels.harness.results.RunStatus;
import io.httpmodels.harness.results.Scenario;
import io.httpmodels.harness.results.Stats;
import io.httpmodels.harness.results.Summary;
import io.httpmodels.harness.results.TargetInfo;
import io.httpmodels.harness.targets.TargetSpec;
import org.HdrHistogram.Histogram;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Runs a {@link Plan}: each fork in turn, and in it every target in its own fresh JVM (the order of targets
 * reversed from one fork to the next, A B C then C B A, so a drift of the machine favours none), each warmed until
 * its JIT is done and then measured in the sampling's windows, then the capacity search if asked. A target's
 * scenarios that one JVM can serve (the same header deadline and TLS, and no idle or slow connections beside, which
 * would leave the next scenario their threads) share its JVM within a fork: it is started once for them, its server
 * restarted in it for a scenario with another work per request, and warmed again for each next load, which its JIT
 * mostly has already compiled. Produces {@link Results}.
 *
 * <p>{@link #stop()} (from a shutdown hook, say) ends the current window and the run; {@link #run} then returns
 * the results of the windows that completed, marked {@code interrupted}.
 */
public final class Comparison {

    /** The folder of the flame graphs, in the results folder. */
    public static final String FLAME_GRAPHS = "flamegraphs";

    private final Plan plan;
    private final Conditions conditions;
    private final CompareListener listener;
    private final CellRunner runner;
    private volatile boolean stopped;

    public Comparison(Plan plan, Conditions conditions, CompareListener listener) {
        this.plan = plan;
        this.conditions = conditions;
        this.listener = listener;
        this.runner = new CellRunner(plan);
    }

    /** Ends the run soon: the current window is dropped, those completed are kept. Any thread. */
    public void stop() {
        stopped = true;
        runner.stop();
    }

    /** Runs every cell of the plan; never throws for a target that fails. */
    public Results run() {
        Instant startedAt = Instant.now();
        HostNoise.StealClock steal = HostNoise.StealClock.now();
        Map<String, TargetInfo> targets = new LinkedHashMap<>();
        for (TargetSpec t : plan.targets()) {
            targets.put(t.name(), t.info());
        }
        Progress progress = new Progress(plan.windowCount());
        for (int fork = 1; fork <= plan.sampling().forks() && !stopped; fork++) {
            List<TargetSpec> order = new ArrayList<>(plan.targets());
            if (fork % 2 == 0) {
                Collections.reverse(order);
            }
            for (TargetSpec target : order) {
                for (List<Scenario> group : sharedJvms(target, plan.scenarios())) {
                    if (stopped) {
                        break;
                    }
                    runner.runFork(target, group, fork, this::windowOf, progress, listener);
                }
            }
        }
        progress.running.forEach(
                (name, said) -> targets.computeIfPresent(name, (k, v) -> v.withRunning(String.join("; ", said))));
        List<TargetInfo> targetList = new ArrayList<>(targets.values());
        // The scenarios in the plan's order, those that ran a window at least.
        List<Scenario> ran = plan.scenarios().stream()
                .filter(s -> progress.cells.stream()
                        .anyMatch(c -> c.id().scenarioId().equals(s.id())))
                .toList();
        List<Summary> summaries = Summaries.of(
                ran,
                targetList,
                progress.cells,
                progress.histograms,
                plan.measure().clientBoundAt());
        List<Capacity> capacities = new ArrayList<>();
        if (plan.capacitySlo() != null && !stopped) {
            CapacitySearch search = new CapacitySearch(plan, runner, listener);
            Scenario shape = plan.scenarios().stream()
                    .filter(s -> !s.openLoop())
                    .findFirst()
                    .orElse(plan.scenarios().get(0).closedLoopShape());
            for (TargetSpec target : plan.targets()) {
                if (stopped || !target.runs(shape)) {
                    continue;
                }
                Summary peak = summaryOf(summaries, shape.id(), target.name());
                Capacity c = search.find(target, shape, peak == null ? null : peak.requestsPerSecond());
                if (c != null) {
                    capacities.add(c);
                }
            }
        }
        return new Results(
                RunInfo.of(
                        "httpmodels " + conditions.build().projectVersion(),
                        startedAt,
                        Instant.now(),
                        stopped ? RunStatus.INTERRUPTED : RunStatus.COMPLETE),
                conditions,
                targetList,
                ran,
                progress.cells,
                summaries,
                capacities);
    }

    /**
     * A target's scenarios, in the plan's order, grouped by the JVM they can share: consecutive runs of the same
     * header deadline, TLS and protocol without background connections share one (the work per request may differ: the server
     * is restarted in it); any other scenario has a JVM of its own. A scenario the target does not run is left out.
     */
    static List<List<Scenario>> sharedJvms(TargetSpec target, List<Scenario> scenarios) {
        List<List<Scenario>> groups = new ArrayList<>();
        List<Scenario> current = null;
        for (Scenario s : scenarios) {
            if (!target.runs(s)) {
                continue;
            }
            if (current != null && shareable(current.get(0), s)) {
                current.add(s);
            } else {
                current = new ArrayList<>();
                current.add(s);
                groups.add(current);
            }
        }
        return groups;
    }

    private static boolean shareable(Scenario a, Scenario b) {
        return a.crowd().headerTimeoutMillis() == b.crowd().headerTimeoutMillis()
                && a.isTls() == b.isTls()
                && a.protocol() == b.protocol()
                && !a.hasBackground()
                && !b.hasBackground();
    }

    /**
     * The window {@code window} of {@code fork} for {@code scenario} on {@code target}: its rate (an open loop's
     * own, or its fraction of the target's closed-loop peak measured so far), and where its logs go; null when an
     * open loop has no peak to take a fraction of.
     */
    private Window windowOf(TargetSpec target, Scenario scenario, int fork, int window, List<CellResult> cells) {
        Double rate = offeredRate(scenario, target, cells);
        if (scenario.pacing().rateFraction() != null && rate == null) {
            return null;
        }
        String cellName = scenario.id() + "__" + target.name() + "__r" + fork
                + (plan.sampling().windows() > 1 ? "w" + window : "");
        String hlogName = "cells/" + cellName + ".hlog";
        String flameGraphName = plan.measure().flameGraphs() == null ? null : FLAME_GRAPHS + "/" + cellName + ".html";
        return new Window(
                fork,
                plan.duration(),
                rate,
                plan.outputDir().resolve(hlogName),
                hlogName,
                flameGraphName == null ? null : plan.outputDir().resolve(flameGraphName),
                flameGraphName);
    }

    /**
     * What the run has measured so far, one window at a time: every window's cell (failed ones included), the
     * histograms of those that succeeded, what each target's JVM said it ran, and the count for the listener.
     */
    static final class Progress {

        final List<CellResult> cells = new ArrayList<>();
        final Map<CellResult, Histogram> histograms = new HashMap<>();
        final Map<String, Set<String>> running = new HashMap<>();
        final int total;
        int index;

        Progress(int total) {
            this.total = total;
        }

        void add(TargetSpec target, CellResult result, Cell outcome) {
            cells.add(result);
            if (outcome != null && outcome.histogram() != null) {
                histograms.put(result, outcome.histogram());
            }
            if (outcome != null && outcome.running() != null) {
                running.computeIfAbsent(target.name(), k -> new LinkedHashSet<>())
                        .add(outcome.running());
            }
        }
    }

    /** The conditions with the steal measured over the whole run in their noise floor, when it was measured. */
    private static Conditions withRunSteal(Conditions conditions, HostNoise.StealClock since) {
        NoiseFloor floor = conditions.noiseFloor();
        if (floor == null) {
            return conditions;
        }
        Double percent = since.percentSince();
        List<String> warnings = percent != null && percent > HostNoise.NOISY_STEAL_PERCENT
                ? List.of(HostNoise.stealWarning(percent, "over the run"))
                : List.of();
        return conditions.withNoiseFloor(floor.withSteal(percent, warnings));
    }

    /** Where the run writes. */
    public Path outputDir() {
        return plan.outputDir();
    }

    /** The rate of an open-loop cell: the scenario's own, or its fraction of the target's measured peak. */
    private static Double offeredRate(Scenario scenario, TargetSpec target, List<CellResult> cells) {
        if (scenario.pacing().rate() != null) {
            return scenario.pacing().rate();
        }
        if (scenario.pacing().rateFraction() == null) {
            return null;
        }
        String shape = scenario.closedLoopShape().id();
        List<Double> peaks = cells.stream()
                .filter(c -> c.ok()
                        && c.id().scenarioId().equals(shape)
                        && c.id().target().equals(target.name()))
                .map(CellResult::requestsPerSecond)
                .toList();
        return peaks.isEmpty() ? null : Stats.median(peaks) * scenario.pacing().rateFraction();
    }

    private static Summary summaryOf(List<Summary> summaries, String scenarioId, String target) {
        for (Summary s : summaries) {
            if (s.scenarioId().equals(scenarioId) && s.target().equals(target) && s.ok()) {
                return s;
            }
        }
        return null;
    }
}
