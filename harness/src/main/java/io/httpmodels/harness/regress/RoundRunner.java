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
 * Regress's schedule for one round, over the measuring step ({@link MeasuringStep}): starts each side's model in
 * a fresh JVM of that side's build, warms each until its JIT is done, then records short windows alternating A B,
 * B A, ... so that a burst from a neighbour on a shared machine lands on both sides alike, or on a window the
 * round's median leaves out; a model's cells share its JVM within the round. A fresh pair of JVMs per round keeps
 * the rounds independent: what the JIT happened to do in one JVM is part of the noise the interval sees, not a
 * bias.
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
     * Runs one round of {@code cells}, which one server JVM per side serves (the same model, work and header
     * deadline: {@link #serverOf}): {@code first} and {@code second} started once, then for each cell in turn both
     * warmed under its load in that order and {@code windows} windows each, alternating (first second, second
     * first, ...). Sharing the JVM across a model's cells saves a start and most of a warm-up per cell: the JIT
     * has compiled the model's code for the first cell's load and only compiles what the next one adds. A side
     * that fails has failed windows with the reason, never an exception.
     *
     * @return each cell's round, in the order of {@code cells}
     */
    List<Round> round(Contender first, Contender second, List<RegressCell> cells, int round) {
        RegressCell lead = cells.get(0);
        for (RegressCell cell : cells) {
            if (!serverOf(cell).equals(serverOf(lead))) {
                throw new IllegalArgumentException(cell.id() + " needs another server than " + lead.id());
            }
        }
        List<Round> rounds = new ArrayList<>();
        try (MeasuredTarget a = start(first, lead);
                MeasuredTarget b = start(second, lead)) {
            for (RegressCell cell : cells) {
                step.warm(a, cell.scenario(), MeasureListener.NONE);
                Warmup warmA = a.warmup();
                step.warm(b, cell.scenario(), MeasureListener.NONE);
                Warmup warmB = b.warmup();
                List<CellResult> firstWindows = new ArrayList<>();
                List<CellResult> secondWindows = new ArrayList<>();
                for (int w = 0; w < windows; w++) {
                    boolean firstFirst = w % 2 == 0;
                    for (int i = 0; i < 2; i++) {
                        boolean isFirst = (i == 0) == firstFirst;
                        (isFirst ? firstWindows : secondWindows).add(window(isFirst ? a : b, cell, round));
                    }
                }
                rounds.add(new Round(firstWindows, secondWindows, warmA, warmB));
            }
        }
        return rounds;
    }

    /**
     * What a cell's server JVM is started with, beyond its side: the model, its work per request and its header
     * deadline. Cells that agree on it share a server in a round.
     */
    static String serverOf(RegressCell cell) {
        return cell.model() + " --work-ms " + cell.scenario().workMillis() + " --header-timeout "
                + cell.scenario().headerTimeoutMillis();
    }

    /** Ends the current measurement early and refuses new ones. Any thread. */
    void stop() {
        step.stop();
    }

    private MeasuredTarget start(Contender side, RegressCell cell) {
        return step.start(side.target(cell), side.rowName(cell), side.jvm(serverJvmFlags), cell.scenario());
    }

    private CellResult window(MeasuredTarget target, RegressCell cell, int round) {
        return step.window(target, cell.scenario(), Window.of(round, duration), MeasureListener.NONE)
                .map(Cell::result)
                .orElseGet(() -> CellResult.failed(
                        cell.scenario().id(),
                        target.name(),
                        round,
                        cell.scenario().connections(),
                        "stopped"));
    }
}
