package io.httpmodels.harness.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.httpmodels.harness.CliRun;
import io.httpmodels.harness.report.SampleResults;
import io.httpmodels.harness.results.ForkFigures;
import io.httpmodels.harness.results.ForkStatistics;
import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.ResultsJson;
import io.httpmodels.harness.results.Summary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

class DiffCommandTest {

    @TempDir
    Path tmp;

    /** The sample run with one target's requests/s in every fork scaled by {@code factor}, all else unchanged. */
    static Results withTarget(Results run, String target, double factor) {
        List<Summary> summaries = run.summaries().stream()
                .map(s -> !s.target().equals(target) || !s.ok() ? s : scaled(s, factor))
                .toList();
        return new Results(
                run.run(), run.conditions(), run.targets(), run.scenarios(), run.cells(), summaries, run.capacities());
    }

    /** The sample run with one target's forks all at its median requests/s times {@code factor}, a hair apart. */
    static Results withTargetsForksAgreeing(Results run, String target, double factor) {
        List<Summary> summaries = run.summaries().stream()
                .map(s -> !s.target().equals(target) || !s.ok() ? s : agreeing(s, factor))
                .toList();
        return new Results(
                run.run(), run.conditions(), run.targets(), run.scenarios(), run.cells(), summaries, run.capacities());
    }

    private static Summary agreeing(Summary s, double factor) {
        double median = s.rate().requestsPerSecond().value() * factor;
        return withForks(
                s,
                s.forks().stream()
                        .map(f -> new ForkFigures(
                                f.fork(),
                                f.windows(),
                                median * (1 + 0.0005 * (f.fork() - 2)),
                                f.cpuMicrosPerRequest(),
                                f.p50Micros(),
                                f.p99Micros(),
                                f.rssPeakBytes()))
                        .toList());
    }

    private static Summary scaled(Summary s, double factor) {
        return withForks(
                s,
                s.forks().stream()
                        .map(f -> new ForkFigures(
                                f.fork(),
                                f.windows(),
                                f.requestsPerSecond() * factor,
                                f.cpuMicrosPerRequest(),
                                f.p50Micros(),
                                f.p99Micros(),
                                f.rssPeakBytes()))
                        .toList());
    }

    private static Summary withForks(Summary s, List<ForkFigures> forks) {
        return new Summary(
                s.scenarioId(),
                s.target(),
                s.outcome(),
                new Summary.Rate(
                        ForkStatistics.estimate(forks.stream()
                                .map(ForkFigures::requestsPerSecond)
                                .toList()),
                        null,
                        null,
                        null),
                s.timing(),
                s.connectionFigures(),
                s.server(),
                s.client(),
                forks,
                s.why(),
                s.tls());
    }

    private Path write(String name, Results results) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve(name));
        ResultsJson.write(results, dir.resolve("results.json"));
        return dir;
    }

    @Test
    void forksThatAgreeByChanceInBothRunsShowNoChangeSmallerThanTheirScenariosNoise() {
        Results a = withTargetsForksAgreeing(SampleResults.run(), "netty", 1.0);
        RunDiff small = RunDiff.of("a", a, "b", withTargetsForksAgreeing(SampleResults.run(), "netty", 1.01));
        RunDiff clear = RunDiff.of("a", a, "b", withTargetsForksAgreeing(SampleResults.run(), "netty", 1.2));
        for (RunDiff.Row row : small.rows()) {
            if (row.target().equals("netty")) {
                assertEquals(
                        RunDiff.Change.SAME,
                        row.figure(RunDiff.Figure.REQUESTS_PER_SECOND).change(),
                        "1 % between forks a hair apart, in a scenario whose rows move 1.4 %: " + row);
            }
        }
        for (RunDiff.Row row : clear.rows()) {
            if (row.target().equals("netty")) {
                assertEquals(
                        RunDiff.Change.FASTER,
                        row.figure(RunDiff.Figure.REQUESTS_PER_SECOND).change());
            }
        }
    }

    @Test
    void aClearChangeIsNamedAndTheRestAreTheSame() throws IOException {
        Results a = SampleResults.run();
        Path dirA = write("a", a);
        Path dirB = write("b", withTarget(a, "netty", 1.3));

        CliRun run =
                CliRun.of("diff", dirA.toString(), dirB.resolve("results.json").toString());

        assertEquals(0, run.exitCode(), run.err());
        String netty = run.out()
                .lines()
                .filter(l -> l.startsWith("plaintext-c40-ka-w0") && l.contains(" netty "))
                .findFirst()
                .orElseThrow(() -> new AssertionError(run.out()));
        assertTrue(netty.contains("1.30 ["), netty);
        assertTrue(netty.contains("] faster"), netty);
        String nginx = run.out()
                .lines()
                .filter(l -> l.startsWith("plaintext-c40-ka-w0") && l.contains(" nginx "))
                .findFirst()
                .orElseThrow();
        assertTrue(nginx.contains("1.00 [") && nginx.contains("] ~"), nginx);
        assertTrue(run.out().contains("~: the interval holds 1"), run.out());
    }

    @Test
    void aSlowdownIsSlowerAndTheJsonSaysTheSame() throws IOException {
        Results a = SampleResults.run();
        CliRun run = CliRun.of(
                "diff",
                write("a", a).toString(),
                write("b", withTarget(a, "netty", 0.7)).toString(),
                "--format",
                "json");

        assertEquals(0, run.exitCode(), run.err());
        JsonNode tree = ResultsJson.mapper().readTree(run.out());
        JsonNode netty = null;
        for (JsonNode row : tree.get("rows")) {
            if (row.get("target").asText().equals("netty")
                    && row.get("scenarioId").asText().equals("plaintext-c40-ka-w0")) {
                netty = row;
            }
        }
        assertTrue(netty != null, run.out());
        JsonNode rps = netty.get("figures").get(0);
        assertEquals("requests/s", rps.get("figure").asText());
        assertEquals("slower", rps.get("change").asText());
        assertEquals(0.7, rps.get("ratio").asDouble(), 1e-9);
        assertTrue(rps.get("high").asDouble() < 1, rps.toString());
        assertEquals(3, netty.get("forksA").asInt());
    }

    @Test
    void runsOfOneForkMakeNoClaim() throws IOException {
        Results one = SampleResults.run();
        List<Summary> single =
                one.summaries().stream().map(s -> s.ok() ? withOneFork(s) : s).toList();
        Results a = new Results(
                one.run(), one.conditions(), one.targets(), one.scenarios(), one.cells(), single, one.capacities());

        CliRun run = CliRun.of("diff", write("a", a).toString(), write("b", a).toString(), "--format", "markdown");

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("| 1.00 (no interval) |"), run.out());
        assertTrue(run.out().startsWith("# httpmodels diff"), run.out());
    }

    private static Summary withOneFork(Summary s) {
        return new Summary(
                s.scenarioId(),
                s.target(),
                s.outcome(),
                s.rate(),
                s.timing(),
                s.connectionFigures(),
                s.server(),
                s.client(),
                s.forks().subList(0, 1),
                s.why(),
                s.tls());
    }

    @Test
    void aFileThatIsNotResultsOrAnUnknownFormatIsAUsageError() throws IOException {
        Path a = write("a", SampleResults.run());
        Path junk = Files.writeString(tmp.resolve("junk.json"), "{\"requests\": 1}");

        CliRun notResults = CliRun.of("diff", a.toString(), junk.toString());
        assertEquals(2, notResults.exitCode());
        assertTrue(notResults.err().contains("not a results file"), notResults.err());

        CliRun missing = CliRun.of("diff", a.toString(), tmp.resolve("nowhere").toString());
        assertEquals(2, missing.exitCode());
        assertTrue(missing.err().contains("no such file"), missing.err());

        CliRun format = CliRun.of("diff", a.toString(), a.toString(), "--format", "xml");
        assertEquals(2, format.exitCode());
        assertTrue(format.err().contains("--format wants text, markdown or json"), format.err());
    }
}
