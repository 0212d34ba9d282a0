package io.httpmodels.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Counts a user types that the machine cannot hold end in a one-line usage error and exit 2, before anything is
 * allocated or connected: the client is run as a user runs it, in a JVM of its own with a small heap, so a count
 * that once ended in an {@code OutOfMemoryError} would end so again here.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class LoadLimitsTest {

    /** Each command line after the URL, and a word its one line of refusal must hold. */
    @ParameterizedTest(name = "load URL {0}")
    @CsvSource(delimiter = '|', textBlock = """
            -c 99999999                               | open files
            -c 40 --idle-connections 99999999         | open files
            -c 99999999 -t 99999999                   | threads
            -c 1000 --pipeline 1024                   | heap
            -d 99999999h                              | longer than
            -R 1e12                                   | rate
            """)
    void aCountBeyondTheMachineIsAOneLineUsageError(String flags, String says) throws Exception {
        Result r = load("http://127.0.0.1:1/", flags);
        assertEquals(2, r.exit(), r.err());
        List<String> lines = r.err().lines().filter(l -> !l.isBlank()).toList();
        assertEquals(1, lines.size(), "one line: " + r.err());
        assertTrue(lines.get(0).startsWith("load: "), r.err());
        assertTrue(lines.get(0).contains(says), r.err());
    }

    @Test
    void theOpenFileLimitAndTheHeapAreWhatTheChecksCompareWith() {
        long limit = MachineLimits.openFiles();
        assertTrue(limit > 0, "open-file limit " + limit);
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class,
                () -> MachineLimits.check(LoadConfig.builder("http://127.0.0.1:1/")
                        .connections((int) Math.min(Integer.MAX_VALUE, limit))
                        .build()));
        assertTrue(e.getMessage().contains("open files"), e.getMessage());
        // A load the machine holds passes.
        MachineLimits.check(
                LoadConfig.builder("http://127.0.0.1:1/").connections(40).build());
    }

    private record Result(int exit, String err) {}

    private static Result load(String url, String flags) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx32m",
                "-cp",
                System.getProperty("java.class.path"),
                LoadMain.class.getName(),
                url));
        command.addAll(List.of(flags.trim().split("\\s+")));
        Path err = Files.createTempFile("load-limits", ".err");
        Process p = new ProcessBuilder(command)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(err.toFile())
                .start();
        try {
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                throw new AssertionError("load did not exit within 60 s: " + command);
            }
            return new Result(p.exitValue(), Files.readString(err));
        } finally {
            p.destroyForcibly();
            Files.deleteIfExists(err);
        }
    }
}
