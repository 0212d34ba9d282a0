package io.httpmodels.harness.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.CliRun;
import io.httpmodels.harness.report.SampleResults;
import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.ResultsJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

class AgreementTest {

    @TempDir
    Path tmp;

    private static Agreement.FigureAgreement requestsPerSecond(Agreement a) {
        return a.figures().get(0);
    }

    @Test
    void identicalRunsAgreeEverywhere() {
        Results run = SampleResults.run();
        Agreement.FigureAgreement rps = requestsPerSecond(Agreement.of(List.of(run, run, run)));
        assertEquals(Agreement.Figure.REQUESTS_PER_SECOND, rps.figure());
        assertEquals(1.0, rps.insideShare());
        assertEquals(1.0, rps.coverage());
        assertEquals(0.0, rps.medianSpread());
        assertTrue(rps.flips().isEmpty(), rps.flips().toString());
        assertTrue(rps.orderedPairs() > 0, "the sample orders some pairs apart");
    }

    @Test
    void aPairThatOneRunOrdersAndAnotherReversesIsAFlip() {
        Results first = SampleResults.run();
        // fixed-pool (76k) is well below virtual-threads (99k) in the first run; half again as fast in the second.
        Results second = DiffCommandTest.withTarget(first, "fixed-pool", 1.5);

        Agreement.FigureAgreement rps = requestsPerSecond(Agreement.of(List.of(first, second)));

        assertTrue(
                rps.flips().stream()
                        .anyMatch(f -> f.contains("run 1 orders virtual-threads > fixed-pool")
                                || f.contains("run 1 orders fixed-pool < virtual-threads")),
                rps.flips().toString());
        assertTrue(rps.insideShare() < 1.0, "fixed-pool's medians lie outside each other's intervals");
        Agreement.CellSpread fixedPool = rps.cells().stream()
                .filter(c -> c.target().equals("fixed-pool") && c.scenarioId().equals("plaintext-c40-ka-w0"))
                .findFirst()
                .orElseThrow();
        assertEquals(0.4, fixedPool.spread(), 1e-9, "(1.5 - 1) / 1.25");
    }

    @Test
    void currentIntervalsPutTheSpreadFloorUnderRunsWrittenWithout() throws Exception {
        // netty's forks a hair apart in both runs, 1 % apart between them: the intervals the runs recorded (no floor)
        // miss each other's median; made again with the floor, they hold it.
        Path a = Files.createDirectories(tmp.resolve("agree-a"));
        Path b = Files.createDirectories(tmp.resolve("agree-b"));
        ResultsJson.write(
                DiffCommandTest.withTargetsForksAgreeing(SampleResults.run(), "netty", 1.0), a.resolve("results.json"));
        ResultsJson.write(
                DiffCommandTest.withTargetsForksAgreeing(SampleResults.run(), "netty", 1.01),
                b.resolve("results.json"));

        CliRun recorded = CliRun.of("stats", "agreement", a.toString(), b.toString());
        CliRun current = CliRun.of("stats", "agreement", "--current-intervals", a.toString(), b.toString());

        assertEquals(0, current.exitCode(), current.err());
        String insideRecorded = insideOf(recorded.out());
        String insideCurrent = insideOf(current.out());
        assertTrue(insideRecorded.contains("%"), recorded.out());
        assertTrue(
                !insideRecorded.equals(insideCurrent) && insideCurrent.startsWith("100.0 %"),
                recorded.out() + current.out());
    }

    /** The requests/s line's "a run's median inside another's interval" figure. */
    private static String insideOf(String out) {
        String line =
                out.lines().filter(l -> l.startsWith("requests/s:")).findFirst().orElseThrow();
        return line.substring(line.indexOf("another's interval ") + "another's interval ".length());
    }

    @Test
    void oneRunIsNotEnough() {
        assertThrows(IllegalArgumentException.class, () -> Agreement.of(List.of(SampleResults.run())));
    }

    @Test
    void theStatsCommandReportsIt() throws Exception {
        Results run = SampleResults.run();
        Path a = Files.createDirectories(tmp.resolve("a"));
        Path b = Files.createDirectories(tmp.resolve("b"));
        ResultsJson.write(run, a.resolve("results.json"));
        ResultsJson.write(DiffCommandTest.withTarget(run, "fixed-pool", 1.5), b.resolve("results.json"));

        CliRun cli = CliRun.of("stats", "agreement", a.toString(), b.toString());

        assertEquals(0, cli.exitCode(), cli.err());
        assertTrue(cli.out().startsWith("2 runs of one comparison"), cli.out());
        assertTrue(cli.out().contains("flip: plaintext-c40-ka-w0"), cli.out());
        assertEquals(
                2,
                CliRun.of(
                                "stats",
                                "agreement",
                                a.toString(),
                                tmp.resolve("none").toString())
                        .exitCode());
    }
}
