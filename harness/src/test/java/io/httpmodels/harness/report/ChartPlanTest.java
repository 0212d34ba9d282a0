package io.httpmodels.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.results.Scenario;
import org.junit.jupiter.api.Test;

import java.util.List;

class ChartPlanTest {

    @Test
    void scenariosThatDifferOnlyInConnectionsAreASweepInConnectionOrder() {
        Scenario c40 = Scenario.closedLoop("/plaintext", 0, true, 40, 1);
        Scenario c1 = Scenario.closedLoop("/plaintext", 0, true, 1, 1);
        Scenario c10 = Scenario.closedLoop("/plaintext", 0, true, 10, 1);
        Scenario json = Scenario.closedLoop("/json", 0, true, 40, 1);
        Scenario work = Scenario.closedLoop("/plaintext", 1, true, 10, 1);
        Scenario rated = c40.atRate(50_000);
        assertEquals(List.of(List.of(c1, c10, c40)), Sweeps.of(List.of(c40, json, c1, work, rated, c10)));
        assertEquals(List.of(), Sweeps.of(List.of(c40, json, work, rated)), "no two share a shape");
        assertEquals("GET /plaintext, keep-alive, no work, closed loop", Sweeps.fixedShape(List.of(c1, c10, c40)));
    }

    @Test
    void theFixtureHasEveryKindOfChart() {
        List<ChartPlan.Chart> charts = ChartPlan.of(SampleResults.run());
        assertEquals(
                List.of(
                        "rps", "rps", "rps", "rps", "latency", "latency", "latency", "latency", "cpu", "rss", "sweep",
                        "errors"),
                charts.stream().map(ChartPlan.Chart::kind).toList());
        ChartPlan.Chart sweep = charts.get(10);
        assertEquals("Requests/s against connections (1, 10, 40)", sweep.title());
        assertEquals(List.of("plaintext-c1-ka-w0", "plaintext-c10-ka-w0", "plaintext-c40-ka-w0"), sweep.scenarioIds());
        assertTrue(sweep.note().contains("netty at 40"), sweep.note());
    }

    @Test
    void theErrorsChartHasARowPerTargetAndScenarioThatCountedAny() {
        ChartPlan.Chart errors = ChartPlan.errors(SampleResults.run()).get(0);
        // single-thread and fixed-pool in three scenarios each.
        assertEquals(110 + 46 * 6, errors.heightPixels());
        assertEquals(List.of(), ChartPlan.errors(SampleResults.onlyScenarios(SampleResults.run(), SampleResults.C1)));
    }
}
