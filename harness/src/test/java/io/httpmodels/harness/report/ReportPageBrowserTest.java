package io.httpmodels.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.httpmodels.harness.conformance.SampleMatrix;
import io.httpmodels.harness.results.AtomicFiles;
import io.httpmodels.harness.results.Results;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The HTML report in a real browser: headless Chromium opens a report written for the fixture, every chart must
 * render and no script error may occur; a screenshot is saved beside it (harness/target/report-check/). Skipped
 * when Chromium is not installed, except under CI=true, where it fails: CI must not skip it silently.
 */
@Tag("slow") // two Chromium runs a page, 3 s or more: .ci/run runs it (mvn verify -Pslow)
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

        PageCheck check =
                BrowserCheck.check(chromium, CHECK_DIR.resolve("report.html"), ExpectedCharts.REPORT, screenshot);

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
    void theConformanceSectionRendersItsRows() throws Exception {
        Path chromium = chromium();
        Results results = SampleResults.run();
        Path dir = CHECK_DIR.resolve("conformance");
        AtomicFiles.write(dir.resolve("report.html"), HtmlReport.render(results, Optional.of(SampleMatrix.matrix())));

        PageCheck check = BrowserCheck.check(
                chromium, dir.resolve("report.html"), ExpectedCharts.REPORT, dir.resolve("report.png"));
        String dom = BrowserCheck.dumpDom(chromium, dir.resolve("report.html"));

        assertEquals(List.of(), check.problems());
        int start = dom.indexOf("<section id=\"conformance\">");
        assertTrue(start > 0, "the page has a conformance section");
        String section = dom.substring(start, dom.indexOf("</section>", start));
        // netty (epoll), netty (nio), single-thread in the counts; three ConformanceKit rules, one DeadlineKit rule.
        assertEquals(3, count(section, "<table class=\"numbers conformance-counts\">", "<tr><td>"), section);
        assertEquals(4, count(section, "<table class=\"numbers conformance-rules\">", "<tr><td>"), section);
        assertTrue(section.contains("<td>single-thread</td><td>no record</td><td>1 / 0 / 0 of 1</td>"), section);
    }

    /** How often {@code what} occurs in the tables that open with {@code table} (to each one's end). */
    private static int count(String html, String table, String what) {
        int n = 0;
        for (int t = html.indexOf(table); t >= 0; t = html.indexOf(table, t + 1)) {
            String body = html.substring(t, html.indexOf("</table>", t));
            for (int i = body.indexOf(what); i >= 0; i = body.indexOf(what, i + 1)) {
                n++;
            }
        }
        return n;
    }

    @Test
    void theSlowClientsChartRendersToo() throws Exception {
        Path chromium = chromium();
        Results results = SlowAndIdleResults.run();
        Path dir = CHECK_DIR.resolve("slow-and-idle");
        ReportWriter.writeAll(results, dir);

        PageCheck check = BrowserCheck.check(
                chromium, dir.resolve("report.html"), ExpectedCharts.REPORT, dir.resolve("report.png"));

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

        PageCheck check = BrowserCheck.check(
                chromium, dir.resolve("report.html"), ExpectedCharts.REPORT, dir.resolve("report.png"));

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

    @Test
    void aCutAxisLabelFailsTheCheck() throws Exception {
        Path chromium = chromium();
        Results results = SampleResults.run();
        String page = HtmlReport.render(results);
        // The requests/s charts' grid without room for the model names: they run off the chart's left edge.
        String grid = "grid: {left: 8, right: 170, top: 8, bottom: 38, containLabel: true}";
        assertTrue(page.contains(grid), "report.js lays out the requests/s charts as this test expects");
        Path dir = CHECK_DIR.resolve("cut-label");
        AtomicFiles.write(dir.resolve("report.html"), page.replace(grid, grid.replace("true", "false")));

        PageCheck check = BrowserCheck.check(
                chromium, dir.resolve("report.html"), ExpectedCharts.REPORT, dir.resolve("report.png"));

        String rps = ChartPlan.throughput(results).get(0).id();
        String cut = "chart " + rps + ": text \"thread-per-connection\" is cut at its left edge (";
        assertTrue(
                check.problems().stream().anyMatch(p -> p.startsWith(cut)),
                check.problems().toString());
        // Only the charts whose layout was broken.
        assertTrue(
                check.clippedTexts().stream().allMatch(t -> t.chart().startsWith("chart-rps-")),
                check.clippedTexts().toString());
    }

    /**
     * The labels fit whatever font the browser's sans-serif is. ECharts 5.3.1 sizes the room for an axis's
     * labels (containLabel) in the labels' own font family, else sans-serif, not in the page's textStyle one
     * it draws them in; where sans-serif is the narrower, the longest model name ran off the chart's left edge
     * ("hread-per-connection"). Here Chromium's sans-serif is DejaVu Sans Condensed (through fontconfig), the
     * page's font stays DejaVu Sans.
     */
    @Test
    void theLabelsFitWhenSansSerifIsANarrowerFontThanThePageS() throws Exception {
        Path chromium = chromium();
        Path dir = CHECK_DIR.resolve("narrow-sans-serif");
        Map<String, String> fonts =
                Map.of("FONTCONFIG_FILE", narrowSansSerif(dir).toAbsolutePath().toString());
        double[] widths = textWidths(chromium, fonts, dir);
        if (!(widths[0] < widths[1] - 5)) {
            String why = "sans-serif could not be made narrower than the page's font (12px text, sans-serif "
                    + widths[0] + " px, the page's " + widths[1] + " px): is DejaVu Sans Condensed installed"
                    + " (fonts-dejavu-extra)?";
            if ("true".equals(System.getenv("CI"))) {
                fail(why + " .ci/run installs it");
            }
            assumeTrue(false, why);
        }
        Results results = SampleResults.run();
        ReportWriter.writeAll(results, dir);

        PageCheck check = BrowserCheck.check(
                chromium, fonts, dir.resolve("report.html"), ExpectedCharts.REPORT, dir.resolve("report.png"));

        assertEquals(List.of(), check.problems());
        assertEquals(ChartPlan.of(results).size(), check.charts().size());
    }

    /** A fontconfig file: the system's configuration, with sans-serif mapped to DejaVu Sans Condensed first. */
    private static Path narrowSansSerif(Path dir) throws IOException {
        Files.createDirectories(dir);
        return Files.writeString(dir.resolve("fonts.conf"), """
                <?xml version="1.0"?>
                <!DOCTYPE fontconfig SYSTEM "fonts.dtd">
                <fontconfig>
                  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
                  <match target="pattern">
                    <test qual="any" name="family"><string>sans-serif</string></test>
                    <edit name="family" mode="prepend" binding="strong"><string>DejaVu Sans Condensed</string></edit>
                  </match>
                </fontconfig>
                """);
    }

    /** How wide Chromium measures a 12 px model name: in sans-serif, then in the page's font (charts.js's FONT). */
    private static double[] textWidths(Path chromium, Map<String, String> environment, Path dir) throws Exception {
        String script;
        try (InputStream in = HtmlReport.class.getResourceAsStream("charts.js")) {
            script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Matcher font = Pattern.compile("var FONT = '([^']+)';").matcher(script);
        assertTrue(font.find(), "charts.js names the pages' font stack FONT");
        Path page = Files.writeString(
                dir.resolve("widths.html"),
                "<!DOCTYPE html><html><body><script>var c = document.createElement('canvas').getContext('2d');"
                        + " var w = [];"
                        + " ['12px sans-serif', '12px " + font.group(1) + "'].forEach(function (f) {"
                        + " c.font = f; w.push(c.measureText('thread-per-connection').width); });"
                        + " document.body.setAttribute('data-widths', w.join(' '));</script></body></html>");
        Matcher widths = Pattern.compile("data-widths=\"([0-9.]+) ([0-9.]+)\"")
                .matcher(BrowserCheck.dom(chromium, environment, page));
        assertTrue(widths.find(), "the widths page ran");
        return new double[] {Double.parseDouble(widths.group(1)), Double.parseDouble(widths.group(2))};
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
