package io.httpmodels.harness.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.httpmodels.harness.report.SampleResults;
import io.httpmodels.harness.report.TlsResults;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;

/** TLS in results.json is additive: new fields where TLS ran, none where it did not, old files read as before. */
class TlsResultsJsonTest {

    @Test
    void aRunWithTlsReadsBackEqual() throws IOException {
        Results run = TlsResults.run();
        assertEquals(run, ResultsJson.fromJson(ResultsJson.toJson(run)));
    }

    @Test
    void tlsFieldsAppearOnlyOnTlsScenariosCellsAndRows() throws IOException {
        JsonNode tree = ResultsJson.mapper().readTree(ResultsJson.toJson(TlsResults.run()));
        assertEquals(Results.SCHEMA_VERSION, tree.get("schemaVersion").asInt(), "the same schema, one field more");
        JsonNode scenarios = tree.get("scenarios");
        assertFalse(scenarios.get(0).has("tls"), scenarios.get(0).toString());
        assertEquals("FULL", scenarios.get(1).get("tls").asText());
        for (String group : List.of("cells", "summaries")) {
            for (JsonNode node : tree.get(group)) {
                boolean tls = node.get("scenarioId").asText().equals(TlsResults.FULL.id());
                assertEquals(tls, node.has("tls"), group + ": " + node.get("scenarioId"));
                if (tls) {
                    JsonNode h = node.get("tls");
                    assertEquals(5_000, h.get("handshakes").asLong());
                    assertEquals(1_000, h.get("resumed").asLong());
                    assertTrue(h.get("serverCpuMicrosPerHandshake").asDouble() >= 400, h.toString());
                }
            }
        }
    }

    @Test
    void aFileWrittenBeforeTlsReadsWithoutTls() throws IOException {
        String before = ResultsJson.toJson(SampleResults.run());
        assertFalse(before.contains("\"tls\""), "a plain run writes what it wrote before");
        Results read = ResultsJson.fromJson(before);
        assertTrue(read.scenarios().stream().noneMatch(Scenario::isTls));
        assertTrue(read.cells().stream().allMatch(c -> c.diagnostics().tls() == null));
        assertTrue(read.summaries().stream().allMatch(s -> s.tls() == null));
    }

    @Test
    void aRowsHandshakesSumTheCountsAndTakeTheMediansOfItsRepetitions() {
        Handshakes a = new Handshakes("1.3", 100, 0, 50.0, 800L, 2_000L, 300.0);
        Handshakes b = new Handshakes("1.3", 120, 10, 60.0, 900L, 2_200L, 320.0);
        Handshakes c = new Handshakes("1.3", 90, 0, 45.0, 700L, 1_900L, 310.0);
        Handshakes row = Handshakes.medianOf(List.of(a, b, c));
        assertEquals(new Handshakes("1.3", 310, 10, 50.0, 800L, 2_000L, 310.0), row);
        assertNull(Handshakes.medianOf(java.util.Arrays.asList(null, null)), "plain cells: no handshakes");
        assertNull(new Handshakes("1.3", 0, 0, 0, null, null, null).resumedShare());
    }
}
