package io.httpmodels.harness.regress;

import io.httpmodels.harness.results.CellResult;
import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.Stats;

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

    /** A figure: median requests/s and median p99 over the stored cells, or null when none is stored. */
    record Figure(double requestsPerSecond, double p99Micros, int cells) {}

    /** The stored figure of {@code model} under {@code scenarioId}. */
    Figure model(String model, String scenarioId) {
        Figure f = figure(model, scenarioId);
        return f != null ? f : figure(model + "@candidate", scenarioId);
    }

    /** The stored calibration (nginx) under {@code scenarioId}. */
    Figure calibration(String scenarioId) {
        return figure("nginx", scenarioId);
    }

    String describe() {
        String commit =
                results.conditions() == null ? null : results.conditions().gitCommit();
        return "results of " + results.startedAt() + (commit == null ? "" : " at commit " + commit.substring(0, 12));
    }

    private Figure figure(String target, String scenarioId) {
        List<CellResult> cells = results.cells().stream()
                .filter(c -> c.ok()
                        && c.target().equals(target)
                        && c.scenarioId().equals(scenarioId)
                        && c.requestsPerSecond() != null
                        && c.latency() != null)
                .toList();
        if (cells.isEmpty()) {
            return null;
        }
        return new Figure(
                Stats.median(cells.stream().map(CellResult::requestsPerSecond).toList()),
                Stats.median(cells.stream().map(c -> c.latency().p99()).toList()),
                cells.size());
    }
}
