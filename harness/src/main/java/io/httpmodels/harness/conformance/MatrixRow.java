package io.httpmodels.harness.conformance;

import java.util.Map;

/**
 * One rule of the matrix: a kit's case, and each model's cell (a model absent from {@code cells} did not run it).
 *
 * @param kit the kit contract ({@code ConformanceKit})
 * @param test the kit's test method
 * @param caseName the case within a parameterised method, or ""
 * @param cells by model label
 */
public record MatrixRow(String kit, String test, String caseName, Map<String, MatrixCell> cells) {

    public MatrixRow {
        cells = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(cells));
    }

    /** The rule as the Markdown and HTML tables name it: the test, and its case after a colon. */
    public String rule() {
        return caseName.isEmpty() ? test : test + ": " + caseName;
    }
}
