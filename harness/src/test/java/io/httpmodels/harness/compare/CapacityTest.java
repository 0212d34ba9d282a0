package io.httpmodels.harness.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.CliRun;
import io.httpmodels.harness.results.Capacity;
import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.ResultsJson;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

/**
 * {@code --capacity}: open-loop steps in fractions of the measured peak, climbing until one misses the bound.
 * A bound nothing can meet stops at the first step with no capacity; a bound anything meets climbs and finds one.
 */
@Timeout(180)
@Tag("bounds")
class CapacityTest {

    @TempDir
    Path dir;

    private Capacity capacity(String slo) throws Exception {
        Path out = dir.resolve(slo.replaceAll("[^a-z0-9]", "_"));
        CliRun run = CliRun.of(
                "compare",
                "--profile",
                "quick",
                "--models",
                "virtual-threads",
                "-c",
                "4",
                "--warmup",
                "300ms",
                "--max-warmup",
                "300ms",
                "--duration",
                "1s",
                "--no-pin",
                // What capacity needs is latency and requests/s; the why figures (perf attached to each cell) are
                // CompareCommandTest's.
                "--no-why",
                "--capacity",
                "--slo",
                slo,
                "--out",
                out.toString());
        assertEquals(0, run.exitCode(), run.err());
        Results results = ResultsJson.read(out.resolve("results.json"));
        assertEquals(1, results.capacities().size());
        Capacity c = results.capacities().get(0);
        assertEquals("virtual-threads", c.target());
        assertEquals(results.summaries().get(0).requestsPerSecond(), c.peakRequestsPerSecond());
        assertTrue(run.out().contains("virtual-threads at "), run.out());
        assertFalse(results.cells().isEmpty());
        results.cells().forEach(cell -> assertNull(cell.diagnostics().why(), "--no-why: no why figures"));
        return c;
    }

    @Test
    void aBoundNothingMeetsStopsAtTheFirstStepWithNoCapacity() throws Exception {
        Capacity c = capacity("p99=1us");
        assertEquals(99.0, c.percentile());
        assertEquals(1, c.boundMicros());
        assertNull(c.capacity());
        assertEquals(1, c.steps().size());
        assertEquals(
                Math.round(c.peakRequestsPerSecond() * CapacitySearch.FRACTIONS[0]),
                c.steps().get(0).offeredRate(),
                1.0);
        assertTrue(!c.steps().get(0).met());
    }

    // Slow (about 25 s): every step of the climb is a cell of its own, with its own model JVM.
    @Test
    @Tag("slow")
    void aLooseBoundClimbsAndTheCapacityIsTheHighestStepThatMetIt() throws Exception {
        Capacity c = capacity("p99=10s");
        assertNotNull(c.capacity());
        assertTrue(c.steps().size() >= 2, c.steps().toString());
        double highestMet = c.steps().stream()
                .filter(Capacity.Step::met)
                .mapToDouble(Capacity.Step::offeredRate)
                .max()
                .orElseThrow();
        assertEquals(highestMet, c.capacity(), 1e-9);
        for (Capacity.Step s : c.steps()) {
            // A met step delivered what was offered, within 5 %, under the bound.
            if (s.met()) {
                assertTrue(s.requestsPerSecond() >= 0.95 * s.offeredRate(), s.toString());
                assertTrue(s.latencyMicros() <= 10_000_000, s.toString());
            }
        }
        // The climb goes up until the first miss (then one bisection step may sit between).
        for (int i = 1; i < c.steps().size() && c.steps().get(i - 1).met(); i++) {
            assertTrue(
                    c.steps().get(i).offeredRate() > c.steps().get(i - 1).offeredRate(),
                    c.steps().toString());
        }
    }
}
