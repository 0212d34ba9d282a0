package io.httpmodels.harness.process;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.CliRun;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Every command that starts children ends its run the same way ({@link OwnedRun}): it stops the children it started
 * and leaves running a child another owner started in the same JVM, as another command run beside it (the
 * harness's tests run several side by side). Each command here measures a model that cannot start, so its run is
 * short and still goes through its whole end.
 */
@Timeout(120)
class OwnedRunTest {

    private Process others;

    @AfterEach
    void stopTheOthersChild() {
        if (others != null) {
            others.destroyForcibly();
            ChildProcesses.unregister(others);
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            compare  | compare --profile quick --models test-fails-to-start --no-pin --warmup 100ms --out OUT
            regress  | regress --base-jar JAR --cells test-fails-to-start:c1 --rounds 2 --confidence 0.5 --no-pin --out OUT
            overhead | overhead --models test-fails-to-start --rounds 1 --no-pin
            """)
    void aCommandsRunLeavesAnotherOwnersChildRunning(String command, String line, @TempDir Path dir)
            throws IOException {
        try (ChildProcesses.Owner other = ChildProcesses.own()) {
            others = new ProcessBuilder("sleep", "120").start();
            ChildProcesses.register(others);
        }
        Path jar = Files.writeString(dir.resolve("harness.jar"), "not measured: no side ever starts");
        List<String> args = new ArrayList<>();
        for (String word : line.split(" ")) {
            args.add(word.replace("OUT", dir.resolve("out").toString()).replace("JAR", jar.toString()));
        }

        CliRun run = CliRun.of(args.toArray(String[]::new));

        assertTrue(
                run.out().contains("test-fails-to-start") || run.err().contains("test-fails-to-start"),
                command + " measured the model that cannot start: " + run.out() + run.err());
        assertNotEquals(2, run.exitCode(), command + ": " + run.err());
        assertTrue(others.isAlive(), command + " stopped a child another owner started");
    }
}
