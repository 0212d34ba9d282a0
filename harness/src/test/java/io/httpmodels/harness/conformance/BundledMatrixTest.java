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
