package io.httpmodels.harness.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.measure.DatabaseWatch.ReadBack;
import org.junit.jupiter.api.Test;

import java.util.Map;

/**
 * An updates answer read back from the table: written when its rows hold what it answered, not written only when a
 * row holds another number in the version it had before the request; a row written again since by another request
 * proves nothing either way.
 */
class ReadBackTest {

    private static final Map<Integer, String> BEFORE = Map.of(1, "100", 2, "100", 3, "100");

    @Test
    void rowsHoldingWhatWasAnsweredWereWritten() {
        ReadBack back = ReadBack.of(Map.of(1, 11, 2, 22), Map.of(1, 11, 2, 22), Map.of(1, "200", 2, "200"), BEFORE);
        assertEquals(new ReadBack(true, null), back);
    }

    @Test
    void aRowStillInItsVersionFromBeforeTheRequestWasNeverWritten() {
        ReadBack back = ReadBack.of(Map.of(1, 11, 2, 22), Map.of(1, 11, 2, 7), Map.of(1, "200", 2, "100"), BEFORE);
        assertEquals(Boolean.FALSE, back.written());
        assertTrue(back.reason().startsWith("row 2 answered randomNumber 22, the table holds 7"), back.reason());
    }

    @Test
    void aRowWrittenAgainSinceByARequestStillInFlightIsNoFailure() {
        // fixed-pool serves requests its closed connections left queued after the load stops: they renumber rows.
        ReadBack back = ReadBack.of(Map.of(1, 11, 2, 22), Map.of(1, 11, 2, 9), Map.of(1, "200", 2, "300"), BEFORE);
        assertEquals(new ReadBack(true, null), back);
    }

    @Test
    void whenEveryRowWasWrittenAgainNothingIsKnown() {
        ReadBack back = ReadBack.of(Map.of(3, 33), Map.of(3, 5), Map.of(3, "300"), BEFORE);
        assertNull(back.written());
        assertTrue(back.reason().contains("row 3 answered randomNumber 33 was written again since"), back.reason());
    }

    @Test
    void aRowTheTableNoLongerHoldsWasNotWritten() {
        ReadBack back = ReadBack.of(Map.of(3, 33), Map.of(), Map.of(), BEFORE);
        assertEquals(Boolean.FALSE, back.written());
        assertTrue(back.reason().contains("no such row"), back.reason());
    }
}
