package io.httpmodels.harness.compare;

import io.httpmodels.harness.measure.MeasureSettings;
import io.httpmodels.harness.process.Pinning;
import io.httpmodels.harness.results.Scenario;
import io.httpmodels.harness.targets.ModelJvm;
import io.httpmodels.harness.targets.ModelSelection;
import io.httpmodels.harness.targets.RunDatabase;
import io.httpmodels.harness.targets.TargetSpec;
import io.httpmodels.server.Route;
import io.httpmodels.server.db.DatabaseRoutes;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * A whole comparison, decided before anything runs: what to measure, under which loads, for how long, and how
 * the machine is shared.
 *
 * @param profile     the named profile it came from ({@code custom} when flags changed its scenarios)
 * @param targets     rows, in report order
 * @param scenarios   load shapes, in run order (closed loop before the rates derived from it)
 * @param measure     what holds for every cell: client threads, timeout, client-bound share, the warm-up
 * @param sampling    each cell's forks, and the windows measured in each (the order of targets alternates
 *                    between forks)
 * @param servers     how every model's JVM is started (this build, its flags, threads, transport)
 * @param pinning     CPUs of servers and client
 * @param capacitySlo with {@code --capacity}: the latency bound to find each target's capacity at; else null
 * @param outputDir   where results go
 * @param projectRoot the project's folder (scripts/peers for nginx; git for the commit)
 * @param models      which models the rows are, and what the default set left out
 * @param database    the PostgreSQL the models' database routes query: {@code --db-url}'s, or the cluster the run
 *                    started for scenarios of database routes ({@link #withDatabase}); empty when none is asked
 */
public record Plan(
        String profile,
        List<TargetSpec> targets,
        List<Scenario> scenarios,
        MeasureSettings measure,
        Sampling sampling,
        ModelJvm servers,
        Pinning pinning,
        Slo capacitySlo,
        Path outputDir,
        Path projectRoot,
        ModelSelection models,
        Optional<RunDatabase> database) {

    public Plan {
        targets = List.copyOf(targets);
        scenarios = List.copyOf(scenarios);
        if (targets.isEmpty()) {
            throw new IllegalArgumentException("nothing to measure: no targets");
        }
        if (scenarios.isEmpty()) {
            throw new IllegalArgumentException("nothing to measure: no scenarios");
        }
    }

    /** Whether a scenario asks for a database route ({@code /db}, {@code /queries}, {@code /fortunes}, {@code /updates}). */
    public boolean queriesADatabase() {
        return scenarios.stream().anyMatch(s -> {
            Route route = Route.forTarget(s.route());
            return route != null && DatabaseRoutes.serves(route);
        });
    }

    /** The same plan, its models querying {@code value}. */
    public Plan withDatabase(RunDatabase value) {
        return new Plan(
                profile,
                targets,
                scenarios,
                measure,
                sampling,
                servers,
                pinning,
                capacitySlo,
                outputDir,
                projectRoot,
                models,
                Optional.of(value));
    }

    /** Windows the plan records, every fork's of every cell, capacity steps aside. */
    public int windowCount() {
        int cells = 0;
        for (Scenario s : scenarios) {
            for (TargetSpec t : targets) {
                if (t.runs(s)) {
                    cells++;
                }
            }
        }
        return cells * sampling.forks() * sampling.windows();
    }

    /** The length of every recorded window. */
    public Duration duration() {
        return sampling.window();
    }
}
