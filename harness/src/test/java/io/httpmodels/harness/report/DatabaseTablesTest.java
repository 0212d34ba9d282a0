package io.httpmodels.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.results.CellResult;
import io.httpmodels.harness.results.DatabaseCeiling;
import io.httpmodels.harness.results.DatabaseChecks;
import io.httpmodels.harness.results.DatabaseChecks.UpdatesWritten;
import io.httpmodels.harness.results.DatabaseConnections;
import io.httpmodels.harness.results.DatabaseFigures;
import io.httpmodels.harness.results.DatabasePool;
import io.httpmodels.harness.results.DatabaseUsage;
import io.httpmodels.harness.results.ForkStatistics;
import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.ResultsJson;
import io.httpmodels.harness.results.Scenario;
import io.httpmodels.harness.results.Summary;
import io.httpmodels.harness.results.Usage;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

/** A scenario whose rows measured the database gains its CPU per request beside the server's; the others do not. */
class DatabaseTablesTest {

    private static final Results PLAIN = SampleResults.onlyScenarios(SampleResults.run(), SampleResults.C40);

    /**
     * The sample run, each row's database at 10 µs a request plus its position (10, 11, 12...); the first row's
     * model with a pool of 8 connections, the others' JVMs with none.
     */
    private static Results withDatabase() {
        List<Summary> rows = PLAIN.summaries();
        List<Summary> measured = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            Summary s = rows.get(i)
                    .withDatabase(new DatabaseFigures(ForkStatistics.estimate(List.of(10.0 + i, 10.0 + i, 10.0 + i))));
            measured.add(
                    i == 0
                            ? s.withWhy(
                                    WhyResults.withDatabasePool(WhyResults.why(s.target()), new DatabasePool(8, 120.0)))
                            : s);
        }
        return SampleResults.withFigures(PLAIN, PLAIN.cells(), measured);
    }

    @Test
    void theScenarioTableAddsDatabaseCpuPerRequestAfterTheServersWithItsNote() {
        ScenarioTable t = ScenarioTable.of(withDatabase(), SampleResults.C40);
        List<String> headers =
                t.columns().stream().map(ScenarioTable.Column::joined).toList();
        int server = headers.indexOf("server CPU (µs/req)");
        assertEquals("database pool (connections)", headers.get(server + 1));
        assertEquals("database CPU (µs/req)", headers.get(server + 2));
        ScenarioTable.Row first = t.rows().get(0);
        assertEquals("8", first.allCells(headers.size()).get(server + 1), first.toString());
        assertTrue(first.allCells(headers.size()).get(server + 2).startsWith("10.0"), first.toString());
        assertEquals(Format.NONE, t.rows().get(1).allCells(headers.size()).get(server + 1), "a JVM with no pool");
        assertTrue(t.footnotes().contains(ScenarioTable.DATABASE_NOTE));
    }

    @Test
    void theTextTableAddsADatabaseBlockWithTheServerAndDatabaseSummed() {
        Results run = withDatabase();
        String text = TextTable.render(run);
        String block = text.substring(text.indexOf("database  [" + SampleResults.C40.id() + "]"));
        List<String> lines = block.lines().toList();
        assertTrue(
                lines.get(1)
                        .matches("target\\s+pool\\s+µs/req\\s+db µs/req\\s+server \\+ db\\s+vs pgbench\\s+active"
                                + "\\s+open\\s+checked"),
                lines.get(1));
        Summary first = run.summaries().get(0);
        String sum = Format.cpuMicros(first.cpuMicrosPerRequest() + 10.0);
        assertTrue(
                lines.get(2)
                        .matches(first.target() + "\\s+8\\s+\\S+( ±\\S+)?\\s+10.0( ±\\S+)?\\s+" + sum
                                + "\\s+–\\s+–\\s+–\\s+–"),
                lines.get(2));
        assertTrue(lines.get(3).matches("\\S+\\s+–\\s+.*"), "a JVM with no pool: " + lines.get(3));
        assertTrue(text.contains("pool: the connections of the model's database pool"), text);
        assertTrue(text.contains("db µs/req: PostgreSQL's CPU"), text);
    }

    /** The sample run with its database checked: the first row answered 3 of 40 wrongly, the others 0 of 40. */
    private static Results checked(UpdatesWritten updates) {
        List<Summary> rows = PLAIN.summaries();
        return SampleResults.withFigures(
                PLAIN,
                PLAIN.cells(),
                rows.stream()
                        .map(s -> s.withDatabase(new DatabaseFigures(
                                null,
                                new DatabaseConnections(10, 6.5, 8, 8),
                                rows.indexOf(s) == 0
                                        ? new DatabaseChecks(
                                                40,
                                                3,
                                                1,
                                                "/db: row 7 answered randomNumber 1, the table holds 2",
                                                null,
                                                null)
                                        : new DatabaseChecks(40, 0, 0, null, updates, null))))
                        .toList());
    }

    @Test
    void aWrongAnswerIsMarkedInEveryReportAndWarnedOfByName() {
        Results run = checked(null);
        Summary wrong = run.summaries().get(0);
        String text = TextTable.render(run);
        String block = text.substring(text.indexOf("database  [" + SampleResults.C40.id() + "]"));
        List<String> lines = block.lines().toList();
        assertTrue(lines.get(2).matches(wrong.target() + ".*6\\.5/8\\s+8\\s+✗ 3/40"), lines.get(2));
        assertTrue(lines.get(3).matches(".*6\\.5/8\\s+8\\s+0/40"), lines.get(3));
        assertTrue(
                text.contains("warning: " + wrong.target() + " " + SampleResults.C40.route() + " ["
                        + SampleResults.C40.id() + "]: 3 of 40 sampled answers wrong, the first: /db: row 7 answered"
                        + " randomNumber 1, the table holds 2"),
                text);
        assertEquals(1, TextTable.warnings(run).size());
        String mainRow = text.lines()
                .filter(l -> l.startsWith(wrong.target() + " "))
                .findFirst()
                .orElseThrow();
        assertTrue(mainRow.contains("✗"), mainRow);

        ScenarioTable t = ScenarioTable.of(run, SampleResults.C40);
        assertTrue(t.rows().get(0).wrong());
        assertFalse(t.rows().get(1).wrong());
        List<String> headers =
                t.columns().stream().map(ScenarioTable.Column::joined).toList();
        int checks = headers.indexOf("answers checked (wrong of sampled)");
        assertEquals(
                "✗ 3 of 40, 1 unanswered: /db: row 7 answered randomNumber 1, the table holds 2",
                t.rows().get(0).allCells(headers.size()).get(checks));
        assertEquals(
                "6.5 / 8, 8 open",
                t.rows()
                        .get(1)
                        .allCells(headers.size())
                        .get(headers.indexOf("db connections (active mean / max, open)")));
        assertTrue(MarkdownReport.render(run).contains("✗ 3 of 40"));
        String html = HtmlReport.render(run);
        assertTrue(html.contains("<tr class=\"wrong\"><th scope=\"row\">" + wrong.target()), "the row is marked");
    }

    @Test
    void updatesNotWrittenAreWrongEvenWithEveryAnswerRight() {
        UpdatesWritten notWritten =
                new UpdatesWritten(false, "row 3 answered randomNumber 9, the table holds 4", 90, 100, false);
        DatabaseChecks c = new DatabaseChecks(40, 0, 0, null, notWritten, null);
        assertTrue(c.failed());
        assertEquals(
                "✗ 0 of 40; NOT written, 90 of ≥ 100 tuples: row 3 answered randomNumber 9, the table holds 4",
                ScenarioTable.checks(c));
        Results run = checked(notWritten);
        assertTrue(TextTable.warnings(run).stream()
                .anyMatch(l -> l.endsWith("the rows its updates answered were not written: row 3 answered"
                        + " randomNumber 9, the table holds 4")));
        assertEquals(
                "0 of 40; written, 2,000 of 2,000 tuples",
                ScenarioTable.checks(
                        new DatabaseChecks(40, 0, 0, null, new UpdatesWritten(true, null, 2000, 2000, true), null)));
    }

    @Test
    void aRowSumsItsWindowsChecksAndCombinesTheirConnections() {
        DatabaseChecks sum = DatabaseChecks.sum(java.util.Arrays.asList(
                new DatabaseChecks(10, 0, 0, null, new UpdatesWritten(true, null, 100, 100, true), null),
                null,
                new DatabaseChecks(10, 2, 1, "first", new UpdatesWritten(false, "row 1", 50, 100, false), null),
                new DatabaseChecks(10, 1, 0, "second", new UpdatesWritten(null, "no answer", 10, 100, true), null)));
        assertEquals(
                new DatabaseChecks(30, 3, 1, "first", new UpdatesWritten(false, "row 1", 160, 300, false), null), sum);
        assertNull(DatabaseChecks.sum(java.util.Arrays.asList(null, null)));
        DatabaseConnections both = DatabaseConnections.combine(
                List.of(new DatabaseConnections(10, 2.0, 4, 8), new DatabaseConnections(30, 6.0, 8, 16)));
        assertEquals(new DatabaseConnections(40, 5.0, 8, 16), both);
    }

    @Test
    void theSamplersOwnDatabaseCpuIsTakenOutOfTheWindows() {
        CellResult cell = PLAIN.cells().get(0);
        CellResult measured = new CellResult(
                cell.id(),
                cell.status(),
                cell.failure(),
                cell.figures(),
                new Usage(cell.usage().server(), cell.usage().client(), new DatabaseUsage(1.0, null)),
                cell.diagnostics());
        long requests = cell.figures().throughput().requests();
        CellResult less = measured.withoutDatabaseCpu(0.25);
        assertEquals(0.75, less.usage().database().cpuSeconds(), 1e-12);
        assertEquals(0.75e6 / requests, less.usage().database().cpuMicrosPerRequest(), 1e-9);
        assertSame(measured, measured.withoutDatabaseCpu(null));
        assertSame(cell, cell.withoutDatabaseCpu(0.25), "no database CPU measured: nothing to take out");
    }

    @Test
    void checksAndConnectionsReadBackFromResultsJsonAndOldFilesHaveNone() throws Exception {
        Results run = checked(new UpdatesWritten(true, null, 2000, 2000, true));
        assertEquals(run, ResultsJson.fromJson(ResultsJson.toJson(run)));
        assertNull(ResultsJson.fromJson(ResultsJson.toJson(PLAIN))
                .summaries()
                .get(0)
                .databaseChecks());
        assertFalse(ResultsJson.toJson(PLAIN).contains("databaseChecks"));
    }

    @Test
    void aRunWithoutADatabaseShowsNoneOfIt() {
        assertFalse(TextTable.render(PLAIN).contains("db µs/req"));
        assertFalse(MarkdownReport.render(PLAIN).contains("database CPU"));
        assertNull(PLAIN.summaries().get(0).databaseCpuMicrosPerRequest());
    }

    @Test
    void withPostgreSQLsCeilingADbRowIsItsShareOfItAndTheCeilingIsSaid() {
        Results run = withDatabase()
                .withDatabaseCeilings(List.of(new DatabaseCeiling(
                        SampleResults.C40.shape().connections(),
                        ForkStatistics.estimate(List.of(1_000_000.0, 1_000_000.0, 1_000_000.0)),
                        ForkStatistics.estimate(List.of(50.0, 50.0, 50.0)))));
        // The sample's scenario is /plaintext: it runs no query of the ceiling's, so no share.
        assertEquals(0, DatabaseShare.readsPerRequest(SampleResults.C40));
        assertNull(
                DatabaseShare.ofCeiling(run, SampleResults.C40, run.summaries().get(0)));
        assertTrue(
                DatabaseShare.ceilingLine(run, SampleResults.C40).contains("1,000,000 ±0.0% queries/s, 50.0 ±0.0% µs"),
                DatabaseShare.ceilingLine(run, SampleResults.C40));
        Scenario db = Scenario.closedLoop("/db", 0, true, 40, 1);
        Scenario twenty = Scenario.closedLoop("/queries?queries=20", 0, true, 40, 1);
        assertEquals(1, DatabaseShare.readsPerRequest(db));
        assertEquals(20, DatabaseShare.readsPerRequest(twenty));
        assertEquals(0, DatabaseShare.readsPerRequest(Scenario.closedLoop("/fortunes", 0, true, 40, 1)));
        Summary row = run.summaries().get(0);
        assertEquals(row.requestsPerSecond() / 1_000_000.0, DatabaseShare.ofCeiling(run, db, row), 1e-12);
        assertEquals(20 * row.requestsPerSecond() / 1_000_000.0, DatabaseShare.ofCeiling(run, twenty, row), 1e-12);
        assertNull(DatabaseShare.ofCeiling(run, Scenario.closedLoop("/db", 0, true, 256, 1), row), "no ceiling at 256");
    }

    @Test
    void theCeilingLineAlsoSaysWhatTheDatabaseServedAtTheRunsOtherConnectionCounts() {
        Results run = withDatabase()
                .withDatabaseCeilings(List.of(
                        new DatabaseCeiling(
                                8,
                                ForkStatistics.estimate(List.of(20_000.0, 20_000.0, 20_000.0)),
                                ForkStatistics.estimate(List.of(30.0, 30.0, 30.0))),
                        new DatabaseCeiling(
                                SampleResults.C40.shape().connections(),
                                ForkStatistics.estimate(List.of(15_000.0, 15_000.0, 15_000.0)),
                                ForkStatistics.estimate(List.of(60.0, 60.0, 60.0)))));
        String line = DatabaseShare.ceilingLine(run, SampleResults.C40);
        assertTrue(line.contains("40 connections, the same CPUs): 15,000 ±0.0% queries/s"), line);
        assertTrue(
                line.endsWith("; at 8 connections: 20,000 ±0.0% queries/s, 30.0 ±0.0% µs of database CPU a query"),
                line);
        assertNull(DatabaseShare.ceilingLine(run, Scenario.closedLoop("/db", 0, true, 256, 1)), "none at 256");
    }
}
