package io.httpmodels.harness.compare;

import io.httpmodels.harness.measure.Cell;
import io.httpmodels.harness.measure.MeasuredTarget;
import io.httpmodels.harness.measure.MeasuringStep;
import io.httpmodels.harness.measure.Window;
import io.httpmodels.harness.results.CellResult;
import io.httpmodels.harness.results.DatabaseChecks;
import io.httpmodels.harness.results.Scenario;
import io.httpmodels.harness.targets.RunDatabase;
import io.httpmodels.harness.targets.TargetLauncher;
import io.httpmodels.harness.targets.TargetSpec;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Compare's fork of a target: a fresh JVM of it started for one or more scenarios it can serve alike, for each of them
 * warmed until its JIT is done and then measured in the sampling's windows ({@link MeasuringStep}), then stopped; and
 * the capacity search's single cells. One at a time; {@link #stop()} may be called from any thread to end the current
 * one early.
 */
final class CellRunner {

    /**
     * A window whose JIT compilers used more than this share of its time (50 ms of 2 s) is warm-up: after a warm-up
     * that settled, a window compiled for 100-320 ms in about one fork in three of a default run, most of them the
     * fork's first, and its CPU per request was up to 4x the next window's; the other windows compiled for 0-60 ms.
     */
    static final double COMPILING_SHARE = 0.025;

    /** At most this many windows of one scenario in a fork are taken as warm-up; the next is measured anyway. */
    static final int MAX_COMPILING_WINDOWS = 3;

    private final Plan plan;
    private final MeasuringStep step;

    CellRunner(Plan plan) {
        this.plan = plan;
        // A TLS scenario's servers all get one certificate, kept with the results (tls/cert.pem, tls/key.pem).
        this.step = new MeasuringStep(
                new TargetLauncher(
                        plan.pinning(),
                        plan.projectRoot(),
                        plan.outputDir().resolve("tls"),
                        plan.database().map(RunDatabase::settings)),
                plan.measure(),
                plan.database().orElse(null));
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

    /**
     * The window of a scenario in a fork, made when it is about to run (an open loop's rate comes from the peaks
     * measured so far): null when it cannot run.
     */
    @FunctionalInterface
    interface WindowPlan {
        Window of(TargetSpec target, Scenario scenario, int fork, int window, List<CellResult> measured);
    }

    /**
     * Runs fork {@code fork} of {@code target} for {@code scenarios}, which one JVM of it can serve
     * ({@link Comparison#sharedJvms}; its server restarted in it for a scenario with other work per request,
     * {@link MeasuringStep#serving}): for each scenario a warm-up under its load and the sampling's windows,
     * each added to {@code progress} as it ends. A window that cannot run (no peak to take a fraction of) is a failed
     * cell; a target that did not start or died fails its windows with the reason. Returns early when stopped (the
     * window cut short is dropped).
     */
    void runFork(
            TargetSpec target,
            List<Scenario> scenarios,
            int fork,
            WindowPlan windows,
            Comparison.Progress progress,
            CompareListener listener) {
        MeasuredTarget started = step.start(target, target.name(), plan.servers(), scenarios.get(0));
        try {
            for (Scenario scenario : scenarios) {
                started = step.serving(started, target, plan.servers(), scenario);
                boolean warmed = false;
                int stillCompiling = 0;
                // A window taken as warm-up keeps its answers checked: they go into the next window's, never away.
                DatabaseChecks carried = null;
                for (int w = 1; w <= plan.sampling().windows(); w++) {
                    if (step.stopped()) {
                        return;
                    }
                    Window window = windows.of(target, scenario, fork, w, progress.cells);
                    if (window == null) {
                        progress.index++;
                        listener.cellStarted(progress.index, progress.total, target, scenario, fork);
                        CellResult failed = CellResult.failed(
                                scenario.id(),
                                target.name(),
                                fork,
                                scenario.shape().connections(),
                                "no closed-loop peak to take "
                                        + Math.round(scenario.pacing().rateFraction() * 100) + " % of");
                        progress.add(target, failed, null);
                        listener.cellFinished(progress.index, progress.total, failed);
                        continue;
                    }
                    if (!warmed) {
                        step.warm(started, scenario, listener, fork == 1);
                        warmed = true;
                    }
                    Optional<Cell> cell = step.window(started, scenario, window, listener);
                    if (cell.isEmpty()) {
                        return; // stopped mid-window: what it measured is incomplete, so dropped
                    }
                    if (stillCompiling(jitMillis(cell.get().result()), window.recorded())
                            && stillCompiling < MAX_COMPILING_WINDOWS) {
                        // Its JIT was not done after all: the window was warm-up, and the next one takes its place.
                        stillCompiling++;
                        step.extendWarmup(started, window.recorded().toNanos() / 1e9);
                        carried = DatabaseChecks.sum(Arrays.asList(
                                carried, cell.get().result().diagnostics().databaseChecks()));
                        w--;
                        continue;
                    }
                    Cell kept = withChecksCarried(cell.get(), carried);
                    carried = null;
                    progress.index++;
                    listener.cellStarted(progress.index, progress.total, target, scenario, fork);
                    progress.add(target, kept.result(), kept);
                    listener.cellFinished(progress.index, progress.total, kept.result());
                }
            }
        } finally {
            started.close();
        }
    }

    /** {@code cell} with the checks of the windows before it that were taken as warm-up added to its own. */
    static Cell withChecksCarried(Cell cell, DatabaseChecks carried) {
        if (carried == null) {
            return cell;
        }
        CellResult r = cell.result();
        DatabaseChecks all =
                DatabaseChecks.sum(Arrays.asList(carried, r.diagnostics().databaseChecks()));
        return new Cell(r.withDatabase(all, r.usage().databaseConnections()), cell.histogram(), cell.running());
    }

    /**
     * Whether the server's JIT compilers spent more than {@link #COMPILING_SHARE} of a window's time compiling (its
     * JVM says, with the why figures on): a warm-up that settled can still leave C2 work that a slow load reaches
     * only later, and such a window measures the compiler as much as the server.
     */
    static boolean stillCompiling(Long jitMillis, Duration window) {
        return jitMillis != null && jitMillis > COMPILING_SHARE * window.toMillis();
    }

    /** The JIT time a window's JVM reported, or null (a failed window, the why figures off, not a JVM of ours). */
    private static Long jitMillis(CellResult cell) {
        return cell.ok()
                        && cell.diagnostics().why() != null
                        && cell.diagnostics().why().jvm() != null
                ? cell.diagnostics().why().jvm().jitMillis()
                : null;
    }

    /** Ends the current cell early and refuses new ones. */
    void stop() {
        step.stop();
    }
}
