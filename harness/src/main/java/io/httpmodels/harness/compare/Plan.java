package io.httpmodels.harness.compare;

import io.httpmodels.harness.process.Pinning;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * A whole comparison, decided before anything runs: what to measure, under which loads, for how long, and how
 * the machine is shared.
 *
 * @param profile        the named profile it came from ({@code custom} when flags changed its scenarios)
 * @param targets        rows, in report order
 * @param scenarios      load shapes, in run order (closed loop before the rates derived from it)
 * @param warmup         unrecorded warm-up of every cell
 * @param duration       recorded duration of every cell
 * @param repetitions    how often each cell runs (the order of targets alternates between repetitions)
 * @param clientThreads  event-loop threads of the load client
 * @param timeout        a request unanswered this long is a timeout; its connection is reopened
 * @param serverThreads  the models' {@code --threads}, 0 for each model's default
 * @param transport      the models' {@code --transport}
 * @param serverJvmFlags flags of every model's JVM
 * @param pinning        CPUs of servers and client
 * @param capacitySlo    with {@code --capacity}: the latency bound to find each target's capacity at; else null
 * @param clientBoundAt  client CPU share of its cores at or above which a cell is client-bound
 * @param outputDir      where results go
 * @param projectRoot    the project's folder (scripts/peers for nginx; git for the commit)
 */
public record Plan(
        String profile,
        List<TargetSpec> targets,
        List<Scenario> scenarios,
        Duration warmup,
        Duration duration,
        int repetitions,
        int clientThreads,
        Duration timeout,
        int serverThreads,
        String transport,
        List<String> serverJvmFlags,
        Pinning pinning,
        Slo capacitySlo,
        double clientBoundAt,
        Path outputDir,
        Path projectRoot) {

    public Plan {
        targets = List.copyOf(targets);
        scenarios = List.copyOf(scenarios);
        serverJvmFlags = List.copyOf(serverJvmFlags);
        if (targets.isEmpty()) {
            throw new IllegalArgumentException("nothing to measure: no targets");
        }
        if (scenarios.isEmpty()) {
            throw new IllegalArgumentException("nothing to measure: no scenarios");
        }
        if (repetitions < 1) {
            throw new IllegalArgumentException("repetitions must be at least 1, was " + repetitions);
        }
        if (duration.isNegative() || duration.isZero() || warmup.isNegative()) {
            throw new IllegalArgumentException("the duration must be positive and the warm-up not negative");
        }
    }

    /** Cells the plan runs, capacity steps aside. */
    public int cellCount() {
        int cells = 0;
        for (Scenario s : scenarios) {
            for (TargetSpec t : targets) {
                if (runs(t, s)) {
                    cells += repetitions;
                }
            }
        }
        return cells;
    }

    /**
     * Whether a target runs a scenario: foreign servers do no simulated work, so they sit out scenarios that
     * ask for it rather than show figures for a different workload.
     */
    public static boolean runs(TargetSpec target, Scenario scenario) {
        return scenario.workMillis() == 0 || target.kind().equals(io.httpmodels.harness.results.TargetInfo.MODEL);
    }
}
