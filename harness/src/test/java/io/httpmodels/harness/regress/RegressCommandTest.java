package io.httpmodels.harness.regress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.CliRun;
import io.httpmodels.harness.report.SampleResults;
import io.httpmodels.harness.results.ResultsJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/** Usage errors exit 2 with a message before anything is built or measured. */
class RegressCommandTest {

    @Test
    void oneOfBaseAndBaselineIsRequired() {
        CliRun run = CliRun.of("regress");
        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("give exactly one of --base REF, --base-jar JAR and --baseline FILE"), run.err());
        CliRun both = CliRun.of("regress", "--base", "HEAD", "--baseline", "x.json");
        assertEquals(2, both.exitCode());
    }

    /** Each bad flag, after {@code --base HEAD}, and what the refusal must say; nothing is built. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            --rounds 1                      | --rounds must be at least 2 (pairs need rounds), was 1
            --rounds 4                      | give at least 5 rounds
            --rounds 6 --confidence 0.99    | --rounds 6 cannot reach --confidence 0.99
            --rps-tolerance 5               | a tolerance is a share in [0, 1)
            --cpu-tolerance -0.1            | a tolerance is a share in [0, 1)
            --cells netty:p16               | cell 'netty:p16' says no connection count (cN)
            --cells no-such-model:c40       | unknown server model 'no-such-model'
            --duration 0.5s --turn 30ms     | --duration 0.5 s is not a whole number of --turn 0.03 s
            --turn 0.5ms                    | --turn must be a millisecond at least, was 500000 ns
            --cpu-windows -1                | --cpu-windows must be 0 or more, was -1
            --cpu-rate-share 0              | --cpu-rate-share is a share in (0, 1], e.g. 0.25, was 0.0
            --cpu-rate-share 1.5            | --cpu-rate-share is a share in (0, 1], e.g. 0.25, was 1.5
            """)
    void badFlagsAreUsageErrors(String flags, String says) {
        List<String> args = new ArrayList<>(List.of("regress", "--base", "HEAD"));
        args.addAll(List.of(flags.split(" ")));
        CliRun run = CliRun.of(args.toArray(String[]::new));
        assertEquals(2, run.exitCode(), flags + ": " + run.err());
        assertTrue(run.err().contains(says), flags + ": " + run.err());
    }

    @Test
    void anUnknownRefIsAUsageError() {
        CliRun run = CliRun.of("regress", "--base", "no-such-ref-anywhere-0123");
        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("'no-such-ref-anywhere-0123' is not a commit"), run.err());
    }

    /** The file is refused before nginx is looked for: the same refusal with or without nginx here. */
    @ParameterizedTest(name = "nginx found: {0}")
    @CsvSource({"true", "false"})
    void aBaselineThatIsNotResultsIsAUsageError(boolean nginxFound, @TempDir Path dir) throws IOException {
        Path notResults = Files.writeString(dir.resolve("results.json"), "GET /plaintext 200\n");

        CliRun run = regress(root -> nginxFound, "--baseline", notResults.toString());

        assertEquals(2, run.exitCode(), "nginx found " + nginxFound + ": " + run.err());
        assertTrue(
                run.err().contains("--baseline: " + notResults + ": Unrecognized token 'GET'"),
                "nginx found " + nginxFound + ": " + run.err());
    }

    @Test
    void aBaselineWithoutNginxToCalibrateIsAUsageError(@TempDir Path dir) throws IOException {
        Path stored = dir.resolve("results.json");
        ResultsJson.write(SampleResults.run(), stored);

        CliRun run = regress(root -> false, "--baseline", stored.toString());

        assertEquals(2, run.exitCode(), run.err());
        assertTrue(
                run.err()
                        .contains("--baseline needs a calibration measured now and none is available: nginx is not"
                                + " installed"),
                run.err());
    }

    @Test
    void aHistoryGoesWithABaselineOnly(@TempDir Path dir) {
        CliRun run = CliRun.of("regress", "--base", "HEAD", "--history", dir.toString());

        assertEquals(2, run.exitCode(), run.err());
        assertTrue(run.err().contains("--history goes with --baseline"), run.err());
    }

    /** A damaged history is refused with the baseline, before nginx is looked for or anything measured. */
    @ParameterizedTest(name = "nginx found: {0}")
    @CsvSource({"true", "false"})
    void aDamagedHistoryIsAUsageError(boolean nginxFound, @TempDir Path dir) throws IOException {
        Path stored = dir.resolve("results.json");
        ResultsJson.write(SampleResults.run(), stored);
        Path damaged = dir.resolve("history").resolve("some-machine").resolve("20261101-100000-c010000.json");
        Files.createDirectories(damaged.getParent());
        Files.writeString(damaged, "{\"historyVersion\" : 1, \"commit\" : ");

        CliRun run = regress(
                root -> nginxFound,
                "--baseline",
                stored.toString(),
                "--history",
                dir.resolve("history").toString());

        assertEquals(2, run.exitCode(), run.err());
        assertTrue(run.err().contains("--history: " + damaged + ": not a readable history run"), run.err());
    }

    /** {@code httpmodels regress ARGS...} with nginx's lookup replaced. */
    private static CliRun regress(Predicate<Path> nginxLookup, String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "regress";
        System.arraycopy(args, 0, all, 1, args.length);
        return CliRun.of(
                cli -> ((RegressCommand) cli.getSubcommands().get("regress").getCommand()).nginxLookup = nginxLookup,
                all);
    }
}
