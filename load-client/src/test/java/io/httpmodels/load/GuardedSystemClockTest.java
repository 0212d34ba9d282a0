package io.httpmodels.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.Pipe;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The clock {@link WorkerTest} runs on fails a loop whose waits find nothing ready for its idle bound in a row, or
 * whose keys are ready without waiting turn after turn, and only such a loop.
 */
class GuardedSystemClockTest {

    private static final Duration BOUND = Duration.ofMillis(100);

    private final GuardedSystemClock clock = new GuardedSystemClock(BOUND);
    private Selector selector;
    private Pipe pipe;

    @BeforeEach
    void open() throws IOException {
        selector = Selector.open();
        pipe = Pipe.open();
        pipe.source().configureBlocking(false);
        pipe.source().register(selector, SelectionKey.OP_READ);
    }

    @AfterEach
    void close() throws IOException {
        pipe.source().close();
        pipe.sink().close();
        selector.close();
    }

    @Test
    void aWaitThatFindsNothingForTheBoundFailsAndSaysWhy() {
        AssertionError e =
                assertThrows(AssertionError.class, () -> clock.select(selector, k -> {}, 4 * BOUND.toMillis()));
        assertTrue(e.getMessage().startsWith("the loop waited "), e.getMessage());
        assertTrue(e.getMessage().contains("with nothing ready"), e.getMessage());
    }

    @Test
    void aWaitShorterThanTheBoundFindingNothingIsFine() throws IOException {
        clock.select(selector, k -> {}, BOUND.toMillis() / 5);
        clock.select(selector, k -> {}, 0);
    }

    @Test
    void shortWaitsThatFindNothingFailOnceTheirSumReachesTheBound() throws IOException {
        long turns = 0;
        long start = System.nanoTime();
        AssertionError e = null;
        while (e == null && turns < 1_000) {
            try {
                clock.select(selector, k -> {}, 5);
                turns++;
            } catch (AssertionError thrown) {
                e = thrown;
            }
        }
        // No count of waits is asserted: on a loaded host a 5 ms wait takes longer, so fewer fit in the bound.
        assertTrue(e != null, "waits of 5 ms finding nothing, " + turns + " of them");
        assertTrue(System.nanoTime() - start >= BOUND.toNanos(), "failed before the bound: " + e.getMessage());
    }

    @Test
    void aKeyReadyStartsTheIdleTimeAgain() throws IOException {
        long start = System.nanoTime();
        while (System.nanoTime() - start < 2 * BOUND.toNanos()) {
            pipe.sink().write(ByteBuffer.wrap(new byte[] {1}));
            clock.select(selector, k -> drain(), BOUND.toMillis());
            clock.select(selector, k -> {}, BOUND.toMillis() / 10);
        }
    }

    @Test
    void aWaitThatFindsAKeyReadyIsFineAndTheKeyIsHandled() throws IOException {
        pipe.sink().write(ByteBuffer.wrap(new byte[] {1}));
        AtomicInteger handled = new AtomicInteger();
        clock.select(selector, k -> handled.incrementAndGet(), 4 * BOUND.toMillis());
        assertEquals(1, handled.get());
    }

    @Test
    void aKeyLeftReadyTurnAfterTurnFailsOnceTheLimitIsReached() throws IOException {
        pipe.sink().write(ByteBuffer.wrap(new byte[] {1}));
        for (int turn = 1; turn < GuardedSystemClock.READY_AT_ONCE_LIMIT; turn++) {
            clock.select(selector, k -> {}, BOUND.toMillis());
        }
        AssertionError e = assertThrows(AssertionError.class, () -> clock.select(selector, k -> {}, BOUND.toMillis()));
        assertTrue(e.getMessage().contains("ready at once"), e.getMessage());
    }

    @Test
    void aKeyHandledEachTurnIsNoSpinHoweverOftenItComesBack() throws IOException {
        for (int turn = 0; turn < 2 * GuardedSystemClock.READY_AT_ONCE_LIMIT; turn++) {
            pipe.sink().write(ByteBuffer.wrap(new byte[] {1}));
            clock.select(selector, k -> drain(), BOUND.toMillis());
            // The next turn finds nothing at once, as a sound loop's does between two answers.
            clock.select(selector, k -> {}, 0);
        }
    }

    @Test
    void aPlainBuildWaitsASecondAndThePropertySetsTheBound() {
        String before = System.getProperty(GuardedSystemClock.IDLE_BOUND_PROPERTY);
        try {
            System.clearProperty(GuardedSystemClock.IDLE_BOUND_PROPERTY);
            assertEquals(Duration.ofSeconds(1), new GuardedSystemClock().idleBound());
            System.setProperty(GuardedSystemClock.IDLE_BOUND_PROPERTY, "150");
            assertEquals(Duration.ofMillis(150), new GuardedSystemClock().idleBound());
        } finally {
            if (before == null) {
                System.clearProperty(GuardedSystemClock.IDLE_BOUND_PROPERTY);
            } else {
                System.setProperty(GuardedSystemClock.IDLE_BOUND_PROPERTY, before);
            }
        }
    }

    private void drain() {
        try {
            pipe.source().read(ByteBuffer.allocate(16));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
