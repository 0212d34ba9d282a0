package io.httpmodels.harness.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.httpmodels.harness.report.ReportWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Old results.json files are read by Jackson, whatever the records look like in code: two files of schema 1 as the
 * harness wrote them before its records were grouped (commit 4b75aeb; a {@code compare --profile quick} of two
 * models and nginx, and a {@code regress} of netty, on a busy 2-CPU machine; only their /tmp paths renamed) read
 * with their figures, write back to the same JSON, and re-render.
 */
class SchemaOneFilesTest {

    /** Refuses a property written twice in one object, which a tree would otherwise hide (the last one wins). */
    private static final ObjectMapper TREES = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    private static Path stored(String name) throws URISyntaxException {
        return Path.of(SchemaOneFilesTest.class
                .getResource("/io/httpmodels/harness/results/schema-1/" + name)
                .toURI());
    }

    @Test
    void aStoredComparisonReadsWithItsConditionsAndFigures() throws Exception {
        Results results = ResultsJson.read(stored("compare.json"));

        assertEquals(1, results.run().schemaVersion());
        assertEquals(RunStatus.COMPLETE, results.run().status());
        Conditions c = results.conditions();
        assertEquals("Intel(R) Xeon(R) Processor", c.host().cpuModel());
        assertEquals(2, c.host().onlineCpus());
        assertEquals("7.86 11.60 10.53", c.host().loadAverage());
        assertEquals("0", c.placement().serverCpus());
        assertEquals("1", c.placement().clientCpus());
        assertEquals("4b75aebc2b08d0cb4afb9aad95465598ae9b8faa", c.build().gitCommit());
        assertEquals("quick", c.schedule().profile());
        assertEquals(1.0, c.schedule().durationSeconds());
        assertEquals(1, c.schedule().repetitions());
        assertEquals(1, c.client().clientThreads());
        assertTrue(c.jvms().jdk().contains("25.0.3"), c.jvms().jdk());
        assertTrue(c.command().startsWith("httpmodels compare --profile quick"), c.command());

        assertEquals(
                List.of("virtual-threads", "netty", "nginx"),
                results.cells().stream().map(cell -> cell.id().target()).toList());
        CellResult vt = results.cell("plaintext-c40-ka-w0", "virtual-threads");
        assertEquals(CellStatus.OK, vt.status());
        assertEquals(34_258.0, vt.requestsPerSecond());
        assertEquals(34_258L, vt.figures().throughput().requests());
        assertEquals(6_575L, vt.latency().p99());
        assertEquals(LatencyKind.RAW, vt.latency().kind());
        assertEquals(40, vt.figures().connectionCounts().connectionsServed());
        assertEquals(25.556612499270248, vt.usage().server().cpuMicrosPerRequest());
        assertNotNull(vt.diagnostics().why(), "the why figures");
        assertEquals(79_270.0, results.cell("plaintext-c40-ka-w0", "nginx").requestsPerSecond());
        assertEquals(3, results.summaries().size());
    }

    @Test
    void aStoredRegressionReadsWithItsRoundsChangesAndVerdicts() throws Exception {
        Results results = ResultsJson.read(stored("regress.json"));

        Regression r = results.regression();
        assertEquals(RegressionMode.BASE, r.mode());
        assertEquals("the prebuilt prebuilt/harness.jar", r.sides().base());
        assertEquals(2, r.gate().rounds());
        assertEquals(0.5, r.gate().confidenceWanted());
        assertEquals(0.05, r.gate().requestsTolerance());
        assertEquals(Verdict.IMPROVEMENT, r.verdict());
        RegressionCell netty = r.cells().get(0);
        assertEquals("netty/plaintext-c8-ka-w0", netty.id());
        assertEquals(List.of(1_755.0, 1_915.0), netty.rounds().baseRequestsPerSecond());
        assertEquals(List.of(5_795.0, 3_750.0), netty.rounds().candidateRequestsPerSecond());
        assertEquals(List.of(61_343L, 29_615L), netty.rounds().baseP99Micros());
        assertEquals(2.630109422537621, netty.changes().requestsPerSecond().median());
        assertEquals(2, netty.changes().requestsPerSecond().rounds());
        assertEquals(Verdict.IMPROVEMENT, netty.verdicts().requestsVerdict());
        assertEquals(Verdict.IMPROVEMENT, netty.verdict());
        assertEquals(8, results.cells().size(), "2 rounds x 2 sides x (a turn window and a CPU window)");
    }

    /**
     * The records' groups are unwrapped: the file this harness writes back is the stored one, property for property,
     * but for what schema 2 changed: the summaries' figures that move from one JVM to the next are estimates over
     * forks, and the schema's number. Those read back as they were written.
     */
    @Test
    void aStoredFileWritesBackToTheSameJsonButItsSummariesFigures() throws Exception {
        for (String name : List.of("compare.json", "regress.json")) {
            ObjectNode stored = (ObjectNode) TREES.readTree(Files.readString(stored(name)));
            Results read = ResultsJson.read(stored(name));
            String json = ResultsJson.toJson(read);
            ObjectNode written = (ObjectNode) TREES.readTree(json);

            assertEquals(Results.SCHEMA_VERSION, written.get("schemaVersion").asInt());
            for (String changed : List.of("summaries", "schemaVersion")) {
                stored.remove(changed);
                written.remove(changed);
            }
            assertEquals(stored, written, name);
            assertEquals(read.summaries(), ResultsJson.fromJson(json).summaries(), name);
        }
    }

    @Test
    void aSchemaOneSummarysFiguresReadAsOneForksEach() throws Exception {
        Summary vt = ResultsJson.read(stored("compare.json")).summary("plaintext-c40-ka-w0", "virtual-threads");

        assertEquals(Estimate.single(34_258.0), vt.rate().requestsPerSecond());
        assertEquals(Estimate.single(25.556612499270248), vt.server().cpuMicrosPerRequest());
        assertTrue(vt.forks().isEmpty(), "schema 1 kept no forks");
    }

    @Test
    void aStoredComparisonReRenders(@TempDir Path dir) throws IOException, URISyntaxException {
        List<Path> written = ReportWriter.writeReports(ResultsJson.read(stored("compare.json")), dir);

        assertEquals(List.of(dir.resolve("report.md"), dir.resolve("report.html")), written);
        assertTrue(Files.readString(dir.resolve("report.md")).contains("34,258"));
    }
}
