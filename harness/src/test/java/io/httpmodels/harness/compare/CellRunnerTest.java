package io.httpmodels.harness.compare;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
}
