package io.httpmodels.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.results.DatabaseFigures;
import io.httpmodels.harness.results.ForkStatistics;
import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.Summary;
import org.junit.jupiter.api.Test;

import java.util.List;

/** A scenario whose rows measured the database gains its CPU per request beside the server's; the others do not. */
class DatabaseTablesTest {

    private static final Results PLAIN = SampleResults.onlyScenarios(SampleResults.run(), SampleResults.C40);

    /** The sample run, each row's database at 10 µs a request plus its position (10, 11, 12...). */
    private static Results withDatabase() {
        List<Summary> rows = PLAIN.summaries();
        return SampleResults.withFigures(
                PLAIN,
                PLAIN.cells(),
                rows.stream()
                        .map(s -> s.withDatabase(new DatabaseFigures(ForkStatistics.estimate(
                                List.of(10.0 + rows.indexOf(s), 10.0 + rows.indexOf(s), 10.0 + rows.indexOf(s))))))
                        .toList());
    }

    @Test
    void theScenarioTableAddsDatabaseCpuPerRequestAfterTheServersWithItsNote() {
        ScenarioTable t = ScenarioTable.of(withDatabase(), SampleResults.C40);
        List<String> headers =
                t.columns().stream().map(ScenarioTable.Column::joined).toList();
        int server = headers.indexOf("server CPU (µs/req)");
        assertEquals("database CPU (µs/req)", headers.get(server + 1));
        ScenarioTable.Row first = t.rows().get(0);
        assertTrue(first.allCells(headers.size()).get(server + 1).startsWith("10.0"), first.toString());
        assertTrue(t.footnotes().contains(ScenarioTable.DATABASE_NOTE));
    }

    @Test
    void theTextTableAddsADatabaseBlockWithTheServerAndDatabaseSummed() {
        Results run = withDatabase();
        String text = TextTable.render(run);
        String block = text.substring(text.indexOf("database  [" + SampleResults.C40.id() + "]"));
        List<String> lines = block.lines().toList();
        assertTrue(lines.get(1).matches("target\\s+µs/req\\s+db µs/req\\s+server \\+ db"), lines.get(1));
        Summary first = run.summaries().get(0);
        String sum = Format.cpuMicros(first.cpuMicrosPerRequest() + 10.0);
        assertTrue(lines.get(2).matches(first.target() + "\\s+\\S+( ±\\S+)?\\s+10.0( ±\\S+)?\\s+" + sum), lines.get(2));
        assertTrue(text.contains("db µs/req: PostgreSQL's CPU per request"), text);
    }

    @Test
    void aRunWithoutADatabaseShowsNoneOfIt() {
        assertFalse(TextTable.render(PLAIN).contains("db µs/req"));
        assertFalse(MarkdownReport.render(PLAIN).contains("database CPU"));
        assertNull(PLAIN.summaries().get(0).databaseCpuMicrosPerRequest());
    }
}
