package io.httpmodels.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.httpmodels.harness.results.AtomicFiles;
import io.httpmodels.harness.results.Results;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * The HTML report in a real browser: headless Chromium opens a report written for the fixture, every chart must
 * render and no script error may occur; a screenshot is saved beside it (harness/target/report-check/). Skipped
 * when Chromium is not installed, except under CI=true, where it fails: CI must not skip it silently.
 */
@Timeout(300)
class ReportPageBrowserTest {

    private static final Path CHECK_DIR = Path.of("target", "report-check");

    private static Path chromium() {
        var found = BrowserCheck.findChromium();
        if (found.isEmpty()) {
            if ("true".equals(System.getenv("CI"))) {
                fail("chromium missing: install Debian's chromium package (.ci/run does)");
            }
            assumeTrue(false, "chromium is not installed: the browser check is skipped");
        }
        return found.orElseThrow();
    }

    @Test
    void everyChartRendersWithoutAScriptError() throws Exception {
        Path chromium = chromium();
        Results results = WhyResults.run(); // every chart, the why charts too
        ReportWriter.writeAll(results, CHECK_DIR);
        Path screenshot = CHECK_DIR.resolve("report.png");

        PageCheck check = BrowserCheck.check(chromium, CHECK_DIR.resolve("report.html"), screenshot);

        assertEquals(List.of(), check.problems());
        assertEquals(
                ChartPlan.of(results).stream().map(ChartPlan.Chart::id).toList(),
                check.charts().stream().map(PageCheck.Chart::id).toList());
        for (PageCheck.Chart chart : check.charts()) {
            assertTrue(chart.shapes() >= 5, chart + " drew too little to be a chart");
        }
        assertPng(screenshot);
    }

    @Test
    void theSlowClientsChartRendersToo() throws Exception {
        Path chromium = chromium();
        Results results = SlowAndIdleResults.run();
        Path dir = CHECK_DIR.resolve("slow-and-idle");
        ReportWriter.writeAll(results, dir);

        PageCheck check = BrowserCheck.check(chromium, dir.resolve("report.html"), dir.resolve("report.png"));

        assertEquals(List.of(), check.problems());
        assertTrue(check.charts().stream()
                .anyMatch(c -> c.id().equals("chart-kept-plaintext-c40-ka-w0-slow200") && c.shapes() >= 5));
    }

    @Test
    void aBrokenPageFailsTheCheck() throws Exception {
        Path chromium = chromium();
        String page = HtmlReport.render(SampleResults.run());
        // Three faults: a chart container removed, one the script cannot draw, and a script error.
        String broken = page.replaceFirst("<div class=\"chart\" id=\"chart-cpu\"[^>]*></div>", "")
                .replaceFirst("data-chart=\"rss\"", "data-chart=\"pie\"")
                .replace("</main>", "</main><script>notAFunction();</script>");
        Path dir = CHECK_DIR.resolve("broken");
        AtomicFiles.write(dir.resolve("report.html"), broken);

        PageCheck check = BrowserCheck.check(chromium, dir.resolve("report.html"), dir.resolve("report.png"));

        List<String> problems = check.problems();
        assertTrue(problems.contains("chart chart-cpu is missing from the page"), problems.toString());
        assertTrue(
                problems.contains("chart chart-rss was not rendered (ECharts never finished it)"), problems.toString());
        assertTrue(
                problems.stream()
                        .anyMatch(p -> p.startsWith("script error recorded by the page: console.error: chart"
                                + " chart-rss: Error: no chart of kind pie")),
                problems.toString());
        assertTrue(
                problems.stream()
                        .anyMatch(p -> p.startsWith("script error recorded by the page: Uncaught ReferenceError:"
                                + " notAFunction is not defined")),
                problems.toString());
        assertTrue(
                problems.contains("the page's script never said it was done (body data-report-done)"),
                problems.toString());
    }

    private static void assertPng(Path file) throws IOException {
        assertTrue(Files.size(file) > 50_000, "a screenshot of a full page: " + Files.size(file) + " bytes");
        try (InputStream in = Files.newInputStream(file)) {
            byte[] signature = in.readNBytes(8);
            assertTrue(
                    Arrays.equals(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'}, signature), "a PNG");
        }
    }
}
