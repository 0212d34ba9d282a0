package io.httpmodels.harness.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;

import java.util.List;
import java.util.Objects;

/**
 * Everything one comparison run produced, as data: the conditions it ran under, its scenarios, one
 * {@link CellResult} per measurement and one {@link Summary} per scenario and target. This is what
 * {@code results.json} holds ({@link ResultsJson}); the Markdown and HTML reports read nothing else, so any
 * old run can be re-rendered.
 *
 * <p>The run's own fields are unwrapped in results.json: {@code "schemaVersion"}, {@code "tool"}, ... stand first in
 * the file's object, as they always have.
 *
 * @param run           the schema, the program, when it ran and whether it completed
 * @param conditions    the machine, JVMs, pinning and timings every figure was measured under
 * @param targets       what was measured, in the order the reports list them
 * @param scenarios     the load shapes, in run order
 * @param cells         one per target, scenario and repetition that ran (failed ones included, with a reason)
 * @param summaries     one per scenario and target: the medians over repetitions, relative figures
 * @param capacities    with {@code --capacity}: per target, the highest rate within the latency bound
 * @param merge         set by {@code httpmodels merge}: the agents whose logs were merged; absent (null) from a
 *                      comparison's results
 * @param regression    a {@code regress} run only: the candidate against its base, cell by cell, and the verdict;
 *                      absent from the JSON otherwise
 * @param databaseCeilings a comparison of database routes on a cluster it started: what PostgreSQL serves alone at
 *                      each connection count of its scenarios (pgbench); absent from the JSON otherwise
 */
public record Results(
        @JsonUnwrapped RunInfo run,
        Conditions conditions,
        List<TargetInfo> targets,
        List<Scenario> scenarios,
        List<CellResult> cells,
        List<Summary> summaries,
        List<Capacity> capacities,
        @JsonInclude(JsonInclude.Include.NON_NULL) MergeInfo merge,
        @JsonInclude(JsonInclude.Include.NON_NULL) Regression regression,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<DatabaseCeiling> databaseCeilings) {

    /**
     * Version of this structure; bumped on any incompatible change. 2: a summary's figures that move from one JVM
     * to the next are estimates over forks (a median with its interval) where 1 had single numbers.
     */
    public static final int SCHEMA_VERSION = 2;

    /** The oldest version this harness still reads: its numbers read as figures of one fork. */
    public static final int OLDEST_READABLE_VERSION = 1;

    public Results {
        Objects.requireNonNull(run, "run");
        targets = List.copyOf(targets);
        scenarios = List.copyOf(scenarios);
        cells = List.copyOf(cells);
        summaries = List.copyOf(summaries);
        capacities = capacities == null ? List.of() : List.copyOf(capacities);
        databaseCeilings = databaseCeilings == null ? List.of() : List.copyOf(databaseCeilings);
    }

    /** Results with a merge or a regression section and no database ceilings. */
    public Results(
            RunInfo run,
            Conditions conditions,
            List<TargetInfo> targets,
            List<Scenario> scenarios,
            List<CellResult> cells,
            List<Summary> summaries,
            List<Capacity> capacities,
            MergeInfo merge,
            Regression regression) {
        this(run, conditions, targets, scenarios, cells, summaries, capacities, merge, regression, List.of());
    }

    /** The same results with what PostgreSQL served alone. */
    public Results withDatabaseCeilings(List<DatabaseCeiling> value) {
        return new Results(run, conditions, targets, scenarios, cells, summaries, capacities, merge, regression, value);
    }

    /** The database's ceiling at {@code connections}, or null when none was measured. */
    public DatabaseCeiling databaseCeiling(int connections) {
        return databaseCeilings.stream()
                .filter(c -> c.connections() == connections)
                .findFirst()
                .orElse(null);
    }

    /** Results of a comparison (no merge, no regression section). */
    public Results(
            RunInfo run,
            Conditions conditions,
            List<TargetInfo> targets,
            List<Scenario> scenarios,
            List<CellResult> cells,
            List<Summary> summaries,
            List<Capacity> capacities) {
        this(run, conditions, targets, scenarios, cells, summaries, capacities, null, null, List.of());
    }

    /** The cell of one scenario and target (its first repetition), or null when that pair did not run. */
    public CellResult cell(String scenarioId, String target) {
        for (CellResult c : cells) {
            if (c.id().scenarioId().equals(scenarioId) && c.id().target().equals(target)) {
                return c;
            }
        }
        return null;
    }

    /** The summary of one scenario and target, or null when that pair did not run. */
    public Summary summary(String scenarioId, String target) {
        for (Summary s : summaries) {
            if (s.scenarioId().equals(scenarioId) && s.target().equals(target)) {
                return s;
            }
        }
        return null;
    }
}
