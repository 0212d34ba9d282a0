package io.httpmodels.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.ResultsJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The why table in every report: its figures, its marks, and its absence when nothing was measured. */
class WhyTableTest {

    private static final Results WHY = WhyResults.run();

    @Test
    void aRowPerTargetWithItsFiguresPerRequestAndPartialOnesMarked() {
        WhyTable t = WhyTable.of(WHY, SampleResults.C40, true);
        List<String> tpc = row(t, "thread-per-connection");
        assertEquals("thread-per-connection", tpc.get(0));
        assertEquals(List.of("16.1", "14.6", "3.84", "0.006", "12.0"), tpc.subList(2, 7));
        assertEquals("fcntl 3.00, getsockname 2.00", tpc.get(7));
        assertEquals("258" + WhyTable.PARTIAL, tpc.get(8), "the partial run-queue wait is marked");
        assertEquals("26k", tpc.get(9));
        assertTrue(tpc.get(1).endsWith("+1.02"), "threads started per request: " + tpc.get(1));
        List<String> nginx = row(t, "nginx");
        assertEquals(Format.NONE, nginx.get(9), "nginx allocates nothing the JVM can count");
        assertEquals("0", row(t, "netty").get(11), "JIT ms in the window");
        assertEquals(WhyTable.PROFILED + " (cpu)", row(t, "netty").get(12));
        assertTrue(
                t.notes().stream()
                        .anyMatch(n -> n.startsWith(WhyTable.PARTIAL + " partial: rq wait (" + WhyResults.PARTIAL_NOTE
                                + ") [thread-per-connection]")),
                t.notes().toString());
        assertTrue(
                t.notes().stream().anyMatch(n -> n.contains("not measured: alloc and GC") && n.endsWith("[nginx].")),
                t.notes().toString());
        assertEquals(3, t.flameGraphs().size(), "netty's three repetitions were profiled");
    }

    @Test
    void aRunWithoutWhyFiguresHasNoWhyTable() {
        Results none = SampleResults.run();
        assertNull(WhyTable.of(none, SampleResults.C40, true));
        assertTrue(WhyTable.all(none, false).isEmpty());
        assertFalse(TextTable.render(none).contains("why, per request"));
        assertFalse(MarkdownReport.render(none).contains("### Why"));
        assertFalse(HtmlReport.render(none).contains("id=\"why\""));
        assertTrue(ChartPlan.why(none).isEmpty());
    }

    @Test
    void theTerminalShowsAWhyTablePerScenarioWithinItsWidth() {
        String text = TextTable.render(WHY);
        assertEquals(WHY.scenarios().size(), text.split("why, per request", -1).length - 1 - 1, text);
        for (String line : text.split("\n")) {
            assertTrue(line.length() <= TextTable.WIDTH, line);
        }
        assertTrue(text.contains("rq wait µs"), text);
        assertTrue(text.contains("258" + WhyTable.PARTIAL), text);
        assertTrue(text.contains(WhyTable.PROFILED), "netty's main row says it was profiled");
    }

    @Test
    void markdownAndHtmlCarryTheTableTheTopSyscallsAndTheFlameGraphs() {
        String md = MarkdownReport.render(WHY);
        assertTrue(md.contains("### Why, per request"), md);
        assertTrue(md.contains("| fcntl 3.00, getsockname 2.00 |"), md);
        assertTrue(md.contains("](flamegraphs/"), md);
        String html = HtmlReport.render(WHY);
        assertTrue(html.contains("<section id=\"why\">"), "the why section");
        assertTrue(html.contains("data-chart=\"why\""), "its charts");
        assertTrue(html.contains("class=\"flamegraph\" href=\"flamegraphs/"), "the flame graphs linked");
        assertEquals(WHY.scenarios().size(), ChartPlan.why(WHY).size(), "a why chart per scenario");
    }

    @Test
    void pinsHaveColumnsOnlyWhereSomeRowPinnedAndALineWhereNonePinned() {
        WhyTable without = WhyTable.of(WHY, SampleResults.C40, false);
        assertFalse(
                without.headers().contains(WhyTable.PINS_PER_THOUSAND),
                without.headers().toString());
        assertFalse(without.notes().stream().anyMatch(n -> n.startsWith("No carrier pinned")), "nothing counted");

        WhyTable none = WhyTable.of(WhyResults.pinned(0.0, 0.0), SampleResults.C40, false);
        assertFalse(
                none.headers().contains(WhyTable.PINS_PER_THOUSAND),
                none.headers().toString());
        assertTrue(
                none.notes()
                        .contains("No carrier pinned: JFR's jdk.VirtualThreadPinned counted no pin in the window"
                                + " [virtual-threads, netty]."),
                none.notes().toString());

        Results pinned = WhyResults.pinned(12.5, 3.2);
        WhyTable t = WhyTable.of(pinned, SampleResults.C40, false);
        int perThousand = t.headers().indexOf(WhyTable.PINS_PER_THOUSAND);
        assertEquals(
                t.headers().indexOf("rq wait µs") + 1, perThousand, t.headers().toString());
        assertEquals(perThousand + 1, t.headers().indexOf(WhyTable.PINNED_MICROS));
        assertEquals(List.of("12.5", "3.20"), row(t, "virtual-threads").subList(perThousand, perThousand + 2));
        assertEquals(List.of("0", "0"), row(t, "netty").subList(perThousand, perThousand + 2));
        assertEquals(
                List.of(Format.NONE, Format.NONE),
                row(t, "nginx").subList(perThousand, perThousand + 2),
                "a server that counted nothing");
        assertTrue(t.numeric().get(perThousand));
        assertFalse(
                t.notes().stream().anyMatch(n -> n.startsWith("No carrier pinned")),
                t.notes().toString());
        String text = TextTable.render(pinned);
        assertTrue(text.contains(WhyTable.PINS_PER_THOUSAND), text);
        for (String line : text.split("\n")) {
            assertTrue(line.length() <= TextTable.WIDTH, line);
        }
        assertTrue(MarkdownReport.render(pinned).contains("| " + WhyTable.PINNED_MICROS + " |"));
        assertTrue(HtmlReport.render(pinned).contains(WhyTable.PINNED_MICROS));
    }

    @Test
    void pinsSurviveResultsJsonAndReRenderTheSame(@TempDir Path dir) throws Exception {
        Results pinned = WhyResults.pinned(12.5, 3.2);
        Path file = dir.resolve("results.json");
        ResultsJson.write(pinned, file);
        assertTrue(Files.readString(file).contains("\"pinnedPerThousandRequests\" : 12.5"), "written by name");
        Results read = ResultsJson.read(file);
        assertEquals(
                WhyTable.of(pinned, SampleResults.C40, true).rows(),
                WhyTable.of(read, SampleResults.C40, true).rows());
    }

    private static List<String> row(WhyTable t, String target) {
        return t.rows().stream()
                .filter(r -> r.get(0).equals(target))
                .findFirst()
                .orElseThrow();
    }
}
