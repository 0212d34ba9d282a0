package io.httpmodels.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.results.CellResult;
import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.Warmup;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

class MarkdownReportTest {

    private static final String HEADER =
            "| target | requests/s (95 % interval) | vs best | vs nginx | p50 (raw) | p99 (raw)"
                    + " | p99.9 (raw) | server CPU (µs/req) | server CPU (% of a core) | RSS peak (MiB) | threads peak | served"
                    + " | timeouts | errors | client CPU (% of a core) | limits |";

    /** The lines of the table under the heading of {@code title}: header, alignment, one per target. */
    private static List<String> table(String markdown, String title) {
        List<String> lines = markdown.lines().toList();
        int heading = lines.indexOf("## " + title);
        assertTrue(heading >= 0, "no heading " + title + " in\n" + markdown);
        int start = heading + 1;
        while (!lines.get(start).startsWith("|")) {
            start++;
        }
        int end = start;
        while (end < lines.size() && lines.get(end).startsWith("|")) {
            end++;
        }
        return lines.subList(start, end);
    }

    /** The paragraphs after the table under {@code title}, up to the next heading. */
    private static String notes(String markdown, String title) {
        String after = markdown.substring(markdown.indexOf("## " + title + "\n") + title.length() + 4);
        int next = after.indexOf("\n## ");
        return next < 0 ? after : after.substring(0, next);
    }

    @Test
    void rowsOfTheSaturatedScenarioShowWhatLimitsEachFigure() {
        String md = MarkdownReport.render(SampleResults.run());
        assertEquals(
                List.of(
                        HEADER,
                        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
                        "| single-thread | 16,800 (16,227–17,357) | 0.12 | 0.12 | 56 µs (54 µs–59 µs) | 116 µs (113 µs–120 µs)"
                                + " | 470 µs | 21.5 (20.8–22.3) | 36 % | 88 (85–91) | 16 | 1 / 40 † | 585 | 585 | 39 % | † 39 never served |",
                        "| thread-per-connection | 104,200 (100,644–107,653) | 0.73 | 0.73 | 362 µs (350 µs–375 µs)"
                                + " | 1.18 ms (1.14 ms–1.22 ms) | 3.90 ms | 8.9 (8.6–9.2) | 93 % | 176 (170–182) | 56 | 40 / 40 | 0 | 0 | 97 % | ‡ client-bound |",
                        "| fixed-pool | 76,100 (73,503–78,622) | 0.53 | 0.53 | 94 µs (92 µs–97 µs) | 290 µs (282 µs–299 µs)"
                                + " | 1.05 ms | 10.1 (9.8–10.5) | 77 % | 101 (98–104) | 24 | 8 / 40 † | 480 | 480 | 72 % | † 32 never served |",
                        "| virtual-threads | 99,300 (95,911–102,591) | 0.69 | 0.69 | 381 µs (368 µs–395 µs)"
                                + " | 1.30 ms (1.26 ms–1.35 ms) | 4.40 ms | 9.6 (9.3–9.9) | 95 % | 121 (117–125) | 22 | 40 / 40 | 0 | 0 | 96 % | ‡ client-bound |",
                        "| netty | 136,200 (131,551–140,714) | 0.95 | 0.95 | 279 µs (271 µs–288 µs) | 820 µs (794 µs–848 µs)"
                                + " | 2.60 ms | 6.9 (6.7–7.1) | 94 % | 118 (114–122) | 21 | 40 / 40 | 0 | 0 | 98 % | ‡ client-bound |",
                        "| nginx | 143,100 (138,216–147,843) | 1.00 | 1.00 | 265 µs (257 µs–274 µs) | 760 µs (735 µs–788 µs)"
                                + " | 2.30 ms | 6.7 (6.5–6.9) | 96 % | 9.8 (9.5–10) | 2 | 40 / 40 | 0 | 0 | 98 % | ‡ client-bound |"),
                table(md, SampleResults.C40.title()));
    }

    @Test
    void aFailedRowShowsItsReasonAndAMissingRowSaysItDidNotRun() {
        List<String> rows = table(MarkdownReport.render(SampleResults.run()), SampleResults.WORK.title());
        assertEquals(8, rows.size(), "header, alignment and all six targets: none dropped");
        assertEquals(
                "| thread-per-connection | failed: the server process exited with code 137 during the warm-up"
                        + " | | | | | | | | | | | | | | |",
                rows.get(3));
        assertEquals("| nginx | not run | | | | | | | | | | | | | | |", rows.get(7));
        // nginx did not run here: relative to nginx has no figure, relative to the best does.
        assertEquals(
                "| virtual-threads | 36,400 (35,158–37,606) | 1.00 | – | 1.09 ms (1.05 ms–1.12 ms) | 1.42 ms (1.37 ms–1.47 ms)"
                        + " | 2.30 ms | 17.5 (16.9–18.1) | 64 % | 124 (120–128) | 22 | 40 / 40 | 0 | 0 | 41 % | |",
                rows.get(5));
    }

    @Test
    void everyRowHasAsManyCellsAsTheHeader() {
        String md = MarkdownReport.render(SampleResults.run());
        for (var scenario : SampleResults.run().scenarios()) {
            for (String row : table(md, scenario.title())) {
                // 16 columns: 17 unescaped bars, so 18 pieces with the empty ones outside the first and last.
                assertEquals(18, row.split("(?<!\\\\)\\|", -1).length, row);
            }
        }
    }

    @Test
    void notesSayWhatEachLatencyIsInTheDataSWordsAndExplainEveryMarkUsed() {
        String md = MarkdownReport.render(SampleResults.run());
        String c40 = notes(md, SampleResults.C40.title());
        assertTrue(
                c40.contains("p50, p99, p99.9 (raw): from the write of each request to the last byte of its response,"
                        + " one sample per request."),
                c40);
        assertTrue(c40.contains("‡ client-bound: the load client used at least 95 % of its 1 core"), c40);
        assertTrue(c40.contains("† served: connections that completed at least one response"), c40);
        String c1 = notes(md, SampleResults.C1.title());
        assertFalse(c1.contains("‡"), "no client-bound row at 1 connection, so no note about it:\n" + c1);
        assertFalse(c1.contains("†"), c1);
    }

    @Test
    void theHeadingCarriesTheConditions() {
        String md = MarkdownReport.render(SampleResults.run());
        assertTrue(md.startsWith("# httpmodels: HTTP server models compared\n"), md);
        for (String line : List.of(
                "- **Run:** 2026-11-30 16:00:00 UTC to 2026-11-30 16:24:10 UTC, complete",
                "- **Machine:** AMD EPYC 7B13, 2 CPUs online, Linux 6.1.0-41-cloud-amd64",
                "- **JDK:** Eclipse Adoptium 25.0.3+9-LTS, OpenJDK 64-Bit Server VM",
                "- **Pinning:** servers on one core, the client on the other (taskset at start); servers on CPU 0,"
                        + " client on CPU 1",
                "- **Timing:** warm-up until the server's JIT was quiet, at least 3 s and at most 20 s (not recorded),"
                        + " then 1 window of 10 s recorded; 3 forks (a fresh JVM each) per cell",
                "- **Warm-ups:** 3.5 s to 5.5 s (median 4.5 s) over 66 cells; every one settled",
                "- **Server JVM flags:** `-Xms256m -Xmx256m -XX:ActiveProcessorCount=1`",
                "- **Build:** httpmodels 0.1.0-SNAPSHOT, commit ebd726d1858f; written by httpmodels 0.1.0-SNAPSHOT")) {
            assertTrue(md.lines().anyMatch(line::equals), "missing '" + line + "' in\n" + md);
        }
    }

    @Test
    void aServerMeasuredBeforeItsJitWasQuietIsNamed() {
        Results run = SampleResults.run();
        CellResult first = run.cells().get(0);
        List<CellResult> cells = new ArrayList<>(run.cells());
        cells.set(0, first.withWarmup(new Warmup(20.2, false, true)));
        Results unsettled = SampleResults.withCells(cells);
        String line = MarkdownReport.render(unsettled)
                .lines()
                .filter(l -> l.startsWith("- **Warm-ups:**"))
                .findFirst()
                .orElseThrow();
        assertEquals(
                "- **Warm-ups:** 3.5 s to 20.2 s (median 4.5 s) over 66 cells; 1 stopped at the longest warm-up"
                        + " unsettled (their figures may include JIT compilation): "
                        + first.id().target() + " / "
                        + first.id().scenarioId(),
                line);
    }

    @Test
    void runsWithoutWarmupFiguresSayNothingOfThem() {
        Results run = SampleResults.run();
        Results old = SampleResults.withCells(
                run.cells().stream().map(c -> c.withWarmup(null)).toList());
        assertFalse(MarkdownReport.render(old).contains("Warm-ups"));
    }

    @Test
    void theCapacityTableAppearsOnlyWhenTheRunSearchedOne() {
        String with = MarkdownReport.render(SampleResults.run());
        assertEquals(
                List.of(
                        "| scenario | target | bound | closed-loop peak req/s | capacity req/s | rates tried |",
                        "|---|---|---|---:|---:|---|",
                        "| GET /plaintext, 40 connections, keep-alive, no work, closed loop | netty | p99 ≤ 10 ms | 136,200"
                                + " | 122,580 | 68,100 ✓, 108,960 ✓, 122,580 ✓, 136,200 ✗ |",
                        "| GET /plaintext, 40 connections, keep-alive, no work, closed loop | virtual-threads"
                                + " | p99 ≤ 10 ms | 99,300 | 79,440 | 49,650 ✓, 79,440 ✓, 89,370 ✗ |"),
                table(with, "Capacity"));
        assertFalse(MarkdownReport.render(SampleResults.withoutCapacities()).contains("## Capacity"));
    }

    @Test
    void withoutNginxThereIsNoColumnRelativeToIt() {
        Results results = SampleResults.without(SampleResults.run(), "nginx");
        List<String> rows = table(MarkdownReport.render(results), SampleResults.C40.title());
        assertFalse(rows.get(0).contains("vs nginx"), rows.get(0));
        assertEquals(
                "| netty | 136,200 (131,551–140,714) | 0.95 | 279 µs (271 µs–288 µs) | 820 µs (794 µs–848 µs) | 2.60 ms"
                        + " | 6.9 (6.7–7.1) | 94 % | 118 (114–122) | 21 | 40 / 40 | 0 | 0 | 98 % | ‡ client-bound |",
                rows.get(6));
    }

    @Test
    void aReasonWithAPipeOrANewlineStaysInItsCell() {
        Results results = SampleResults.withFailure("exit 1 | see\nserver.log");
        List<String> rows = table(MarkdownReport.render(results), SampleResults.WORK.title());
        assertEquals(
                "| thread-per-connection | failed: exit 1 \\| see server.log | | | | | | | | | | | | | | |",
                rows.get(3));
    }
}
