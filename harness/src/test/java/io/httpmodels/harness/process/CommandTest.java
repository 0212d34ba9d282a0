package io.httpmodels.harness.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.time.Duration;
import java.util.List;

@Timeout(30)
class CommandTest {

    @Test
    void returnsTheExitCodeAndBothStreams() throws IOException {
        Command done = Command.run(List.of("sh", "-c", "echo out; echo err >&2; exit 3"), Duration.ofSeconds(10));
        assertEquals(3, done.exitCode());
        assertFalse(done.succeeded());
        assertTrue(done.output().contains("out") && done.output().contains("err"), done.output());
    }

    @Test
    void aCommandThatHangsWithItsOutputOpenIsStoppedAtTheBound() {
        long start = System.nanoTime();
        IOException e =
                assertThrows(IOException.class, () -> Command.run(List.of("sleep", "20"), Duration.ofMillis(300)));
        assertTrue(e.getMessage().contains("did not finish"), e.getMessage());
        assertTrue(System.nanoTime() - start < Duration.ofSeconds(10).toNanos());
    }

    @Test
    void aMissingProgramIsAnIoException() {
        assertThrows(IOException.class, () -> Command.run(List.of("no-such-program-here"), Duration.ofSeconds(5)));
    }
}
