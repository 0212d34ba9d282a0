package io.httpmodels.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.ResultsJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;

class ReportWriterTest {

    @TempDir
    Path dir;

    @Test
    void writesTheDataAndBothReportsWholeAndNothingElse() throws IOException {
        Results results = SampleResults.run();
        Path run = dir.resolve("20261130-160000");
        List<Path> written = ReportWriter.writeAll(results, run);
        assertEquals(
                List.of(run.resolve("results.json"), run.resolve("report.md"), run.resolve("report.html")), written);
        assertEquals(results, ResultsJson.read(run.resolve("results.json")));
        assertEquals(MarkdownReport.render(results), Files.readString(run.resolve("report.md")));
        assertEquals(HtmlReport.render(results), Files.readString(run.resolve("report.html")));
        // Readable by others, as any written file: a temporary file's private mode must not stick.
        assertEquals(
                "rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(run.resolve("report.md"))));
        try (Stream<Path> files = Files.list(run)) {
            assertEquals(3, files.count(), "no temporary file left behind");
        }
    }

    @Test
    void reRenderingReplacesTheReportsAndLeavesTheDataAlone() throws IOException {
        ReportWriter.writeAll(SampleResults.run(), dir);
        String json = Files.readString(dir.resolve("results.json"));
        Results other = SampleResults.withoutCapacities();
        ReportWriter.writeReports(other, dir);
        assertEquals(json, Files.readString(dir.resolve("results.json")));
        assertEquals(MarkdownReport.render(other), Files.readString(dir.resolve("report.md")));
    }
}
