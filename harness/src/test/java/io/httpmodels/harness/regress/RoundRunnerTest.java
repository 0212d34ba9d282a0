package io.httpmodels.harness.regress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.measure.MeasureSettings;
import io.httpmodels.harness.measure.MeasuringStep;
import io.httpmodels.harness.measure.WarmupRule;
import io.httpmodels.harness.process.HarnessJvm;
import io.httpmodels.harness.process.Pinning;
import io.httpmodels.harness.results.CellResult;
import io.httpmodels.harness.targets.ModelJvm;
import io.httpmodels.harness.targets.TargetLauncher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/** One round of regress's schedule, on real server JVMs of this build: both sides, every cell, shared JVMs. */
@Timeout(120)
class RoundRunnerTest {

    private static final RegressCell FOUR = RegressCell.parse("virtual-threads:c4");
    private static final RegressCell PIPELINED = RegressCell.parse("virtual-threads:c8:p2");
    private static final Duration DURATION = Duration.ofMillis(500);
    private static final double SECONDS = DURATION.toMillis() / 1e3;

    private static RoundRunner runner() {
        return new RoundRunner(
                new MeasuringStep(
                        new TargetLauncher(Pinning.plan(false, null, null), Path.of(".")),
                        new MeasureSettings(
                                1,
                                Duration.ofSeconds(2),
                                Pinning.plan(false, null, null),
                                0.95,
                                new WarmupRule(Duration.ofMillis(500), Duration.ofMillis(500)),
                                false, // as regress measures: no why figures
                                null)),
                List.of("-Xmx128m"),
                // regress's own --duration: on a loaded two-core host a 200 ms share completed no request at times
                // (a stall outlasted it, or an open loop's lead-in left a backlog the window never got through).
                DURATION,
                2,
                Duration.ofMillis(20),
                new RoundRunner.CpuWindows(2, 0.25),
                ModelJvm.AUTO_TRANSPORT);
    }

    private static Contender side(String name) {
        return new Contender(name, HarnessJvm.current(), List.of(), "this build as " + name);
    }

    @Test
    void aModelsCellsShareOneServerPerSideWithinARoundEachWarmedThenMeasuredTakingTurns() {
        List<RoundRunner.Round> rounds = runner().round(side("base"), side("candidate"), List.of(FOUR, PIPELINED), 3);
        assertEquals(2, rounds.size());
        for (int i = 0; i < 2; i++) {
            RoundRunner.Round r = rounds.get(i);
            String scenario = List.of(FOUR, PIPELINED).get(i).scenario().id();
            for (List<CellResult> windows : List.of(r.first(), r.second())) {
                assertEquals(2, windows.size());
                for (CellResult w : windows) {
                    assertTrue(w.ok(), w.failure());
                    assertEquals(scenario, w.id().scenarioId());
                    assertEquals(3, w.id().repetition(), "a window carries its round");
                    // Each side is loaded 500 ms of a 1 s window, in its turns: its rate is that of its turns.
                    assertEquals(
                            SECONDS, w.figures().throughput().durationSeconds(), 0.01, "a side's share of the window");
                    assertEquals(
                            w.figures().throughput().requests()
                                    / w.figures().throughput().durationSeconds(),
                            w.requestsPerSecond(),
                            1e-6);
                }
            }
            // Then the CPU windows: both sides at once, in an open loop, each at a quarter of the lower side's
            // requests/s in the turns, loaded for the whole window.
            SideRound first = SideRound.of(r.first());
            SideRound second = SideRound.of(r.second());
            assertTrue(first.ok(), first.failure() + ": " + r.first());
            assertTrue(second.ok(), second.failure() + ": " + r.second());
            double rate = 0.25 * Math.min(first.requestsPerSecond(), second.requestsPerSecond());
            String cpuScenario = List.of(FOUR, PIPELINED)
                    .get(i)
                    .scenario()
                    .atPeakFraction(0.25)
                    .id();
            for (List<CellResult> windows : List.of(r.firstCpu(), r.secondCpu())) {
                assertEquals(2, windows.size());
                for (CellResult w : windows) {
                    assertTrue(w.ok(), w.failure());
                    assertEquals(cpuScenario, w.id().scenarioId());
                    assertEquals(3, w.id().repetition());
                    assertEquals(rate, w.figures().throughput().offeredRate(), 1e-6, "the same rate for both sides");
                    assertEquals(
                            SECONDS,
                            w.figures().throughput().durationSeconds(),
                            0.01,
                            "each side loaded the whole window");
                    assertNotNull(w.usage().server().cpuMicrosPerRequest(), "its CPU time per request read: " + w);
                }
            }
            assertEquals(
                    r.firstCpu().get(0).usage().server().pid(),
                    r.first().get(0).usage().server().pid(),
                    "the same server JVM");
            assertTrue(r.first().stream().allMatch(w -> w.id().target().equals("virtual-threads@base")));
            assertTrue(r.second().stream().allMatch(w -> w.id().target().equals("virtual-threads@candidate")));
            assertTrue(r.firstWarmup().seconds() >= 0.5, r.firstWarmup().toString());
            assertTrue(r.secondWarmup().seconds() >= 0.5, r.secondWarmup().toString());
        }
        // One JVM per side served both cells: the same process, sampled in every window of that side.
        Set<Long> basePids = pids(rounds, true);
        Set<Long> candidatePids = pids(rounds, false);
        assertEquals(1, basePids.size(), basePids.toString());
        assertEquals(1, candidatePids.size(), candidatePids.toString());
        assertNotEquals(basePids, candidatePids);
    }

    @Test
    void cellsThatNeedAnotherServerAreRefused() {
        RegressCell work = RegressCell.parse("virtual-threads:c4:w1");
        assertNotEquals(RoundRunner.serverOf(FOUR), RoundRunner.serverOf(work));
        assertEquals(RoundRunner.serverOf(FOUR), RoundRunner.serverOf(PIPELINED));
        assertThrows(
                IllegalArgumentException.class,
                () -> runner().round(side("base"), side("candidate"), List.of(FOUR, work), 1));
    }

    private static Set<Long> pids(List<RoundRunner.Round> rounds, boolean first) {
        return rounds.stream()
                .flatMap(r -> (first ? r.first() : r.second()).stream())
                .map(w -> w.usage().server().pid())
                .collect(Collectors.toSet());
    }
}
