package io.httpmodels.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import java.time.Duration;

/** {@link RunState}'s timeline, to the nanosecond, and its stop and abort. */
class RunStateTest {

    private static final long START = 1_000_000_000L;

    @Test
    void aTimedRunRecordsForItsDurationAfterItsWarmUpWithinItsHardBound() {
        LoadConfig config = LoadConfig.builder("http://h/")
                .duration(Duration.ofSeconds(10))
                .warmup(Duration.ofSeconds(2))
                .maxTime(Duration.ofSeconds(60))
                .build();
        RunState run = new RunState(START, 5_000, config);
        assertEquals(START, run.startNanos);
        assertEquals(START + 2_000_000_000L, run.recordStartNanos);
        assertEquals(START + 12_000_000_000L, run.recordEndNanos);
        assertEquals(START + 60_000_000_000L, run.hardEndNanos);
        assertEquals(5_000, run.startEpochMillis);
    }

    @Test
    void aCountedRunRecordsUntilItsHardBound() {
        LoadConfig config = LoadConfig.builder("http://h/")
                .requests(10)
                .maxTime(Duration.ofSeconds(7))
                .build();
        RunState run = new RunState(START, 0, config);
        assertEquals(START + 7_000_000_000L, run.hardEndNanos);
        assertEquals(run.hardEndNanos, run.recordEndNanos);
    }

    @Test
    void anAgentsRunCountsItsHardBoundFromItsNominalStartOrItsRealOneWhicheverIsLater() {
        LoadConfig config = LoadConfig.builder("http://h/")
                .duration(Duration.ofSeconds(10))
                .warmup(Duration.ofSeconds(2))
                .maxTime(Duration.ofSeconds(30))
                .build();
        // Recording starts 5 s after the start: the nominal start (3 s in) is later than the real one.
        RunState late = new RunState(START, 0, START + 5_000_000_000L, config);
        assertEquals(START + 5_000_000_000L, late.recordStartNanos);
        assertEquals(START + 3_000_000_000L + 30_000_000_000L, late.hardEndNanos);
        assertEquals(START + 15_000_000_000L, late.recordEndNanos);
        // Recording starts 1 s after the start: the nominal start would be before it, so the start counts.
        RunState early = new RunState(START, 0, START + 1_000_000_000L, config);
        assertEquals(START + 30_000_000_000L, early.hardEndNanos);
    }

    @Test
    void epochMillisCountsWholeMillisecondsFromTheStartRoundingDown() {
        RunState run = new RunState(
                START, 10_000, LoadConfig.builder("http://h/").requests(1).build());
        assertEquals(10_000, run.epochMillis(START));
        assertEquals(10_000, run.epochMillis(START + 999_999));
        assertEquals(10_001, run.epochMillis(START + 1_000_000));
        assertEquals(9_999, run.epochMillis(START - 1), "before the start: the millisecond before");
    }

    @Test
    void stopStopsAndTheFirstAbortReasonWins() {
        RunState run = new RunState(
                START, 0, LoadConfig.builder("http://h/").requests(1).build());
        assertFalse(run.stopped());
        assertNull(run.abortReason());
        run.stop();
        assertTrue(run.stopped());
        assertNull(run.abortReason(), "a stop is not an abort");
        run.abort("first");
        run.abort("second");
        assertEquals("first", run.abortReason());
        assertTrue(run.stopped());
        RunState aborted = new RunState(
                START, 0, LoadConfig.builder("http://h/").requests(1).build());
        aborted.abort("why");
        assertTrue(aborted.stopped(), "an abort stops");
    }
}
