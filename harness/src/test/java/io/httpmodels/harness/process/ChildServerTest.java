package io.httpmodels.harness.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.List;

/**
 * A child that never says it listens: the start fails within its bound, and says what the child wrote on both of its
 * outputs, so a start that failed on a loaded machine or a broken build says why.
 */
@Timeout(60)
class ChildServerTest {

    @Test
    void aChildThatNeverListensFailsWithinTheBoundWithWhatItWrote() {
        long start = System.nanoTime();
        ChildServer.StartFailure failure = assertThrows(
                ChildServer.StartFailure.class,
                () -> ChildServer.start(
                        List.of("sh", "-c", "echo starting on stdout; echo trouble on stderr >&2; exec sleep 30"),
                        Duration.ofSeconds(1)));
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(millis >= 1_000 && millis < 20_000, "gave up after " + millis + " ms");
        assertTrue(failure.getMessage().startsWith("did not listen within 1 s"), failure.getMessage());
        assertTrue(failure.getMessage().contains("starting on stdout"), failure.getMessage());
        assertTrue(failure.getMessage().contains("trouble on stderr"), failure.getMessage());
    }

    @Test
    void aChildThatExitsFirstSaysItsCodeAndWhatItWrote() {
        ChildServer.StartFailure failure = assertThrows(
                ChildServer.StartFailure.class,
                () -> ChildServer.start(
                        List.of("sh", "-c", "echo usage on stdout; echo bad flag >&2; exit 2"),
                        Duration.ofSeconds(30)));
        assertEquals(
                "exited with code 2 before listening: standard output: usage on stdout; standard error: bad flag",
                failure.getMessage());
    }
}
