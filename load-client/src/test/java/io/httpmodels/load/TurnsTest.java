package io.httpmodels.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;

/** Turns deal slices of time round-robin from an epoch; a load knows whether one is its and how long to its next. */
class TurnsTest {

    private static final long EPOCH = 1_000_000_000L;

    @ParameterizedTest(name = "{0} ns after the epoch: load 0 of 2 {1}, {2} ns to its turn; load 1 {3}, {4} ns")
    @CsvSource({
        "0,   true,  0,  false, 10",
        "9,   true,  0,  false, 1",
        "10,  false, 10, true,  0",
        "19,  false, 1,  true,  0",
        "20,  true,  0,  false, 10",
        "-1,  false, 1,  true,  0",
        "-10, false, 10, true,  0",
        "-11, true,  0,  false, 1"
    })
    void twoLoadsTakeTurnsOfTenNanoseconds(long at, boolean zero, long untilZero, boolean one, long untilOne) {
        Turns first = new Turns(EPOCH, 10, 0, 2);
        Turns second = new Turns(EPOCH, 10, 1, 2);
        assertEquals(zero, first.mine(EPOCH + at));
        assertEquals(untilZero, first.nanosUntilMine(EPOCH + at));
        assertEquals(one, second.mine(EPOCH + at));
        assertEquals(untilOne, second.nanosUntilMine(EPOCH + at));
    }

    @Test
    void withThreeLoadsEachWaitsForTheOtherTwo() {
        Turns third = Turns.of(EPOCH, Duration.ofNanos(10), 2, 3);
        assertFalse(third.mine(EPOCH));
        assertEquals(20, third.nanosUntilMine(EPOCH));
        assertEquals(11, third.nanosUntilMine(EPOCH + 9));
        assertTrue(third.mine(EPOCH + 25));
        assertEquals(0, third.nanosUntilMine(EPOCH + 25));
        assertEquals(15, third.nanosUntilMine(EPOCH + 35), "after its turn, the next comes after the other two");
        assertTrue(third.mine(EPOCH + 55));
    }

    @Test
    void everyInstantIsExactlyOneLoadsTurn() {
        for (long at = -50; at < 50; at++) {
            int owners = 0;
            for (int i = 0; i < 3; i++) {
                if (new Turns(EPOCH, 7, i, 3).mine(EPOCH + at)) {
                    owners++;
                }
            }
            assertEquals(1, owners, "at " + at);
        }
    }

    @Test
    void aTurnMustLastAndBeOneOfAtLeastTwo() {
        assertThrows(IllegalArgumentException.class, () -> new Turns(EPOCH, 0, 0, 2));
        assertThrows(IllegalArgumentException.class, () -> new Turns(EPOCH, -1, 0, 2));
        assertThrows(IllegalArgumentException.class, () -> new Turns(EPOCH, 10, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> new Turns(EPOCH, 10, 2, 2));
        assertThrows(IllegalArgumentException.class, () -> new Turns(EPOCH, 10, -1, 2));
        assertEquals(1, new Turns(EPOCH, 1, 1, 2).sliceNanos(), "the shortest turn is accepted");
    }
}
