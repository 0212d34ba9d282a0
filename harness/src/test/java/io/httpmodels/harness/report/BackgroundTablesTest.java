package io.httpmodels.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.ResultsJson;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;

class BackgroundTablesTest {

    private final Results results = SlowAndIdleResults.run();

    @Test
    void theSlowClientsTableSaysTheShareOfRequestsPerSecondEachTargetKept() {
        BackgroundTables.Table slow = BackgroundTables.of(results).get(0);
        assertTrue(slow.slow());
        assertEquals("plaintext-c40-ka-w0-slow200", slow.scenarioId());
        assertEquals("plaintext-c40-ka-w0", slow.aloneId());
        assertEquals("Slow clients: 40 connections beside 200 slowloris ones", slow.heading());
        assertEquals(
                List.of("single-thread", "16,800", "0", "0.0 %", "0 / 40", "200 / 200", "0"),
                slow.rows().get(0));
        assertEquals(
                List.of("netty", "136,200", "134,838", "99 %", "40 / 40", "200 / 200", "0"),
                slow.rows().get(4));
    }

    @Test
    void theManyConnectionsTableSaysMemoryPerIdleConnectionFromTheRssDifference() {
        BackgroundTables.Table idle = BackgroundTables.of(results).get(1);
        assertFalse(idle.slow());
        assertEquals("Many connections: 40 measured beside 10,000 idle keep-alive ones", idle.heading());
        List<String> tpc = idle.rows().get(1);
        assertEquals("thread-per-connection", tpc.get(0));
        assertEquals("83,360", tpc.get(1));
        assertEquals("80 %", tpc.get(2));
        assertEquals("10,000 / 10,000", tpc.get(3));
        assertEquals("10,056", tpc.get(4), "threads peak");
        assertEquals("60.0", tpc.get(7), "KiB per idle connection");
        assertEquals("1 / 10,000", idle.rows().get(0).get(3), "the single thread answered one");
        assertEquals("2.0", idle.rows().get(4).get(7));
    }

    @Test
    void aShareNeedsBothFiguresAndALoadAloneThatServedSomething() {
        assertNull(BackgroundTables.shareKept(null, results.summaries().get(0)));
        assertNull(BackgroundTables.kibPerIdleConnection(results.summaries().get(0), null, 10));
        Results withoutAlone = SampleResults.onlyScenarios(results, SlowAndIdleResults.SLOW);
        BackgroundTables.Table slow = BackgroundTables.of(withoutAlone).get(0);
        assertNull(slow.aloneId());
        assertEquals("–", slow.rows().get(4).get(3));
        assertTrue(slow.note().endsWith("This run has no scenario of the same load alone."));
        assertEquals(List.of(), ChartPlan.kept(withoutAlone), "no share, no chart");
    }

    @Test
    void aRunWithoutSlowOrIdleConnectionsHasNoSuchTableChartOrSection() {
        Results plain = SampleResults.run();
        assertEquals(List.of(), BackgroundTables.of(plain));
        assertEquals(List.of(), ChartPlan.kept(plain));
        assertFalse(HtmlReport.render(plain).contains("id=\"survives\""));
        assertFalse(MarkdownReport.render(plain).contains("Slow clients"));
    }

    @Test
    void theReportsShowTheTablesAndTheShareKeptChart() {
        List<ChartPlan.Chart> kept = ChartPlan.kept(results);
        assertEquals(1, kept.size());
        assertEquals(ChartPlan.KEPT, kept.get(0).kind());
        assertEquals(
                List.of("plaintext-c40-ka-w0-slow200", "plaintext-c40-ka-w0"),
                kept.get(0).scenarioIds());
        String page = HtmlReport.render(results);
        assertTrue(page.contains("id=\"chart-kept-plaintext-c40-ka-w0-slow200\" data-chart=\"kept\""));
        assertTrue(page.contains("<a href=\"#survives\">"));
        assertTrue(page.contains("<td class=\"num\">99 %</td>"));
        String md = MarkdownReport.render(results);
        assertTrue(md.contains("## Slow clients: 40 connections beside 200 slowloris ones"), md);
        assertTrue(md.contains("| netty | 136,200 | 134,838 | 99 % | 40 / 40 | 200 / 200 | 0 |"), md);
        assertTrue(md.contains("| thread-per-connection | 83,360 | 80 % | 10,000 / 10,000 | 10,056 |"), md);
    }

    @Test
    void theBackgroundFiguresReadBackFromTheJson() throws IOException {
        assertEquals(results, ResultsJson.fromJson(ResultsJson.toJson(results)));
    }
}
