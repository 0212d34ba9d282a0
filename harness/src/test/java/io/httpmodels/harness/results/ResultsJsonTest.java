package io.httpmodels.harness.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.httpmodels.harness.report.SampleResults;
import io.httpmodels.load.HttpProtocol;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

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
    void aCellsFiguresStandInTheCellsOwnObjectAsSchemaOneHasThem() throws IOException {
        JsonNode cell = new ObjectMapper()
                .readTree(ResultsJson.toJson(SampleResults.run()))
                .get("cells")
                .get(0);
        List<String> names = new ArrayList<>();
        cell.fieldNames().forEachRemaining(names::add);
        // Schema 1's fields, in groups of meaning in Java and unwrapped here; warmup, why and flameGraph are new,
        // and additive.
        assertEquals(
                Set.of(
                        "scenarioId",
                        "target",
                        "repetition",
                        "status",
                        "failure",
                        "offeredRate",
                        "durationSeconds",
                        "requests",
                        "requestsPerSecond",
                        "timeline",
                        "latency",
                        "corrected",
                        "service",
                        "distribution",
                        "errors",
                        "statusCounts",
                        "abortReason",
                        "connections",
                        "connectionsServed",
                        "connectsSucceeded",
                        "server",
                        "client",
                        "warmup",
                        "hlog",
                        "background",
                        "why",
                        "flameGraph"),
                Set.copyOf(names));
        assertEquals(names.size(), Set.copyOf(names).size(), "no field twice: " + names);
        assertEquals("ok", cell.get("status").asText());
        assertEquals("raw", cell.get("latency").get("kind").asText());
    }

    @Test
    void aRunBeforeHttp2ReadsAsHttp11AndAnHttp2ScenarioKeepsItsStreamsAndTheTargetsItsProtocols() throws IOException {
        ObjectMapper mapper = ResultsJson.mapper();
        ObjectNode json = (ObjectNode) mapper.readTree(ResultsJson.toJson(SampleResults.run()));
        // Written as before HTTP/2: neither field is there, and the run reads as HTTP/1.1 with protocols unknown.
        assertFalse(
                json.get("scenarios").get(0).has("http2Streams"),
                json.get("scenarios").toString());
        assertFalse(
                json.get("targets").get(0).has("protocols"), json.get("targets").toString());
        Results old = ResultsJson.fromJson(json.toString());
        assertEquals(HttpProtocol.H1, old.scenarios().get(0).protocol());
        assertFalse(old.targets().get(0).doesNotSpeak("h2c"));

        Scenario h2c = Scenario.closedLoop("/plaintext", 0, true, 4, 1).overHttp2(100);
        ((ArrayNode) json.get("scenarios")).set(0, mapper.valueToTree(h2c));
        ((ObjectNode) json.get("targets").get(0)).putArray("protocols").add("h1");
        assertEquals(100, json.get("scenarios").get(0).get("http2Streams").asInt());
        Results read = ResultsJson.fromJson(json.toString());
        assertEquals(h2c, read.scenarios().get(0));
        assertEquals(HttpProtocol.H2C, read.scenarios().get(0).protocol());
        assertEquals(100, read.scenarios().get(0).streams());
        assertEquals(List.of("h1"), read.targets().get(0).protocols());
        assertTrue(read.targets().get(0).doesNotSpeak("h2c"));
    }

    @Test
    void aFailedCellKeepsEveryFieldWithNullFigures() throws IOException {
        CellResult failed = CellResult.failed("s", "netty", 1, 40, "did not start");
        JsonNode cell = new ObjectMapper()
                .readTree(ResultsJson.toJson(SampleResults.withCells(List.of(failed))))
                .get("cells")
                .get(0);
        assertEquals("failed", cell.get("status").asText());
        assertTrue(cell.get("requestsPerSecond").isNull(), cell.toString());
        assertEquals(40, cell.get("connections").asInt());
        assertTrue(cell.get("connectionsServed").isNull(), cell.toString());
        assertEquals(
                failed,
                ResultsJson.fromJson(ResultsJson.toJson(SampleResults.withCells(List.of(failed))))
                        .cells()
                        .get(0));
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
        String json = ResultsJson.toJson(SampleResults.run())
                .replaceFirst("\"schemaVersion\" : " + Results.SCHEMA_VERSION, "\"schemaVersion\" : 99");
        IOException e = assertThrows(IOException.class, () -> ResultsJson.fromJson(json));
        assertEquals("results schema version 99 is not supported (this harness reads 1 to 2)", e.getMessage());
    }

    @Test
    void aSchemaOneSummaryReadsItsNumbersAsFiguresOfOneFork() throws Exception {
        String row = "{\"scenarioId\": \"s\", \"target\": \"netty\", \"status\": \"ok\", \"repetitions\": 1,"
                + " \"okRepetitions\": 1, \"requestsPerSecond\": 97959.0, \"requestsPerSecondMin\": 97959.0,"
                + " \"connections\": 40, \"connectionsServed\": 40, \"timeouts\": 0, \"errors\": 0,"
                + " \"cpuMicrosPerRequest\": 9.5, \"rssPeakBytes\": 285212672, \"clientBound\": false}";
        Summary s = ResultsJson.mapper().readValue(row, Summary.class);
        assertEquals(new Estimate(97959.0, null, null, 1), s.rate().requestsPerSecond());
        assertEquals(9.5, s.cpuMicrosPerRequest());
        assertEquals(285212672L, s.rssPeakBytes());
        assertEquals(40, s.connectionFigures().connections());
        assertTrue(s.ok());
    }

    @Test
    void aSummaryWritesEachFigureWithItsIntervalBesideIt() throws Exception {
        Summary s = SampleResults.run().summaries().stream()
                .filter(Summary::ok)
                .findFirst()
                .orElseThrow();
        var tree = ResultsJson.mapper().readTree(ResultsJson.mapper().writeValueAsString(s));
        var rps = tree.get("requestsPerSecond");
        assertEquals(s.requestsPerSecond(), rps.get("value").asDouble());
        assertTrue(rps.get("low").asDouble() < rps.get("value").asDouble());
        assertTrue(rps.get("high").asDouble() > rps.get("value").asDouble());
        assertEquals(3, rps.get("forks").asInt());
        assertTrue(tree.get("cpuMicrosPerRequest").has("low"));
        assertTrue(tree.get("p99").has("high"));
        assertEquals(3, tree.get("forks").size());
        // The groups stand in the row's own object, as the fields always did.
        assertTrue(tree.has("connectionsServed") && tree.has("clientBound") && tree.has("status"));
        assertEquals(s, ResultsJson.mapper().treeToValue(tree, Summary.class));
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
