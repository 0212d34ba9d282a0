package io.httpmodels.harness.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.CliRun;
import io.httpmodels.harness.history.SyntheticRuns.Machine;
import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.ResultsJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** {@code httpmodels history add}: a run filed by machine, written whole; bad input exits 2 and writes nothing. */
class HistoryAddCommandTest {

    @TempDir
    Path tmp;

    private Path history() {
        return tmp.resolve("history");
    }

    private Path write(String name, Results results) throws IOException {
        Path file = tmp.resolve(name).resolve("results.json");
        ResultsJson.write(results, file);
        return file;
    }

    private CliRun add(Path resultsJson) {
        return CliRun.of(
                "history", "add", resultsJson.toString(), "--history", history().toString());
    }

    @Test
    void aRunIsFiledUnderItsMachineByStartTimeAndCommit() throws Exception {
        CliRun run = add(write("run-1", SyntheticRuns.compare(Machine.EPYC, 1)));

        assertEquals(0, run.exitCode(), run.err());
        String machine = Machine.EPYC.fingerprint().id();
        Path file = history().resolve(machine).resolve("20261102-100000-c010000.json");
        assertTrue(Files.isRegularFile(file), run.out());
        assertTrue(run.out().contains("added compare run of c010000 on " + machine), run.out());
        List<HistoryRun> runs = new HistoryStore(history()).runs();
        assertEquals(1, runs.size());
        HistoryRun only = runs.get(0);
        assertEquals(SyntheticRuns.commit(1), only.commit());
        assertEquals(Machine.EPYC.fingerprint(), only.machine());
        assertEquals(3, only.figures().size());
        assertEquals(
                SyntheticRuns.requestsPerSecond(Machine.EPYC, "netty", 1),
                only.figures(SyntheticRuns.SCENARIO.id(), "netty").requestsPerSecond());
        assertNull(only.report(), "no report.html beside the results: no link");
    }

    @Test
    void aRegressRunKeepsTheCandidatesFiguresAndTheGatesVerdicts() throws Exception {
        assertEquals(
                0,
                add(write("step", SyntheticRuns.regress(Machine.EPYC, SyntheticRuns.STEP)))
                        .exitCode());

        HistoryRun run = new HistoryStore(history()).runs().get(0);
        assertEquals(RunKind.REGRESS, run.kind());
        String scenario = SyntheticRuns.SCENARIO.id();
        GateVerdict rps = run.verdict(scenario, "netty", Figure.REQUESTS_PER_SECOND);
        assertEquals(io.httpmodels.harness.results.Verdict.REGRESSION, rps.verdict());
        assertEquals(0.80, rps.change().median());
        assertEquals(
                io.httpmodels.harness.results.Verdict.SAME,
                run.verdict(scenario, "nio-reactor", Figure.REQUESTS_PER_SECOND).verdict());
        assertEquals(
                SyntheticRuns.requestsPerSecond(Machine.EPYC, "netty", SyntheticRuns.STEP),
                run.figures(scenario, "netty").requestsPerSecond());
        assertNull(run.figures(scenario, "netty").rssPeakBytes(), "regress measures no RSS");
    }

    @Test
    void theReportBesideTheResultsIsLinkedRelativeToTheHistory() throws Exception {
        Path results = write("linked", SyntheticRuns.compare(Machine.EPYC, 1));
        Files.writeString(results.resolveSibling("report.html"), "<html></html>");

        assertEquals(0, add(results).exitCode());

        assertEquals(
                "../linked/report.html",
                new HistoryStore(history()).runs().get(0).report());
    }

    @Test
    void theSameCommitOnAnotherMachineIsAnotherRun() throws Exception {
        assertEquals(0, add(write("a", SyntheticRuns.compare(Machine.EPYC, 3))).exitCode());
        assertEquals(0, add(write("b", SyntheticRuns.compare(Machine.XEON, 3))).exitCode());

        assertEquals(2, new HistoryStore(history()).runs().size());
        assertTrue(
                Files.isDirectory(history().resolve(Machine.XEON.fingerprint().id())));
    }

    @Test
    void everyRunOfACommitOnAMachineIsKept() throws Exception {
        assertEquals(
                0, add(write("first", SyntheticRuns.compare(Machine.EPYC, 3))).exitCode());

        CliRun again = add(write("again", SyntheticRuns.rerun(Machine.EPYC, 3, Duration.ofHours(1), 0.97)));
        CliRun sameSecond =
                add(write("same-second", SyntheticRuns.rerun(Machine.EPYC, 3, Duration.ofMillis(300), 1.02)));

        assertEquals(0, again.exitCode(), again.err());
        assertEquals(0, sameSecond.exitCode(), sameSecond.err());
        List<HistoryRun> runs = new HistoryStore(history()).runs();
        assertEquals(3, runs.size());
        assertTrue(runs.stream().allMatch(r -> r.commit().equals(SyntheticRuns.commit(3))), runs.toString());
        assertEquals(
                List.of(0.97, 1.0, 1.02).stream()
                        .map(f -> f * SyntheticRuns.requestsPerSecond(Machine.EPYC, "netty", 3))
                        .sorted()
                        .toList(),
                runs.stream()
                        .map(r ->
                                r.figures(SyntheticRuns.SCENARIO.id(), "netty").requestsPerSecond())
                        .sorted()
                        .toList());
        // Two runs of one commit started in one second: a file each.
        Path folder = history().resolve(Machine.EPYC.fingerprint().id());
        assertTrue(Files.isRegularFile(folder.resolve("20261104-100000-c030000.json")));
        assertTrue(Files.isRegularFile(folder.resolve("20261104-100000-c030000-2.json")));
        assertTrue(Files.isRegularFile(folder.resolve("20261104-110000-c030000.json")));
    }

    @Test
    void theSameRunAddedAgainExits2AndLeavesTheHistoryUntouched() throws Exception {
        Path results = write("first", SyntheticRuns.compare(Machine.EPYC, 3));
        assertEquals(0, add(results).exitCode());
        Map<String, String> before = snapshot();

        CliRun again = add(results);

        assertEquals(2, again.exitCode(), again.out());
        assertTrue(
                again.err()
                        .contains("the history already holds this run: commit " + SyntheticRuns.commit(3)
                                + " on machine " + Machine.EPYC.fingerprint().id() + ", started "
                                + SyntheticRuns.startedAt(Machine.EPYC, 3)),
                again.err());
        assertEquals(before, snapshot());
    }

    @Test
    void aResultsFileOfAnotherSchemaExits2AndWritesNothing() throws Exception {
        assertEquals(0, add(write("ok", SyntheticRuns.compare(Machine.EPYC, 1))).exitCode());
        Map<String, String> before = snapshot();
        Path other = tmp.resolve("other.json");
        Files.writeString(
                other,
                ResultsJson.toJson(SyntheticRuns.compare(Machine.EPYC, 2))
                        .replaceFirst("\"schemaVersion\" : " + Results.SCHEMA_VERSION, "\"schemaVersion\" : 99"));

        CliRun run = add(other);

        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("results schema version 99 is not supported"), run.err());
        assertEquals(before, snapshot());
    }

    @Test
    void aFileThatIsNoResultsExits2() throws Exception {
        Path other = Files.writeString(tmp.resolve("package.json"), "{\"name\": \"x\"}");

        CliRun run = add(other);

        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("not a results file"), run.err());
        assertTrue(!Files.exists(history()), "no history folder made");
    }

    @Test
    void aTruncatedHistoryExits2ForAddAndReportAndIsLeftAsItWas() throws Exception {
        assertEquals(
                0, add(write("one", SyntheticRuns.compare(Machine.EPYC, 1))).exitCode());
        Path file;
        try (Stream<Path> files = Files.walk(history())) {
            file = files.filter(Files::isRegularFile).findFirst().orElseThrow();
        }
        String text = Files.readString(file);
        Files.writeString(file, text.substring(0, text.length() / 2));
        Map<String, String> before = snapshot();

        CliRun added = add(write("two", SyntheticRuns.compare(Machine.EPYC, 2)));
        CliRun report = CliRun.of(
                "history",
                "report",
                "--history",
                history().toString(),
                "--out",
                tmp.resolve("site").toString());

        assertEquals(2, added.exitCode());
        assertTrue(added.err().contains(file + ": not a readable history run (truncated or damaged?)"), added.err());
        assertEquals(2, report.exitCode());
        assertTrue(report.err().contains("truncated or damaged"), report.err());
        assertEquals(before, snapshot());
        assertTrue(!Files.exists(tmp.resolve("site")), "no page written");
    }

    @Test
    void aRunWithoutACommitExits2() throws Exception {
        Results run = SyntheticRuns.compare(Machine.EPYC, 1);
        Results noCommit = SyntheticRuns.results(Machine.EPYC, 1, run.summaries(), null);
        noCommit = new Results(
                noCommit.run(),
                SyntheticRuns.conditions(Machine.EPYC, null),
                noCommit.targets(),
                noCommit.scenarios(),
                noCommit.cells(),
                noCommit.summaries(),
                noCommit.capacities());

        CliRun result = add(write("no-commit", noCommit));

        assertEquals(2, result.exitCode());
        assertTrue(result.err().contains("records no git commit"), result.err());
    }

    @Test
    void aHistoryIsAFolder() {
        CliRun run = CliRun.of(
                "history",
                "report",
                "--history",
                tmp.resolve("none").toString(),
                "--out",
                tmp.resolve("site").toString());

        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("no history folder at"), run.err());
    }

    /** Every file under the history, with its text: what "untouched" compares (temporary files included). */
    private Map<String, String> snapshot() throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> paths = Files.walk(history())) {
            for (Path p : paths.filter(Files::isRegularFile).toList()) {
                files.put(history().relativize(p).toString(), Files.readString(p));
            }
        }
        return files;
    }
}
