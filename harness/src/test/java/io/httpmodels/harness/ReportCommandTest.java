package io.httpmodels.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.report.HtmlReport;
import io.httpmodels.harness.report.MarkdownReport;
import io.httpmodels.harness.report.SampleResults;
import io.httpmodels.harness.report.TextTable;
import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.ResultsJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

@Timeout(60)
class ReportCommandTest {

    @TempDir
    Path dir;

    @Test
    void reRendersBothReportsBesideTheJsonAndPrintsTheTableAndPaths() throws Exception {
        Results results = SampleResults.run();
        Path json = dir.resolve("results.json");
        ResultsJson.write(results, json);
        CliRun run = CliRun.of("report", json.toString());
        assertEquals(0, run.exitCode(), run.err());
        assertEquals(MarkdownReport.render(results), Files.readString(dir.resolve("report.md")));
        assertEquals(HtmlReport.render(results), Files.readString(dir.resolve("report.html")));
        assertTrue(run.out().startsWith(TextTable.render(results)), run.out());
        assertTrue(
                run.out()
                        .endsWith("wrote " + dir.resolve("report.md").toAbsolutePath() + System.lineSeparator()
                                + "wrote " + dir.resolve("report.html").toAbsolutePath() + System.lineSeparator()),
                run.out());
    }

    @Test
    void aRunsFolderIsReadThroughItsResultsJson() throws Exception {
        Results results = SampleResults.run();
        ResultsJson.write(results, dir.resolve("results.json"));
        CliRun run = CliRun.of("report", dir.toString());
        assertEquals(0, run.exitCode(), run.err());
        assertEquals(MarkdownReport.render(results), Files.readString(dir.resolve("report.md")));
        assertEquals(HtmlReport.render(results), Files.readString(dir.resolve("report.html")));
    }

    @Test
    void outPutsTheReportsElsewhere() throws Exception {
        Path json = dir.resolve("results.json");
        ResultsJson.write(SampleResults.run(), json);
        Path out = dir.resolve("elsewhere");
        CliRun run = CliRun.of("report", json.toString(), "--out", out.toString());
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(Files.isRegularFile(out.resolve("report.md")));
        assertTrue(Files.isRegularFile(out.resolve("report.html")));
        assertFalse(Files.exists(dir.resolve("report.md")));
    }

    @Test
    void aMissingFileIsAUsageError() {
        CliRun run = CliRun.of("report", dir.resolve("none.json").toString());
        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("no such file: " + dir.resolve("none.json")), run.err());
        assertEquals(2, CliRun.of("report").exitCode(), "RESULTS_JSON is required");
    }

    @Test
    void aFileThatIsNotResultsIsAUsageError() throws Exception {
        Path notJson = Files.writeString(dir.resolve("notes.txt"), "hello");
        assertEquals(2, CliRun.of("report", notJson.toString()).exitCode());
        Path otherJson = Files.writeString(dir.resolve("load.json"), "{\"requests\": 12}");
        CliRun run = CliRun.of("report", otherJson.toString());
        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("not a results file: no schemaVersion"), run.err());
        assertFalse(Files.exists(dir.resolve("report.md")), "nothing written");
    }

    @Test
    void anotherSchemaVersionIsAUsageError() throws Exception {
        Path json = Files.writeString(
                dir.resolve("results.json"),
                ResultsJson.toJson(SampleResults.run())
                        .replaceFirst("\"schemaVersion\" : " + Results.SCHEMA_VERSION, "\"schemaVersion\" : 99"));
        CliRun run = CliRun.of("report", json.toString());
        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("results schema version 99 is not supported"), run.err());
    }
}
