package io.httpmodels.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** The check's reading of a DOM and of a page, without a browser; {@link ReportPageBrowserTest} runs one. */
class BrowserCheckTest {

    @Test
    void readsEachChartFromItsContainerToTheEndOfItsCard() {
        String dom = "<body data-script-errors=\"0\"><figure class=\"card\"><figcaption>a</figcaption>"
                + "<div class=\"chart\" id=\"chart-a\" data-chart=\"rps\" style=\"height: 200px;\" data-rendered=\"true\">"
                + "<div><svg><path d=\"M0\"></path><path d=\"M1\"></path></svg></div></div><p>note</p></figure>"
                + "<figure class=\"card\"><div class=\"chart\" id=\"chart-b\" data-chart=\"cpu\"></div></figure>"
                + "<figure class=\"card\"><div id=\"chart-c\" class=\"chart wide\" data-rendered=\"true\"></div>"
                + "</figure><div class=\"charting\"></div>";
        assertEquals(
                List.of(
                        new PageCheck.Chart("chart-a", true, 2),
                        new PageCheck.Chart("chart-b", false, 0),
                        new PageCheck.Chart("chart-c", true, 0)),
                BrowserCheck.charts(dom));
    }

    @Test
    void theExpectedChartsComeFromThePageSOwnData() throws IOException {
        String page = HtmlReport.render(SampleResults.run());
        assertEquals(
                ChartPlan.of(SampleResults.run()).stream()
                        .map(ChartPlan.Chart::id)
                        .toList(),
                ExpectedCharts.REPORT.in(page));
        assertThrows(IOException.class, () -> ExpectedCharts.REPORT.in("<html><body></body></html>"));
    }

    @Test
    void everyProblemIsNamed() {
        PageCheck check = new PageCheck(
                Path.of("report.html"),
                null,
                List.of("chart-a", "chart-b", "chart-c"),
                null,
                List.of(new PageCheck.Chart("chart-a", true, 3), new PageCheck.Chart("chart-b", false, 0)),
                List.of(new PageCheck.ClippedText("chart-a", "thread-per-connection", "left", 5.5)),
                List.of("ReferenceError: x is not defined"),
                List.of("Uncaught TypeError: y"),
                false);
        assertEquals(
                List.of(
                        "chart chart-c is missing from the page",
                        "chart chart-b was not rendered (ECharts never finished it)",
                        "chart chart-a: text \"thread-per-connection\" is cut at its left edge (5.5 px outside the"
                                + " chart)",
                        "script error recorded by the page: ReferenceError: x is not defined",
                        "browser console: Uncaught TypeError: y",
                        "the page's script never said it was done (body data-report-done)",
                        "no screenshot was written"),
                check.problems());
        assertTrue(!check.passed());
    }

    @Test
    void aProbeThatNeverReportedIsAProblem() {
        PageCheck check = new PageCheck(
                Path.of("report.html"),
                Path.of("report.png"),
                List.of("chart-a"),
                null,
                List.of(new PageCheck.Chart("chart-a", true, 3)),
                null,
                List.of(),
                List.of(),
                true);
        assertEquals(List.of("the check's probe never reported: cut texts were not looked for"), check.problems());
    }

    @Test
    void theProbeGoesAfterThePageSScriptsAndItsReportIsRead() throws IOException {
        String page = "<html><body><script>var s = '</body>';</script><p>x</p></body></html>";
        String probed = BrowserCheck.withProbe(page);
        assertTrue(probed.startsWith("<html><body><script>var s = '</body>';</script><p>x</p><script>\n"), probed);
        assertTrue(probed.contains("browser-check-probe"), probed);
        assertTrue(probed.endsWith("</script>\n</body></html>"), probed);

        String dom = "<body><div class=\"chart\" id=\"chart-a\"></div><script type=\"application/json\""
                + " id=\"browser-check-probe\">{\"clipped\":[{\"chart\":\"chart-a\",\"text\":\"a \\u003cb\","
                + "\"edge\":\"left\",\"pixels\":5.5}]}</script></body>";
        assertEquals(
                List.of(new PageCheck.ClippedText("chart-a", "a <b", "left", 5.5)), BrowserCheck.clippedTexts(dom));
        assertEquals(
                List.of(),
                BrowserCheck.clippedTexts(
                        "<script type=\"application/json\" id=\"browser-check-probe\">{\"clipped\":[]}</script>"));
        assertNull(BrowserCheck.clippedTexts("<body></body>"));
    }
}
