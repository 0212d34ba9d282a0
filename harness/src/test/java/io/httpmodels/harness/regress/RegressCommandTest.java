package io.httpmodels.harness.regress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.CliRun;
import org.junit.jupiter.api.Test;

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

    @Test
    void badFlagsAreUsageErrors() {
        assertEquals(2, CliRun.of("regress", "--base", "HEAD", "--rounds", "1").exitCode());
        assertEquals(
                2,
                CliRun.of("regress", "--base", "HEAD", "--rps-tolerance", "5").exitCode());
        CliRun few = CliRun.of("regress", "--base", "HEAD", "--rounds", "4");
        assertEquals(2, few.exitCode());
        assertTrue(few.err().contains("give at least 5 rounds"), few.err());
        assertEquals(
                2,
                CliRun.of("regress", "--base", "HEAD", "--rounds", "6", "--confidence", "0.99")
                        .exitCode());
        CliRun cpu = CliRun.of("regress", "--base", "HEAD", "--cpu-tolerance", "-0.1");
        assertEquals(2, cpu.exitCode());
        assertTrue(cpu.err().contains("a tolerance is a share in [0, 1)"), cpu.err());
        assertEquals(
                2,
                CliRun.of("regress", "--base", "HEAD", "--cells", "netty:p16").exitCode());
        CliRun unknownModel = CliRun.of("regress", "--base", "HEAD", "--cells", "no-such-model:c40");
        assertEquals(2, unknownModel.exitCode());
        assertTrue(unknownModel.err().contains("no-such-model"), unknownModel.err());
    }

    @Test
    void anUnknownRefIsAUsageError() {
        CliRun run = CliRun.of("regress", "--base", "no-such-ref-anywhere-0123");
        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("'no-such-ref-anywhere-0123' is not a commit"), run.err());
    }

    @Test
    void aBaselineThatIsNotResultsIsAUsageError() {
        CliRun run = CliRun.of("regress", "--baseline", "/nonexistent/results.json");
        assertEquals(2, run.exitCode());
        // Either no calibration (no nginx here) or the file: both refuse before measuring.
        assertTrue(run.err().contains("--baseline"), run.err());
    }
}
