package io.httpmodels.harness.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.results.CellId;
import io.httpmodels.harness.results.CellResult;
import io.httpmodels.harness.results.CellStatus;
import io.httpmodels.harness.results.ConnectionCounts;
import io.httpmodels.harness.results.DatabaseFigures;
import io.httpmodels.harness.results.DatabaseUsage;
import io.httpmodels.harness.results.Diagnostics;
import io.httpmodels.harness.results.Throughput;
import io.httpmodels.harness.results.Usage;
import io.httpmodels.harness.results.WindowFigures;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

/** The database's CPU per request over a row's forks: each fork's CPU over its requests, then the forks' median. */
class DatabaseFiguresTest {

    private static CellResult window(int fork, long requests, Double databaseCpuSeconds) {
        return new CellResult(
                new CellId("db-c40-ka-w0", "fixed-pool", fork),
                CellStatus.OK,
                null,
                new WindowFigures(
                        new Throughput(null, 1.0, requests, (double) requests, null),
                        null,
                        null,
                        new ConnectionCounts(40, 40, 40L)),
                new Usage(
                        null,
                        null,
                        databaseCpuSeconds == null
                                ? null
                                : new DatabaseUsage(databaseCpuSeconds, databaseCpuSeconds * 1e6 / requests)),
                Diagnostics.NONE);
    }

    @Test
    void eachForkWeighsItsWindowsByTheRequestsTheyServedAndTheRowIsTheForksMedian() {
        // Fork 1: 0.3 s over 10,000 requests = 30 µs (not the windows' mean of 20 and 50); forks 2 and 3: 40, 35.
        DatabaseFigures figures = Summaries.database(Map.of(
                1, List.of(window(1, 8_000, 0.16), window(1, 2_000, 0.14)),
                2, List.of(window(2, 10_000, 0.40)),
                3, List.of(window(3, 10_000, 0.35))));
        assertEquals(35.0, figures.cpuMicrosPerRequest().value(), 1e-9);
        assertTrue(figures.cpuMicrosPerRequest().hasInterval());
        assertTrue(figures.cpuMicrosPerRequest().low() <= 30.0
                && figures.cpuMicrosPerRequest().high() >= 40.0);
    }

    @Test
    void aForkWithAWindowThatDidNotMeasureTheDatabaseIsLeftOutAndNoneMeasuredIsNull() {
        DatabaseFigures figures = Summaries.database(Map.of(
                1, List.of(window(1, 10_000, 0.3), window(1, 10_000, null)),
                2, List.of(window(2, 10_000, 0.4))));
        assertEquals(40.0, figures.cpuMicrosPerRequest().value(), 1e-9, "fork 1 is incomplete: fork 2 alone");
        assertNull(Summaries.database(Map.of(1, List.of(window(1, 10_000, null)))));
    }
}
