package io.httpmodels.harness.regress;

import io.httpmodels.harness.measure.Cell;
import io.httpmodels.harness.measure.MeasureListener;
import io.httpmodels.harness.measure.MeasuredTarget;
import io.httpmodels.harness.measure.MeasuringStep;
import io.httpmodels.harness.measure.Window;
import io.httpmodels.harness.results.CellResult;
import io.httpmodels.harness.results.Warmup;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Regress's schedule for one round of one cell, over the measuring step ({@link MeasuringStep}): starts each
 * side's model in a fresh JVM of that side's build, warms each until its JIT is done, then records short windows
 * alternating A B, B A, ... so that a burst from a neighbour on a shared machine lands on both sides alike, or on a
 * window the round's median leaves out. A fresh pair of JVMs per round keeps the rounds independent: what the JIT
 * happened to do in one JVM is part of the noise the interval sees, not a bias.
 *
 * <p>One round at a time; {@link #stop()} may be called from any thread to end the current one.
 */
final class RoundRunner {

    private final MeasuringStep step;
    private final List<String> serverJvmFlags;
    private final Duration duration;
    private final int windows;

    /**
     * A round: each side's windows, in the order measured, and how each side warmed.
     *
     * @param first        the windows of the side started first
     * @param second       the windows of the other side
     * @param firstWarmup  how the first side warmed
     * @param secondWarmup how the other side warmed
     */
    record Round(List<CellResult> first, List<CellResult> second, Warmup firstWarmup, Warmup secondWarmup) {}

    /**
     * @param serverJvmFlags flags of every server JVM, both sides (each side may add its own)
     * @param duration       recorded length of every window
     * @param windows        windows per side and round
     */
    RoundRunner(MeasuringStep step, List<String> serverJvmFlags, Duration duration, int windows) {
        this.step = step;
        this.serverJvmFlags = List.copyOf(serverJvmFlags);
        this.duration = duration;
        this.windows = windows;
    }

    /**
     * Runs one round: {@code first} and {@code second} started and warmed in that order, then {@code windows}
     * windows each, alternating (first second, second first, ...). A side that fails has failed windows with the
     * reason, never an exception.
     */
    Round round(Contender first, Contender second, RegressCell cell, int round) {
        try (MeasuredTarget a = start(first, cell);
                MeasuredTarget b = start(second, cell)) {
            step.warm(a, MeasureListener.NONE);
            step.warm(b, MeasureListener.NONE);
            List<CellResult> firstWindows = new ArrayList<>();
            List<CellResult> secondWindows = new ArrayList<>();
            for (int w = 0; w < windows; w++) {
                boolean firstFirst = w % 2 == 0;
                for (int i = 0; i < 2; i++) {
                    boolean isFirst = (i == 0) == firstFirst;
                    (isFirst ? firstWindows : secondWindows).add(window(isFirst ? a : b, round));
                }
            }
            return new Round(firstWindows, secondWindows, a.warmup(), b.warmup());
        }
    }

    /** Ends the current measurement early and refuses new ones. Any thread. */
    void stop() {
        step.stop();
    }

    private MeasuredTarget start(Contender side, RegressCell cell) {
        return step.start(side.target(cell), side.rowName(cell), side.jvm(serverJvmFlags), cell.scenario());
    }

    private CellResult window(MeasuredTarget target, int round) {
        return step.window(target, Window.of(round, duration), MeasureListener.NONE)
                .map(Cell::result)
                .orElseGet(() -> CellResult.failed(
                        target.scenario().id(),
                        target.name(),
                        round,
                        target.scenario().connections(),
                        "stopped"));
    }
}
