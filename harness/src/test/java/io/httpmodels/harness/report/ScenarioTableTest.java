package io.httpmodels.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.results.Latency;
import io.httpmodels.harness.results.LatencyKind;
import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.RunInfo;
import io.httpmodels.harness.results.RunStatus;
import io.httpmodels.harness.results.Scenario;
import io.httpmodels.harness.results.Summary;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Locale;

class ScenarioTableTest {

    /** The 40-connection scenario re-labelled as open loop at 90 % of each peak, as a capacity run measures it. */
    private static Results openLoop() {
        Scenario rated = SampleResults.C40.atPeakFraction(0.9);
        Results base = SampleResults.onlyScenarios(SampleResults.run(), SampleResults.C40);
        List<Summary> summaries = base.summaries().stream()
                .map(s -> new Summary(
                        rated.id(),
                        s.target(),
                        s.outcome(),
                        s.rate(),
                        new Summary.Timing(
                                intended(s.latency(), s.requestsPerSecond()),
                                s.timing().p50(),
                                s.timing().p99(),
                                s.timing().distribution()),
                        s.connectionFigures(),
                        s.server(),
                        s.client(),
                        s.forks(),
                        s.why(),
                        s.tls()))
                .toList();
        RunInfo run = base.run();
        return new Results(
                new RunInfo(run.schemaVersion(), run.tool(), run.startedAt(), run.finishedAt(), RunStatus.INTERRUPTED),
                base.conditions(),
                base.targets(),
                List.of(rated),
                List.of(),
                summaries,
                List.of());
    }

    private static Latency intended(Latency raw, double rate) {
        String description = String.format(
                Locale.ROOT,
                "from when each request was meant to be sent (constant rate %.0f/s, open loop) to the last byte of"
                        + " its response",
                rate);
        return new Latency(
                LatencyKind.INTENDED,
                description,
                raw.count(),
                raw.mean(),
                raw.p50(),
                raw.p90(),
                raw.p99(),
                raw.p999(),
                raw.max());
    }

    @Test
    void anOpenLoopTableSaysItsLatencyCountsFromTheIntendedSendTimeInTheDataSWords() {
        Results results = openLoop();
        ScenarioTable table = ScenarioTable.of(results, results.scenarios().get(0));
        assertEquals(
                List.of("p50 (intended)", "p99 (intended)", "p99.9 (intended)"),
                table.columns().subList(4, 7).stream()
                        .map(ScenarioTable.Column::joined)
                        .toList());
        // Each target ran at its own rate: each description is kept, none invented.
        assertTrue(table.footnotes()
                .contains("p50, p99, p99.9 (intended): from when each request was meant to be sent (constant rate"
                        + " 136200/s, open loop) to the last byte of its response."));
        assertEquals(
                6, table.footnotes().stream().filter(f -> f.startsWith("p50")).count());
        assertTrue(table.scenario().title().endsWith("open loop at 90 % of each peak"));
    }

    @Test
    void anInterruptedRunSaysSoAtTheTop() {
        Results results = openLoop();
        assertTrue(MarkdownReport.render(results)
                .contains("- **Run:** 2026-11-30 16:00:00 UTC to 2026-11-30 16:24:10 UTC, interrupted: only the cells"
                        + " that completed are shown\n"));
        assertTrue(HtmlReport.render(results)
                .contains("<p class=\"warning\">This run was interrupted: only the cells that completed are"
                        + " shown.</p>"));
    }
}
