package io.httpmodels.harness.regress;

import io.httpmodels.harness.measure.Cell;
import io.httpmodels.harness.measure.MeasureListener;
import io.httpmodels.harness.measure.MeasuredTarget;
import io.httpmodels.harness.measure.MeasuringStep;
import io.httpmodels.harness.measure.Window;
import io.httpmodels.harness.results.CellResult;
import io.httpmodels.harness.results.Scenario;
import io.httpmodels.harness.results.Warmup;
import io.httpmodels.harness.targets.ModelJvm;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Regress's schedule for one round, over the measuring step ({@link MeasuringStep}): starts each side's model in
 * a fresh JVM of that side's build, warms each until its JIT is done (one after the other: warmed side by side,
 * each server runs at half speed, and a JVM whose JIT has nothing to compile yet can look done to the warm-up
 * rule while its windows still cost several times as much), then records windows in which
 * the two take turns of a few tens of milliseconds ({@link MeasuringStep#turnWindow}), the side that goes first alternating by
 * window, so that a stretch of a slow machine or a burst from a neighbour lands on both sides alike; then CPU
 * windows, in which both are loaded at once in an open loop at the same rate, a share of the lower of their
 * requests/s in the round's windows ({@link MeasuringStep#sideBySideWindow}). A model's cells share its JVM
 * within the round. A fresh pair of JVMs per round keeps the rounds independent: what the JIT happened to do in
 * one JVM is part of the noise the interval sees, not a bias.
 *
 * <p>Why CPU time per request is read in an open loop: in a closed loop a slower server is answered later, so
 * more requests wait for each of its wake-ups and it spends less per request on them: part of what a change
 * costs in its code is paid back in the kernel, by an amount that differs from run to run. At a fixed offered
 * rate, the same for both sides, a fixed cost per response shows as a fixed share
 * (docs/regression-gate.md#cpu-windows-both-at-once-in-an-open-loop).
 *
 * <p>One round at a time; {@link #stop()} may be called from any thread to end the current one.
 */
final class RoundRunner {

    private final MeasuringStep step;
    private final List<String> serverJvmFlags;
    private final Duration duration;
    private final int windows;
    private final Duration turn;
    private final CpuWindows cpu;
    private final String transport;

    /**
     * The CPU windows of every cell's round: {@code count} windows of {@code duration} in which both sides are
     * loaded at once, each in an open loop at {@code rateShare} of the lower of the two sides' requests/s in the
     * round's windows (so together at twice that share of what one server did alone).
     *
     * @param count     windows per round; 0 reads CPU time per request in the closed-loop windows instead
     * @param rateShare each side's rate as a share of the lower closed-loop requests/s, in (0, 1]
     */
    record CpuWindows(int count, double rateShare) {

        /** None: CPU time per request read in the closed-loop windows. */
        static final CpuWindows NONE = new CpuWindows(0, 1);

        CpuWindows {
            if (count < 0 || !(rateShare > 0 && rateShare <= 1)) {
                throw new IllegalArgumentException("CPU windows: a count of at least 0 and a rate share in (0, 1], not "
                        + count + " and " + rateShare);
            }
        }

        /** The load of a cell's CPU windows: its shape in an open loop at a share of the measured peak. */
        Scenario load(RegressCell cell) {
            return cell.scenario().atPeakFraction(rateShare);
        }
    }

    /**
     * A round: each side's windows, in the order measured, and how each side warmed.
     *
     * @param first        the closed-loop windows of the side started first
     * @param second       those of the other side
     * @param firstCpu     the CPU windows of the side started first (none without CPU windows)
     * @param secondCpu    those of the other side
     * @param firstWarmup  how the first side warmed
     * @param secondWarmup how the other side warmed
     */
    record Round(
            List<CellResult> first,
            List<CellResult> second,
            List<CellResult> firstCpu,
            List<CellResult> secondCpu,
            Warmup firstWarmup,
            Warmup secondWarmup) {}

    /**
     * @param serverJvmFlags flags of every server JVM, both sides (each side may add its own)
     * @param duration       time each side is loaded in every window (a closed-loop window lasts twice as long)
     * @param windows        closed-loop windows per round
     * @param turn           length of a side's turn within a closed-loop window
     * @param cpu            the CPU windows that follow them
     * @param transport      {@code serve --server-transport} of every model JVM ({@link ModelJvm#AUTO_TRANSPORT}: each
     *                       model's own choice)
     */
    RoundRunner(
            MeasuringStep step,
            List<String> serverJvmFlags,
            Duration duration,
            int windows,
            Duration turn,
            CpuWindows cpu,
            String transport) {
        this.step = step;
        this.serverJvmFlags = List.copyOf(serverJvmFlags);
        this.duration = duration;
        this.windows = windows;
        this.turn = turn;
        this.cpu = cpu;
        this.transport = transport;
    }

    /**
     * Runs one round of {@code cells}, which one server JVM per side serves (the same model, work and header
     * deadline: {@link #serverOf}): {@code first} and {@code second} started once, then for each cell in turn both
     * warmed under its load in that order, {@code windows} windows in which they take turns, the first turn of a window
     * going to {@code first}, then to {@code second}, and so on, and the CPU windows. Sharing the JVM across a
     * model's cells saves a start and most of a warm-up per cell: the JIT
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
                    List<CellResult> pair = window(firstFirst ? a : b, firstFirst ? b : a, cell, round);
                    firstWindows.add(pair.get(firstFirst ? 0 : 1));
                    secondWindows.add(pair.get(firstFirst ? 1 : 0));
                }
                List<CellResult> firstCpu = new ArrayList<>();
                List<CellResult> secondCpu = new ArrayList<>();
                Double rate = cpuRate(firstWindows, secondWindows);
                for (int w = 0; w < cpu.count(); w++) {
                    List<CellResult> pair = cpuWindow(a, b, cell, round, rate);
                    firstCpu.add(pair.get(0));
                    secondCpu.add(pair.get(1));
                }
                rounds.add(new Round(firstWindows, secondWindows, firstCpu, secondCpu, warmA, warmB));
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
                + cell.scenario().crowd().headerTimeoutMillis();
    }

    /** Ends the current measurement early and refuses new ones. Any thread. */
    void stop() {
        step.stop();
    }

    private MeasuredTarget start(Contender side, RegressCell cell) {
        return step.start(side.target(cell), side.rowName(cell), side.jvm(serverJvmFlags, transport), cell.scenario());
    }

    /**
     * Each side's rate in the CPU windows: the share of the lower of the two sides' requests/s in the closed-loop
     * windows, or null when a side has none.
     */
    private Double cpuRate(List<CellResult> first, List<CellResult> second) {
        SideRound a = SideRound.of(first);
        SideRound b = SideRound.of(second);
        if (!a.ok() || !b.ok()) {
            return null;
        }
        return cpu.rateShare() * Math.min(a.requestsPerSecond(), b.requestsPerSecond());
    }

    /** One CPU window, both sides at once at {@code rate} each; failed cells without a rate or when stopped. */
    private List<CellResult> cpuWindow(MeasuredTarget a, MeasuredTarget b, RegressCell cell, int round, Double rate) {
        Scenario load = cpu.load(cell);
        List<MeasuredTarget> both = List.of(a, b);
        Optional<List<Cell>> cells = rate == null
                ? Optional.empty()
                : step.sideBySideWindow(
                        both, load, new Window(round, duration, rate, null, null), MeasureListener.NONE);
        String why = rate == null ? "no closed-loop requests/s to set the rate from" : "stopped";
        return cells.map(c -> c.stream().map(Cell::result).toList())
                .orElseGet(() -> both.stream()
                        .map(t -> CellResult.failed(
                                load.id(), t.name(), round, load.shape().connections(), why))
                        .toList());
    }

    /** One window of both sides taking turns, {@code leader} first; the cells in that order, failed when stopped. */
    private List<CellResult> window(MeasuredTarget leader, MeasuredTarget other, RegressCell cell, int round) {
        List<MeasuredTarget> order = List.of(leader, other);
        return step.turnWindow(order, cell.scenario(), Window.of(round, duration), turn, MeasureListener.NONE)
                .map(cells -> cells.stream().map(Cell::result).toList())
                .orElseGet(() -> order.stream()
                        .map(t -> CellResult.failed(
                                cell.scenario().id(),
                                t.name(),
                                round,
                                cell.scenario().shape().connections(),
                                "stopped"))
                        .toList());
    }
}
