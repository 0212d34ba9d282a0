package io.httpmodels.harness.compare;

import io.httpmodels.harness.measure.Cell;
import io.httpmodels.harness.measure.Window;
import io.httpmodels.harness.results.Capacity;
import io.httpmodels.harness.results.CellResult;
import io.httpmodels.harness.results.Conditions;
import io.httpmodels.harness.results.Results;
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
 * Runs a {@link Plan}: every scenario, and within it every target in its own JVM, one cell after another
 * (repetitions alternate the order of targets: A B C, then C B A, so a drift of the machine does not favour
 * one), then the capacity search if asked. Produces {@link Results}.
 *
 * <p>{@link #stop()} (from a shutdown hook, say) ends the current cell and the run; {@link #run} then returns
 * the results of the cells that completed, marked {@code interrupted}.
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

    /** Ends the run soon: the current cell is dropped, those completed are kept. Any thread. */
    public void stop() {
        stopped = true;
        runner.stop();
    }

    /** Runs every cell of the plan; never throws for a target that fails. */
    public Results run() {
        Instant startedAt = Instant.now();
        Map<String, TargetInfo> targets = new LinkedHashMap<>();
        for (TargetSpec t : plan.targets()) {
            targets.put(t.name(), t.info());
        }
        List<CellResult> cells = new ArrayList<>();
        Map<CellResult, Histogram> histograms = new HashMap<>();
        // What each target's JVM said it ran, every distinct variant (netty adds its work executor under work).
        Map<String, Set<String>> running = new HashMap<>();
        int total = plan.cellCount();
        int index = 0;
        List<Scenario> ran = new ArrayList<>();
        outer:
        for (Scenario scenario : plan.scenarios()) {
            ran.add(scenario);
            for (int rep = 1; rep <= plan.repetitions(); rep++) {
                List<TargetSpec> order = new ArrayList<>(plan.targets());
                if (rep % 2 == 0) {
                    Collections.reverse(order);
                }
                for (TargetSpec target : order) {
                    if (!target.runs(scenario)) {
                        continue;
                    }
                    if (stopped) {
                        break outer;
                    }
                    index++;
                    Double rate = offeredRate(scenario, target, cells);
                    listener.cellStarted(index, total, target, scenario, rep);
                    CellResult result;
                    Cell outcome;
                    if (scenario.rateFraction() != null && rate == null) {
                        outcome = null;
                        result = CellResult.failed(
                                scenario.id(),
                                target.name(),
                                rep,
                                scenario.connections(),
                                "no closed-loop peak to take " + Math.round(scenario.rateFraction() * 100) + " % of");
                    } else {
                        String cellName = scenario.id() + "__" + target.name() + "__r" + rep;
                        String hlogName = "cells/" + cellName + ".hlog";
                        String flameGraphName =
                                plan.measure().flameGraphs() == null ? null : FLAME_GRAPHS + "/" + cellName + ".html";
                        outcome = runner.run(
                                target,
                                scenario,
                                new Window(
                                        rep,
                                        plan.duration(),
                                        rate,
                                        plan.outputDir().resolve(hlogName),
                                        hlogName,
                                        flameGraphName == null
                                                ? null
                                                : plan.outputDir().resolve(flameGraphName),
                                        flameGraphName),
                                listener);
                        if (outcome == null) {
                            break outer; // stopped mid-cell: what it measured is incomplete, so dropped
                        }
                        result = outcome.result();
                    }
                    cells.add(result);
                    if (outcome != null && outcome.histogram() != null) {
                        histograms.put(result, outcome.histogram());
                    }
                    if (outcome != null && outcome.running() != null) {
                        running.computeIfAbsent(target.name(), k -> new LinkedHashSet<>())
                                .add(outcome.running());
                    }
                    listener.cellFinished(index, total, result);
                }
            }
        }
        running.forEach(
                (name, said) -> targets.computeIfPresent(name, (k, v) -> v.withRunning(String.join("; ", said))));
        List<TargetInfo> targetList = new ArrayList<>(targets.values());
        List<Summary> summaries =
                Summaries.of(ran, targetList, cells, histograms, plan.measure().clientBoundAt());
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
                Results.SCHEMA_VERSION,
                "httpmodels " + conditions.build().projectVersion(),
                startedAt,
                Instant.now(),
                stopped ? RunStatus.INTERRUPTED : RunStatus.COMPLETE,
                conditions,
                targetList,
                ran,
                cells,
                summaries,
                capacities);
    }

    /** Where the run writes. */
    public Path outputDir() {
        return plan.outputDir();
    }

    /** The rate of an open-loop cell: the scenario's own, or its fraction of the target's measured peak. */
    private static Double offeredRate(Scenario scenario, TargetSpec target, List<CellResult> cells) {
        if (scenario.rate() != null) {
            return scenario.rate();
        }
        if (scenario.rateFraction() == null) {
            return null;
        }
        String shape = scenario.closedLoopShape().id();
        List<Double> peaks = cells.stream()
                .filter(c ->
                        c.ok() && c.scenarioId().equals(shape) && c.target().equals(target.name()))
                .map(CellResult::requestsPerSecond)
                .toList();
        return peaks.isEmpty() ? null : Stats.median(peaks) * scenario.rateFraction();
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
