package io.httpmodels.harness.regress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.report.SampleResults;
import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.ResultsJson;
import org.junit.jupiter.api.Test;

import java.io.IOException;

/** The regression section travels in results.json through the one Jackson mapping, and only when there is one. */
class RegressionJsonTest {

    @Test
    void aRegressionSectionReadsBackEqual() throws IOException {
        Results plain = SampleResults.run();
        Results withRegression = new Results(
                plain.run(),
                plain.conditions(),
                plain.targets(),
                plain.scenarios(),
                plain.cells(),
                plain.summaries(),
                plain.capacities(),
                null,
                SampleRegression.run());
        String json = ResultsJson.toJson(withRegression);
        assertTrue(json.contains("\"regression\" : {"), json);
        assertTrue(json.contains("\"verdict\" : \"regression\""), json);
        assertEquals(withRegression, ResultsJson.fromJson(json));
    }

    @Test
    void aComparisonHasNoRegressionSection() throws IOException {
        String json = ResultsJson.toJson(SampleResults.run());
        assertFalse(json.contains("\"regression\""));
        assertNull(ResultsJson.fromJson(json).regression());
    }
}
