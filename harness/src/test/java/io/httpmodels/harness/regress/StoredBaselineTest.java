package io.httpmodels.harness.regress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.httpmodels.harness.report.SampleResults;
import io.httpmodels.harness.results.CellResult;
import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.Scenario;
import io.httpmodels.harness.results.Stats;
import org.junit.jupiter.api.Test;

import java.util.List;

class StoredBaselineTest {

    private static final String C40 =
            Scenario.closedLoop("/plaintext", 0, true, 40, 1).id();

    private static double medianRps(Results r, String target) {
        List<Double> rps = r.cells().stream()
                .filter(c -> c.ok()
                        && c.id().target().equals(target)
                        && c.id().scenarioId().equals(C40))
                .map(CellResult::requestsPerSecond)
                .toList();
        return Stats.median(rps);
    }

    @Test
    void aModelsFigureAndTheCalibrationAreTheMediansOfTheirStoredCells() {
        Results stored = SampleResults.run();
        StoredBaseline baseline = new StoredBaseline(stored);
        StoredBaseline.Figure netty = baseline.model("netty", C40);
        StoredBaseline.Figure nginx = baseline.calibration(C40);
        assertEquals(medianRps(stored, "netty"), netty.requestsPerSecond(), 1e-9);
        assertEquals(medianRps(stored, "nginx"), nginx.requestsPerSecond(), 1e-9);
        assertEquals(3, netty.cells()); // three repetitions
    }

    @Test
    void whatIsNotStoredIsNull() {
        StoredBaseline baseline = new StoredBaseline(SampleResults.run());
        assertNull(baseline.model("netty", "plaintext-c256-ka-p16-w0"));
        assertNull(baseline.calibration("plaintext-c256-ka-p16-w0"));
        assertNull(baseline.model("no-such-model", C40));
    }
}
