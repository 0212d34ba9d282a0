package io.httpmodels.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.process.HarnessJvm;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@code serve} run as a user runs it, in a JVM of its own: a count the machine cannot hold is a usage error said in
 * one line, and a model that fails to start never leaves the process behind (netty asked for 99,999,999 event loops
 * threw inside its group and left its threads keeping the JVM alive).
 */
@Timeout(value = 150, unit = TimeUnit.SECONDS)
class ServeStartFailureTest {

    /** How long a failed start may take to end its JVM: a JVM's start and exit on a busy two-core machine. */
    private static final long EXIT_BOUND_SECONDS = 60;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "serve {0}")
    @CsvSource(delimiter = '|', textBlock = """
            netty --threads 99999999               | --threads 99999999: threads must be between 0 and 4096
            netty --server-threads 99999999        | --server-threads 99999999: threads must be between 0 and 4096
            netty --work-threads 99999999          | --work-threads 99999999: threads must be between 0 and 4096
            fixed-pool --server-threads -1         | --server-threads -1: threads must be between 0 and 4096
            fixed-pool --max-body-bytes -1         | maxBodyBytes must not be negative, was -1
            """)
    void aCountTheMachineCannotHoldEndsTheProcessWithAUsageError(String flags, String says) throws Exception {
        List<String> command = new ArrayList<>(List.of(HarnessJvm.javaBinary(), "-Xmx256m"));
        command.addAll(HarnessJvm.current().launch());
        command.add("serve");
        command.addAll(List.of(flags.split(" ")));
        command.addAll(List.of("--port", "0"));
        Path err = dir.resolve("err.txt");
        Process serve = new ProcessBuilder(command)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(err.toFile())
                .start();
        try {
            assertTrue(
                    serve.waitFor(EXIT_BOUND_SECONDS, TimeUnit.SECONDS),
                    "serve " + flags + " still runs " + EXIT_BOUND_SECONDS + " s later: " + Files.readString(err));
            String said = Files.readString(err);
            assertEquals(2, serve.exitValue(), said);
            List<String> lines =
                    said.lines().filter(l -> !l.contains("is an old spelling")).toList();
            assertEquals(List.of(says), lines, said);
        } finally {
            serve.destroyForcibly();
            serve.waitFor(10, TimeUnit.SECONDS);
        }
    }
}
