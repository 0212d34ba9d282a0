package io.httpmodels.harness.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

/** The committed docs/conformance/conformance.json is in the build and this harness reads it. */
class BundledMatrixTest {

    @Test
    void theCommittedMatrixIsBundledAndReadable() {
        ConformanceMatrix matrix = BundledMatrix.load()
                .orElseThrow(() -> new AssertionError("no readable " + BundledMatrix.RESOURCE + " on the class path:"
                        + " harness/pom.xml bundles docs/conformance/conformance.json; regenerate it with"
                        + " scripts/conformance.sh if its schema changed"));
        assertTrue(matrix.kits().contains("ConformanceKit"), matrix.kits().toString());
        assertFalse(matrix.labelsOf("netty").isEmpty(), matrix.models().toString());
        assertFalse(matrix.rows().isEmpty());
    }

    /**
     * The HTTP/2 kits are published: every model that speaks h2c ran the attacks and the conformance kit's 41 cases
     * (at most one left out, with its reason: undertow's stream WINDOW_UPDATE 0, tomcat's even stream id), and a model that speaks HTTP/1.1
     * only is not run in the HTTP/2 rows for that reason, never a gap or a failure.
     */
    @Test
    void theCommittedMatrixHasBothHttp2KitsAndLeavesOutTheModelsThatSpeakHttp11Only() {
        ConformanceMatrix matrix = BundledMatrix.load().orElseThrow();
        assertTrue(
                matrix.kits().containsAll(List.of("Http2ConformanceKit", "Http2AttackKit")),
                matrix.kits().toString());
        for (String model : List.of("helidon", "undertow", "vertx", "tomcat", "jetty")) {
            assertEquals(7, matrix.ran(model, "Http2AttackKit"), model);
        }
        for (String model : List.of(
                "netty (nio)",
                "netty-virtual (nio)",
                "jetty",
                "jetty-virtual",
                "undertow",
                "helidon",
                "vertx",
                "tomcat",
                "tomcat-virtual")) {
            String counts = ConformanceMarkdown.counts(matrix, model, "Http2ConformanceKit");
            long ran = matrix.ran(model, "Http2ConformanceKit");
            assertEquals(
                    41, ran + matrix.count(model, "Http2ConformanceKit", CaseOutcome.NOT_RUN), model + ": " + counts);
            assertTrue(ran >= 40, model + ": " + counts);
        }
        for (String model : List.of("single-thread", "nio-reactor", "tio", "jdk-httpserver", "moco")) {
            for (String kit : List.of("Http2ConformanceKit", "Http2AttackKit")) {
                assertEquals("not run: speaks HTTP/1.1 only", ConformanceMarkdown.counts(matrix, model, kit), model);
            }
        }
        assertTrue(
                matrix.security().stream()
                        .anyMatch(f -> f.model().equals("helidon") && f.rule().endsWith("HPACK_BOMB")),
                "helidon's HPACK bomb is on record as an HTTP/2 denial of service");
    }

    /**
     * Every model ran every kit, or its record says why not: no cell of the committed matrix is a gap (a model with no
     * record of a rule, which the page shows as a dash).
     */
    @Test
    void theCommittedMatrixHasACellOrAReasonForEveryModelAndRule() {
        ConformanceMatrix matrix = BundledMatrix.load().orElseThrow();
        List<String> gaps = new ArrayList<>();
        for (MatrixRow row : matrix.rows()) {
            for (String model : matrix.models()) {
                if (!row.cells().containsKey(model)) {
                    gaps.add(model + " / " + row.kit() + " / " + row.rule());
                }
            }
        }
        assertEquals(
                List.of(),
                gaps.stream().limit(20).toList(),
                gaps.size() + " cells with no record; run the kit for the model, or have its kit class say why not"
                        + " (KitCoverage.notRun), and regenerate with scripts/conformance.sh");
        for (String model : matrix.models()) {
            for (String kit : matrix.kits()) {
                assertFalse(ConformanceMarkdown.counts(matrix, model, kit).equals("no record"), model + " / " + kit);
            }
        }
    }
}
