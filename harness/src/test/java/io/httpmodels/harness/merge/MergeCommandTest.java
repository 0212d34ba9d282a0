package io.httpmodels.harness.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.httpmodels.harness.CliRun;
import io.httpmodels.harness.report.ChartPlan;
import io.httpmodels.harness.results.CellResult;
import io.httpmodels.harness.results.LatencyKind;
import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.ResultsJson;
import io.httpmodels.load.LatencyHistograms;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

@Timeout(60)
class MergeCommandTest {

    private static final long T = 1_767_225_600_000L;

    @TempDir
    Path dir;

    /** {@code seconds} one-second intervals from {@code startMillis}, each of {@code perSecond} values of 100 µs. */
    private Path log(String name, long startMillis, int seconds, long perSecond) throws IOException {
        List<Histogram> intervals = new ArrayList<>();
        for (int s = 0; s < seconds; s++) {
            intervals.add(AgentLogs.interval(LatencyHistograms.create(), startMillis + s * 1000L, perSecond, 100 + s));
        }
        return AgentLogs.write(dir.resolve(name + ".hlog"), name, intervals);
    }

    @Test
    void mismatchedHistogramSettingsAreRefusedWithExitTwo() throws IOException {
        Path a = log("agent-0", T, 2, 10);
        Histogram coarse = AgentLogs.interval(new Histogram(1, 3_600_000_000L, 2), T, 10, 100);
        Path b = AgentLogs.write(dir.resolve("agent-1.hlog"), "agent-1", List.of(coarse));

        CliRun run = CliRun.of("merge", "--out", dir.resolve("report").toString(), a.toString(), b.toString());

        assertEquals(2, run.exitCode(), run.out());
        assertTrue(run.err().startsWith("httpmodels merge: histogram settings differ"), run.err());
        assertTrue(run.err().contains(a + " has lowest 1, highest 3600000000, 3 significant digits"), run.err());
        assertTrue(run.err().contains(b + " has lowest 1, highest 3600000000, 2 significant digits"), run.err());
        assertFalse(Files.exists(dir.resolve("report")), "nothing written");
    }

    @Test
    void timelinesAreAlignedOnAbsoluteTime() throws Exception {
        // agent-1 starts 3.4 s after agent-0 (nearest second: 3), agent-2 2.6 s after (nearest: 3 as well).
        Path a = log("agent-0", T, 5, 100);
        Path b = log("agent-1", T + 3400, 5, 200);
        Path c = log("agent-2", T + 2600, 2, 50);

        MergedRun run = Merge.files(List.of(b, a, c));

        assertEquals(T, run.originMillis(), "second 0 is the earliest agent's start, whatever the order given");
        assertEquals(T + 8400, run.endMillis());
        assertEquals(
                List.of(0.0, 0.0, 0.0, 200.0, 200.0, 200.0, 200.0, 200.0),
                run.agents().get(0).timeline());
        assertEquals(
                List.of(100.0, 100.0, 100.0, 100.0, 100.0, 0.0, 0.0, 0.0),
                run.agents().get(1).timeline());
        assertEquals(
                List.of(0.0, 0.0, 0.0, 50.0, 50.0, 0.0, 0.0, 0.0),
                run.agents().get(2).timeline());
        assertEquals(List.of(100.0, 100.0, 100.0, 350.0, 350.0, 200.0, 200.0, 200.0), run.timeline());
        assertEquals(3400, run.agents().get(0).startOffsetMillis());
        assertEquals(0, run.agents().get(1).startOffsetMillis());
        assertEquals(2600, run.agents().get(2).startOffsetMillis());
        assertEquals(5 * 200 + 5 * 100 + 2 * 50, run.requests());
        assertEquals(8.4, run.windowSeconds(), 1e-9);
    }

    @Test
    void aShortLastIntervalCountsAsItsRateNotItsCount() throws Exception {
        Histogram full = AgentLogs.interval(LatencyHistograms.create(), T, 1000, 100);
        Histogram half = AgentLogs.interval(LatencyHistograms.create(), T + 1000, 500, 100);
        half.setEndTimeStamp(T + 1500);
        Path a = AgentLogs.write(dir.resolve("a.hlog"), "a", List.of(full, half));

        MergedRun run = Merge.files(List.of(a));

        assertEquals(List.of(1000.0, 1000.0), run.timeline());
        assertEquals(1000.0, run.requestsPerSecond(), 1e-9);
    }

    @Test
    void printsTheTotalAndEveryAgentAndWritesTheReportsThroughCompareWriters() throws Exception {
        Path a = log("agent-0", T, 3, 1000);
        Path b = log("agent-1", T + 40, 3, 1000);
        agentJson("agent-0", 4, 1.5);
        agentJson("agent-1", 6, 12.25);
        Path json = dir.resolve("merged.json");
        Path report = dir.resolve("report");

        CliRun run =
                CliRun.of("merge", "--json", json.toString(), "--out", report.toString(), a.toString(), b.toString());

        assertEquals(0, run.exitCode(), run.err());
        String out = run.out();
        assertTrue(out.startsWith("Merged 2 interval logs: 6000 requests in 3.04s from 2026-01-01T00:00:00Z"), out);
        assertTrue(out.contains("identical settings: lowest 1, highest 3600000000, 3 significant digits"), out);
        assertTrue(out.contains("Latency (intended): from when each request was meant to be sent"), out);
        assertTrue(out.matches("(?s).*\\n  total +6000 +1973\\.68 +101\\.00us +102\\.00us +10 .*"), out);
        assertTrue(
                out.matches("(?s).*\\n  agent-0 +3000 +1000\\.00 +101\\.00us +102\\.00us +4 +\\+0ms +\\+1\\.5ms\\n.*"),
                out);
        assertTrue(
                out.matches(
                        "(?s).*\\n  agent-1 +3000 +1000\\.00 +101\\.00us +102\\.00us +6 +\\+40ms +\\+12\\.3ms\\n.*"),
                out);
        assertTrue(out.contains("wrote " + report.resolve("report.html")), out);

        JsonNode merged = new ObjectMapper().readTree(json.toFile());
        assertEquals(6000, merged.get("total").get("requests").asLong());
        assertEquals(10, merged.get("total").get("errors").asLong());
        assertEquals(40, merged.get("agents").get(1).get("startOffsetMillis").asLong());
        assertEquals(6, merged.get("agents").get(1).get("errors").get("total").asLong());
        assertEquals(3, merged.get("agents").get(0).get("timeline").size());
        assertFalse(merged.get("latencyHistogram").asText().isEmpty());

        Results results = ResultsJson.read(report.resolve("results.json"));
        assertNotNull(results.merge());
        assertEquals(
                List.of("total", "agent-0", "agent-1"),
                results.targets().stream().map(t -> t.name()).toList());
        CellResult total = results.cell("merged", "total");
        assertEquals(6000, total.figures().throughput().requests());
        assertEquals(
                List.of(1000.0 + 1000.0, 2000.0, 2000.0),
                total.figures().throughput().timeline());
        assertEquals(12.25, results.merge().agents().get(1).startSkewMillis());
        assertEquals(10, results.summary("merged", "total").connectionFigures().errors());
        assertEquals(
                LatencyKind.INTENDED,
                results.summary("merged", "agent-0").latency().kind());
        assertEquals(
                List.of("chart-timeline-merged"),
                ChartPlan.of(results).stream()
                        .filter(c -> c.kind().equals(ChartPlan.TIMELINE))
                        .map(ChartPlan.Chart::id)
                        .toList());
        String markdown = Files.readString(report.resolve("report.md"));
        assertTrue(markdown.contains("## Agents"), markdown);
        assertTrue(markdown.contains("| agent-1 | " + b + " | "), markdown);
        assertTrue(Files.readString(report.resolve("report.html")).contains("id=\"chart-timeline-merged\""));
        assertTrue(
                results.conditions().command().startsWith("httpmodels merge --json "),
                results.conditions().command());
    }

    @Test
    void withoutJsonBesideTheLogsErrorsAreUnknownNotZero() throws Exception {
        Path a = log("agent-0", T, 2, 10);

        CliRun run = CliRun.of("merge", a.toString());

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().matches("(?s).*\\n  total +20 +10\\.00 +.* +- .*"), run.out());
        assertTrue(run.out().contains("agent-0: no JSON beside " + a + " (errors and skew unknown)"), run.out());
        assertTrue(run.out().contains("Latency (recorded)"), run.out());
        assertNull(Merge.files(List.of(a)).errors());
    }

    @Test
    void logsThatCannotBeMergedAreUsageErrors() throws IOException {
        Path a = log("agent-0", T, 2, 10);
        Path copy = Files.copy(a, dir.resolve("copy.hlog"));
        Path notALog = Files.writeString(dir.resolve("notes.hlog"), "Tag=x,not,a,log\n");
        Path empty = AgentLogs.write(dir.resolve("empty.hlog"), "e", List.of());
        for (List<String> args : List.of(
                List.of(a.toString(), a.toString()),
                List.of(a.toString(), copy.toString()),
                List.of(notALog.toString()),
                List.of(dir.resolve("missing.hlog").toString()),
                List.of(empty.toString()))) {
            List<String> all = new ArrayList<>(List.of("merge"));
            all.addAll(args);
            CliRun run = CliRun.of(all.toArray(String[]::new));
            assertEquals(2, run.exitCode(), args + ": " + run.out());
            assertTrue(run.err().startsWith("httpmodels merge: "), run.err());
        }
        assertTrue(CliRun.of("merge", a.toString(), a.toString()).err().contains("is given twice"));
        assertTrue(CliRun.of("merge", a.toString(), copy.toString()).err().contains("two logs carry the name agent-0"));
    }

    /** The load client's JSON beside a log, reduced to what the merge reads. */
    private void agentJson(String name, long errors, double skewMillis) throws IOException {
        Files.writeString(dir.resolve(name + ".json"), """
                {
                  "schemaVersion": 1,
                  "tool": "httpmodels load-client",
                  "agent": {"tag": "%s", "agents": 2, "index": 0, "rateShare": 0.5, "totalRate": 2000.0},
                  "config": {"url": "http://10.0.0.5:8080/plaintext", "connections": 10, "threads": 1,
                             "rate": 1000.0, "keepAlive": true, "pipeline": 1, "warmupSeconds": 5.0,
                             "timeoutSeconds": 2.0},
                  "requests": 3000,
                  "latency": {"description": "from when each request was meant to be sent (constant rate 1000.0/s, open loop) to the last byte of its response"},
                  "errors": {"connect": 0, "timeout": %d, "total": %d},
                  "start": {"startAt": "2026-01-01T00:00:00Z", "skewMillis": %s, "toleranceMillis": 100}
                }
                """.formatted(name, errors, errors, skewMillis));
    }
}
