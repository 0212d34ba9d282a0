package io.httpmodels.harness.measure;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** When a warm-up chunk's CPU per request counts as steady. */
class WarmupRuleTest {

    @Test
    void twoChunksWithinTwentyPercentAreSteadyAndFurtherApartAreNot() {
        assertTrue(WarmupRule.steady(true, 1_000, 120.0, 100.0));
        assertTrue(WarmupRule.steady(true, 1_000, 80.0, 100.0));
        assertFalse(WarmupRule.steady(true, 1_000, 120.1, 100.0));
        assertFalse(WarmupRule.steady(true, 1_000, 79.9, 100.0));
    }

    @Test
    void theFirstChunkHasNothingToAgreeWith() {
        assertFalse(WarmupRule.steady(true, 1_000, 100.0, null));
    }

    @Test
    void aChunkThatCompletedNoRequestIsNeverSteady() {
        // A server answering slower than a chunk (or not at all) completes none: its CPU per request is unknown, and
        // taking that for steady measured such servers with their JIT's warm-up unproven.
        assertFalse(WarmupRule.steady(true, 0, null, 100.0));
        assertFalse(WarmupRule.steady(true, 0, null, null));
    }

    @Test
    void withoutTheServersCpuEveryChunkIsSteadyAndTheJitAloneDecides() {
        assertTrue(WarmupRule.steady(false, 0, null, null));
        assertTrue(WarmupRule.steady(false, 1_000, null, 100.0));
    }
}
