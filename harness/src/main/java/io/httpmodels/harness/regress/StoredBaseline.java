package io.httpmodels.harness.regress;

import io.httpmodels.harness.results.CellResult;
import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.Stats;

import java.util.ArrayList;
import java.util.List;

/**
 * A stored {@code results.json} as the baseline of the weaker mode: per model and scenario the median
 * requests/s and p99 of its cells, and the same for the calibration (nginx) it must hold for each scenario.
 * Made by {@code compare ... --with nginx} (or a {@code regress --baseline} run, whose cells it also holds).
 */
final class StoredBaseline {

    private final Results results;

    StoredBaseline(Results results) {
        this.results = results;
    }

    /**
     * A figure: median requests/s, p99 and server CPU time per request (null when not stored for every cell)
     * over the stored cells, or null when none is stored.
     */
    record Figure(double requestsPerSecond, double p99Micros, Double cpuMicros, int cells) {}

    /** The stored figure of {@code model} under {@code scenarioId}. */
    Figure model(String model, String scenarioId) {
        Figure f = figure(model, scenarioId);
        return f != null ? f : figure(model + "@candidate", scenarioId);
    }

    /** The stored calibration (nginx) under {@code scenarioId}. */
    Figure calibration(String scenarioId) {
        return figure("nginx", scenarioId);
    }

    /**
     * Each round's calibration measured now (nginx, in the base's place) becomes the stored figure of the model
     * scaled by nginx-now / nginx-then: requests/s and p99 by their own ratios, CPU time per request by nginx's.
     */
    List<SideRound[]> rescale(RegressCell cell, List<SideRound[]> pairs) {
        Figure model = model(cell.model(), cell.scenario().id());
        Figure nginx = calibration(cell.scenario().id());
        List<SideRound[]> out = new ArrayList<>();
        for (SideRound[] pair : pairs) {
            SideRound now = pair[0];
            SideRound scaled;
            if (model == null || nginx == null) {
                scaled = new SideRound(
                        null,
                        null,
                        null,
                        null,
                        "the baseline holds no " + (model == null ? cell.model() : "nginx") + " figure for "
                                + cell.scenario().id());
            } else if (!now.ok()) {
                scaled = new SideRound(null, null, null, null, "calibration: " + now.failure());
            } else {
                boolean cpuKnown = model.cpuMicros() != null && nginx.cpuMicros() != null && now.cpuMicros() != null;
                scaled = new SideRound(
                        model.requestsPerSecond() * now.requestsPerSecond() / nginx.requestsPerSecond(),
                        Math.max(1, Math.round(model.p99Micros() * now.p99Micros() / nginx.p99Micros())),
                        cpuKnown ? model.cpuMicros() * now.cpuMicros() / nginx.cpuMicros() : null,
                        null, // a stored figure has no windows of this run
                        null);
            }
            out.add(new SideRound[] {scaled, pair[1]});
        }
        return out;
    }

    String describe() {
        String commit = results.conditions() == null
                ? null
                : results.conditions().build().gitCommit();
        return "results of " + results.run().startedAt()
                + (commit == null ? "" : " at commit " + commit.substring(0, 12));
    }

    private Figure figure(String target, String scenarioId) {
        List<CellResult> cells = results.cells().stream()
                .filter(c -> c.ok()
                        && c.id().target().equals(target)
                        && c.id().scenarioId().equals(scenarioId)
                        && c.requestsPerSecond() != null
                        && c.latency() != null)
                .toList();
        if (cells.isEmpty()) {
            return null;
        }
        return new Figure(
                Stats.median(cells.stream().map(CellResult::requestsPerSecond).toList()),
                Stats.median(cells.stream().map(c -> c.latency().p99()).toList()),
                cells.stream()
                                .allMatch(c -> c.usage().server() != null
                                        && c.usage().server().cpuMicrosPerRequest() != null)
                        ? Stats.median(cells.stream()
                                .map(c -> c.usage().server().cpuMicrosPerRequest())
                                .toList())
                        : null,
                cells.size());
    }
}
