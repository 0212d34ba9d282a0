package io.httpmodels.harness.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.process.Pinning;
import io.httpmodels.harness.results.Scenario;
import io.httpmodels.harness.targets.TargetLauncher;
import io.httpmodels.load.LoadConfig;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

class MeasuringStepTest {

    private static final Scenario SLOW_AND_IDLE =
            Scenario.closedLoop("/plaintext", 0, true, 40, 1).withBackground(300, 20, 50);

    private static MeasuringStep step(int clientThreads, Duration leastWarmup) {
        return new MeasuringStep(
                new TargetLauncher(Pinning.plan(false, null, null), Path.of(".")),
                new MeasureSettings(
                        clientThreads,
                        Duration.ofSeconds(2),
                        Pinning.plan(false, null, null),
                        0.95,
                        new WarmupRule(leastWarmup, Duration.ofSeconds(20))));
    }

    @Test
    void theClientHoldsTheScenariosBackgroundConnections() {
        LoadConfig config = step(1, Duration.ofSeconds(1))
                .load("http://127.0.0.1:1/plaintext", SLOW_AND_IDLE, null)
                .build();
        assertEquals(40, config.connections().count());
        assertEquals(300, config.background().idleConnections());
        assertEquals(20, config.background().slowConnections());
        assertEquals(Duration.ofMillis(50), config.background().slowInterval());
        LoadConfig quiet = step(1, Duration.ofSeconds(1))
                .load("http://127.0.0.1:1/plaintext", SLOW_AND_IDLE.quietShape(), null)
                .build();
        assertFalse(quiet.hasBackground());
    }

    @Test
    void warmupChunksAreTheScenariosLoadWithoutItsBackgroundConnections() {
        LoadConfig chunk = step(1, Duration.ofSeconds(1)).warmupChunk("http://127.0.0.1:1/plaintext", SLOW_AND_IDLE);
        assertEquals(40, chunk.connections().count());
        assertFalse(chunk.hasBackground());
        assertEquals(
                Duration.ofMillis(WarmupRule.CHUNK_MILLIS), chunk.timeline().duration());
        assertEquals(Duration.ZERO, chunk.timeline().warmup());
    }

    @Test
    void aWindowBesideBackgroundConnectionsLeadsInForTheLeastWarmup() {
        MeasuringStep step = step(1, Duration.ofSeconds(2));
        assertEquals(Duration.ofSeconds(2), step.leadIn(SLOW_AND_IDLE));
        assertEquals(MeasuringStep.LEAD_IN, step.leadIn(SLOW_AND_IDLE.quietShape()));
        assertEquals(MeasuringStep.LEAD_IN, step(1, Duration.ZERO).leadIn(SLOW_AND_IDLE));
    }

    @Test
    void theClientHasAtMostOneThreadPerConnection() {
        Scenario one = Scenario.closedLoop("/plaintext", 0, true, 1, 1);
        assertEquals(
                1,
                step(4, Duration.ZERO)
                        .load("http://127.0.0.1:1/", one, null)
                        .build()
                        .connections()
                        .threads());
        assertEquals(
                4,
                step(4, Duration.ZERO)
                        .load("http://127.0.0.1:1/", SLOW_AND_IDLE, null)
                        .build()
                        .connections()
                        .threads());
    }

    @Test
    void anOfferedRateOverridesTheScenarios() {
        LoadConfig open = step(1, Duration.ZERO)
                .load("http://127.0.0.1:1/", SLOW_AND_IDLE.atRate(1000), 500.0)
                .build();
        assertEquals(500.0, open.pacing().rate());
    }

    @Test
    void aServerServesOnlyLoadsOfTheWorkAndDeadlineItWasStartedFor() {
        Scenario c40 = Scenario.closedLoop("/plaintext", 0, true, 40, 1);
        MeasuredTarget netty = new MeasuredTarget("netty@base", c40, null, "not started");
        netty.checkServes(Scenario.closedLoop("/plaintext", 0, true, 256, 16));
        IllegalArgumentException work = assertThrows(
                IllegalArgumentException.class,
                () -> netty.checkServes(Scenario.closedLoop("/plaintext", 1, true, 40, 1)));
        assertTrue(work.getMessage().contains("cannot serve plaintext-c40-ka-w1"), work.getMessage());
        assertThrows(IllegalArgumentException.class, () -> netty.checkServes(c40.withHeaderTimeout(1_000)));
    }

    @Test
    void targetsThatCannotTakeTurnsEachHaveTheirFailedCell() {
        Scenario c4 = Scenario.closedLoop("/plaintext", 0, true, 4, 1);
        MeasuredTarget a = new MeasuredTarget("a", c4, null, "did not start: no such model");
        MeasuredTarget b = new MeasuredTarget("b", c4, null, "did not start: port taken");
        List<Cell> cells = step(1, Duration.ZERO)
                .turnWindow(
                        List.of(a, b),
                        c4,
                        Window.of(2, Duration.ofMillis(40)),
                        Duration.ofMillis(20),
                        MeasureListener.NONE)
                .orElseThrow();
        assertEquals(
                List.of("a", "b"),
                cells.stream().map(c -> c.result().id().target()).toList());
        assertEquals(
                List.of("did not start: no such model", "did not start: port taken"),
                cells.stream().map(c -> c.result().failure()).toList());
        assertTrue(cells.stream().allMatch(c -> c.result().id().repetition() == 2));
        assertThrows(
                IllegalArgumentException.class,
                () -> step(1, Duration.ZERO)
                        .turnWindow(
                                List.of(a),
                                c4,
                                Window.of(1, Duration.ofMillis(40)),
                                Duration.ofMillis(20),
                                MeasureListener.NONE));
    }

    @Test
    void sideBySideTakesOnlyAnOpenLoopAndATargetNotUpHasItsFailedCell() {
        Scenario c4 = Scenario.closedLoop("/plaintext", 0, true, 4, 1);
        MeasuredTarget a = new MeasuredTarget("a", c4, null, "did not start: no such model");
        MeasuredTarget b = new MeasuredTarget("b", c4, null, "did not start: port taken");
        IllegalArgumentException closed = assertThrows(
                IllegalArgumentException.class,
                () -> step(1, Duration.ZERO)
                        .sideBySideWindow(
                                List.of(a, b), c4, Window.of(1, Duration.ofMillis(40)), MeasureListener.NONE));
        assertTrue(closed.getMessage().contains("open loop"), closed.getMessage());
        List<Cell> cells = step(1, Duration.ZERO)
                .sideBySideWindow(
                        List.of(a, b),
                        c4.atPeakFraction(0.25),
                        new Window(3, Duration.ofMillis(40), 1000.0, null, null),
                        MeasureListener.NONE)
                .orElseThrow();
        assertEquals(
                List.of("did not start: no such model", "did not start: port taken"),
                cells.stream().map(c -> c.result().failure()).toList());
        assertTrue(cells.stream().allMatch(c -> c.result().id().repetition() == 3));
    }

    @Test
    void onlyADatabaseScenariosJvmCountsItsPinsAndOnlyWithWhyFigures() {
        for (String route : List.of("/db", "/queries?queries=20", "/fortunes", "/updates?queries=5")) {
            assertTrue(MeasuringStep.countsPins(true, Scenario.closedLoop(route, 0, true, 40, 1)), route);
            assertFalse(MeasuringStep.countsPins(false, Scenario.closedLoop(route, 0, true, 40, 1)), route);
        }
        for (String route : List.of("/plaintext", "/json", "/echo")) {
            assertFalse(MeasuringStep.countsPins(true, Scenario.closedLoop(route, 0, true, 40, 1)), route);
        }
    }
}
