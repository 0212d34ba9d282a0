package io.httpmodels.harness.conformance;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

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
}
