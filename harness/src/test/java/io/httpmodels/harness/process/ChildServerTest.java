package io.httpmodels.harness.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * How long a start waits for a child's listening line: while the child uses CPU time, however slowly a busy machine
 * gives it (a JVM needs a second or two of it), but not for a child that uses next to none (it waits for what does
 * not come) or uses its whole bound of it (a loop); and a start that fails says what the child wrote on both of its
 * outputs.
 */
@Timeout(120)
class ChildServerTest {

    @Test
    void aChildThatUsesTheCpuItGetsIsWaitedForLongerThanTheBoundInWallTime() throws Exception {
        assumeTrue(ProcFs.available(), "no /proc here: the bound is wall time");
        long start = System.nanoTime();
        // 3 s of wall time to start with a fifth of it as CPU time, against a bound of 2 s.
        try (ChildServer server = ChildServer.start(
                List.of(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Xshare:auto",
                        "-XX:TieredStopAtLevel=1",
                        "-XX:+UseSerialGC",
                        "-cp",
                        System.getProperty("java.class.path"),
                        SlowStartChild.class.getName(),
                        "3000"),
                Duration.ofSeconds(2))) {
            long millis = (System.nanoTime() - start) / 1_000_000;
            assertTrue(millis >= 3_000, "listened after " + millis + " ms");
            assertEquals(9, server.port());
            assertTrue(server.description().startsWith("slow start"), server.description());
        }
    }

    @Test
    void aChildThatUsesNextToNoCpuAndNeverListensFailsAfterTheBoundWithWhatItWrote() {
        assumeTrue(ProcFs.available(), "no /proc here: the bound is wall time");
        long start = System.nanoTime();
        ChildServer.StartFailure failure = assertThrows(
                ChildServer.StartFailure.class,
                () -> ChildServer.start(
                        List.of("sh", "-c", "echo starting on stdout; echo trouble on stderr >&2; exec sleep 60"),
                        Duration.ofSeconds(1)));
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(millis >= 1_000 && millis < 30_000, "gave up after " + millis + " ms");
        assertTrue(
                failure.getMessage().startsWith("did not listen, using under 1 % of a CPU for 1 s"),
                failure.getMessage());
        assertTrue(failure.getMessage().contains("standard output: starting on stdout"), failure.getMessage());
        assertTrue(failure.getMessage().contains("standard error: trouble on stderr"), failure.getMessage());
    }

    @Test
    void aChildThatLoopsWithoutListeningFailsOnceItUsedTheBoundInCpuTime() {
        assumeTrue(ProcFs.available(), "no /proc here: the bound is wall time");
        ChildServer.StartFailure failure = assertThrows(
                ChildServer.StartFailure.class,
                () -> ChildServer.start(List.of("sh", "-c", "while :; do :; done"), Duration.ofSeconds(1)));
        assertTrue(failure.getMessage().startsWith("did not listen after 1."), failure.getMessage());
        assertTrue(failure.getMessage().endsWith(" s of CPU time"), failure.getMessage());
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
