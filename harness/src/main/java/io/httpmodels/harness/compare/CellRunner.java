package io.httpmodels.harness.compare;

import io.httpmodels.harness.measure.Cell;
import io.httpmodels.harness.measure.MeasuredTarget;
import io.httpmodels.harness.measure.MeasuringStep;
import io.httpmodels.harness.measure.Window;
import io.httpmodels.harness.results.Scenario;
import io.httpmodels.harness.targets.TargetLauncher;
import io.httpmodels.harness.targets.TargetSpec;

import java.nio.file.Path;

/**
 * Compare's cell: a target started for the cell alone, warmed until its JIT is done, one recorded window
 * ({@link MeasuringStep}), stopped. One cell at a time; {@link #stop()} may be called from any thread to end the
 * current one early.
 */
final class CellRunner {

    private final Plan plan;
    private final MeasuringStep step;

    CellRunner(Plan plan) {
        this.plan = plan;
        // A TLS scenario's servers all get one certificate, kept with the results (tls/cert.pem, tls/key.pem).
        this.step = new MeasuringStep(
                new TargetLauncher(
                        plan.pinning(), plan.projectRoot(), plan.outputDir().resolve("tls")),
                plan.measure());
    }

    /**
     * Runs one cell.
     *
     * @param offeredRate open loop at this total rate, or null for the scenario's own pacing
     * @param hlog        where to write the interval log, or null for none
     * @return the cell, or null when {@link #stop()} ended it before it completed
     */
    Cell run(
            TargetSpec target,
            Scenario scenario,
            int repetition,
            Double offeredRate,
            Path hlog,
            String hlogName,
            CompareListener listener) {
        return run(target, scenario, new Window(repetition, plan.duration(), offeredRate, hlog, hlogName), listener);
    }

    /**
     * Runs one cell's {@code window}.
     *
     * @return the cell, or null when {@link #stop()} ended it before it completed
     */
    Cell run(TargetSpec target, Scenario scenario, Window window, CompareListener listener) {
        try (MeasuredTarget started = step.start(target, target.name(), plan.servers(), scenario)) {
            step.warm(started, listener);
            return step.window(started, window, listener).orElse(null);
        }
    }

    /** Ends the current cell early and refuses new ones. */
    void stop() {
        step.stop();
    }
}
