package io.httpmodels.harness.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.report.SampleResults;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

class ResultsJsonTest {

    @TempDir
    Path dir;

    @Test
    void whatIsWrittenReadsBackEqual() throws IOException {
        Results results = SampleResults.run();
        Path file = dir.resolve("results.json");
        ResultsJson.write(results, file);
        assertEquals(results, ResultsJson.read(file));
    }

    @Test
    void schemaVersionComesFirstAndInstantsAreIsoText() throws IOException {
        String json = ResultsJson.toJson(SampleResults.run());
        assertTrue(
                json.matches("(?s)\\{\\s*\"schemaVersion\" : " + Results.SCHEMA_VERSION + ",.*"),
                json.substring(0, 80));
        assertTrue(json.contains("\"startedAt\" : \"2026-11-30T16:00:00Z\""));
    }

    @Test
    void anotherSchemaVersionIsRefusedWithBothVersions() {
        String json =
                ResultsJson.toJson(SampleResults.run()).replaceFirst("\"schemaVersion\" : 1", "\"schemaVersion\" : 99");
        IOException e = assertThrows(IOException.class, () -> ResultsJson.fromJson(json));
        assertEquals("results schema version 99 is not supported (this harness reads 1)", e.getMessage());
    }

    @Test
    void jsonThatIsNotResultsIsRefused() {
        IOException e = assertThrows(IOException.class, () -> ResultsJson.fromJson("{\"requests\": 12}"));
        assertEquals("not a results file: no schemaVersion", e.getMessage());
        assertThrows(IOException.class, () -> ResultsJson.fromJson("[1, 2]"));
        assertThrows(IOException.class, () -> ResultsJson.fromJson("not json"));
    }

    @Test
    void aMissingFileIsNamed() {
        Path missing = dir.resolve("nope.json");
        IOException e = assertThrows(IOException.class, () -> ResultsJson.read(missing));
        assertEquals("no such file: " + missing, e.getMessage());
    }

    @Test
    void aWriteLeavesNoTemporaryFileBehind() throws IOException {
        ResultsJson.write(SampleResults.run(), dir.resolve("results.json"));
        ResultsJson.write(SampleResults.withoutCapacities(), dir.resolve("results.json"));
        try (var files = Files.list(dir)) {
            assertEquals(java.util.List.of(dir.resolve("results.json")), files.toList());
        }
        assertEquals(SampleResults.withoutCapacities(), ResultsJson.read(dir.resolve("results.json")));
    }
}
