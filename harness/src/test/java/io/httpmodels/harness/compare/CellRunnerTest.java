package io.httpmodels.harness.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.measure.Cell;
import io.httpmodels.harness.results.CellResult;
import io.httpmodels.harness.results.DatabaseChecks;
import io.httpmodels.harness.results.DatabaseConnections;
import org.junit.jupiter.api.Test;

import java.time.Duration;

class CellRunnerTest {

    private static final Duration TWO_SECONDS = Duration.ofSeconds(2);

    @Test
    void aWindowWhoseJitCompiledForMoreThanItsShareIsWarmUp() {
        assertTrue(CellRunner.stillCompiling(227L, TWO_SECONDS));
        assertTrue(CellRunner.stillCompiling(51L, TWO_SECONDS));
        assertFalse(CellRunner.stillCompiling(50L, TWO_SECONDS), "2.5 % of 2 s is 50 ms");
        assertFalse(CellRunner.stillCompiling(3L, TWO_SECONDS));
        // The share is of the window: 51 ms is nothing in 4 s.
        assertFalse(CellRunner.stillCompiling(51L, Duration.ofSeconds(4)));
    }

    @Test
    void aWindowThatSaysNothingOfItsJitIsNotWarmUp() {
        assertFalse(CellRunner.stillCompiling(null, TWO_SECONDS));
    }

    @Test
    void theWrongAnswersOfAWindowTakenAsWarmUpGoIntoTheNextWindowsNeverAway() {
        CellResult next = CellResult.failed("db", "netty", 1, 40, "-")
                .withDatabase(new DatabaseChecks(11, 0, 0, null, null, null), new DatabaseConnections(5, 1.0, 2, 4));
        Cell kept = CellRunner.withChecksCarried(
                new Cell(next, null, null), new DatabaseChecks(11, 2, 0, "/db: row 1", null, null));
        assertEquals(
                new DatabaseChecks(22, 2, 0, "/db: row 1", null, null),
                kept.result().diagnostics().databaseChecks());
        assertEquals(
                new DatabaseConnections(5, 1.0, 2, 4), kept.result().usage().databaseConnections());
        assertSame(kept, CellRunner.withChecksCarried(kept, null));
    }
}
