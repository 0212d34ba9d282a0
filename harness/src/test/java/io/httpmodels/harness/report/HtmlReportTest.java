package io.httpmodels.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.ResultsJson;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

class HtmlReportTest {

    private static final Pattern DATA =
            Pattern.compile("<script type=\"application/json\" id=\"results-data\">(.*?)</script>", Pattern.DOTALL);
    private static final Pattern CHART =
            Pattern.compile("<div class=\"chart\" id=\"([^\"]+)\" data-chart=\"([a-z]+)\"");

    private static List<String> chartIds(String page) {
        List<String> ids = new ArrayList<>();
        Matcher m = CHART.matcher(page);
        while (m.find()) {
            ids.add(m.group(1));
        }
        return ids;
    }

    @Test
    void thePageInlinesEChartsFromItsWebJar() {
        String page = HtmlReport.render(SampleResults.run());
        assertEquals("5.3.1", EChartsAsset.version());
        assertTrue(EChartsAsset.script().length() > 500_000, "the whole minified library");
        assertTrue(page.contains(Html.script(EChartsAsset.script())), "echarts.min.js inlined whole");
        assertTrue(page.contains("Apache ECharts 5.3.1"), "and named in the footer");
    }

    @Test
    void thePageCarriesTheResultsAsJsonThatReadsBackEqual() throws Exception {
        Results results = SampleResults.run();
        Matcher m = DATA.matcher(HtmlReport.render(results));
        assertTrue(m.find(), "no #results-data");
        assertEquals(results, ResultsJson.fromJson(m.group(1)));
    }

    @Test
    void textThatLooksLikeMarkupStaysText() throws Exception {
        String reason = "exit 1 </script><script>alert(1)</script> & <b>";
        Results results = SampleResults.withFailure(reason);
        String page = HtmlReport.render(results);
        assertFalse(page.contains("<script>alert(1)"), "a reason cannot close the data element or open a script");
        assertTrue(
                page.contains("failed: exit 1 &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;"));
        Matcher m = DATA.matcher(page);
        assertTrue(m.find());
        assertTrue(
                ResultsJson.fromJson(m.group(1)).summaries().stream()
                        .anyMatch(s -> reason.equals(s.outcome().failure())),
                "the data still holds the reason as written");
    }

    @Test
    void nothingIsLoadedFromTheNetwork() {
        String page = HtmlReport.render(SampleResults.run());
        Matcher external = Pattern.compile("(?i)\\b(?:src|href)\\s*=\\s*[\"']?\\s*(?:https?:)?//")
                .matcher(page);
        assertFalse(external.find(), () -> "external reference: " + external.group());
        assertFalse(Pattern.compile("(?i)<link\\b").matcher(page).find(), "no stylesheet links");
        assertFalse(Pattern.compile("(?i)<script[^>]*\\bsrc=").matcher(page).find(), "every script inline");
        assertFalse(Pattern.compile("(?i)@import").matcher(page).find(), "no imported styles");
    }

    @Test
    void oneContainerPerChartOfThePlan() {
        Results results = SampleResults.run();
        String page = HtmlReport.render(results);
        assertEquals(ChartPlan.of(results).stream().map(ChartPlan.Chart::id).toList(), chartIds(page));
        assertEquals(
                List.of(
                        "chart-rps-plaintext-c1-ka-w0",
                        "chart-rps-plaintext-c10-ka-w0",
                        "chart-rps-plaintext-c40-ka-w0",
                        "chart-rps-plaintext-c40-ka-w1",
                        "chart-latency-plaintext-c1-ka-w0",
                        "chart-latency-plaintext-c10-ka-w0",
                        "chart-latency-plaintext-c40-ka-w0",
                        "chart-latency-plaintext-c40-ka-w1",
                        "chart-cpu",
                        "chart-rss",
                        "chart-sweep-plaintext-c1-ka-w0",
                        "chart-errors"),
                chartIds(page));
        assertTrue(page.contains("data-scenarios=\"plaintext-c1-ka-w0 plaintext-c10-ka-w0 plaintext-c40-ka-w0\""));
    }

    @Test
    void withoutASweepOrErrorsThePageSaysSoInsteadOfDrawingNothing() {
        Results results = SampleResults.onlyScenarios(SampleResults.run(), SampleResults.C1);
        String page = HtmlReport.render(results);
        assertTrue(page.contains("No sweep in this run"), "one scenario is no sweep");
        assertTrue(page.contains("No timeouts and no errors in this run."));
        assertEquals(
                List.of("chart-rps-plaintext-c1-ka-w0", "chart-latency-plaintext-c1-ka-w0", "chart-cpu", "chart-rss"),
                chartIds(page));
    }

    @Test
    void theNumbersTablesAndConditionsAreOnThePage() {
        String page = HtmlReport.render(SampleResults.run());
        assertTrue(page.contains("<h1>httpmodels: HTTP server models compared</h1>"));
        assertTrue(page.contains("<dt>JDK</dt><dd>Eclipse Adoptium 25.0.3+9-LTS, OpenJDK 64-Bit Server VM</dd>"));
        assertTrue(page.contains("<dt>Server JVM flags</dt><dd><code>-Xms256m -Xmx256m -XX:ActiveProcessorCount=1"));
        // Four client-bound rows at 40 connections, highlighted, with their mark.
        assertEquals(4, count(page, "<tr class=\"client-bound\">"));
        assertTrue(page.contains("<tr class=\"client-bound\"><th scope=\"row\">netty</th><td class=\"num\">136,200"
                + "<span class=\"detail\">131,551–140,714</span></td>"));
        assertTrue(page.contains("<td class=\"num\">1 / 40 †</td>"), "served connections shown");
        assertTrue(page.contains("<tr class=\"failed\"><th scope=\"row\">thread-per-connection</th><td colspan=\"15\">"
                + "failed: the server process exited with code 137 during the warm-up</td></tr>"));
        assertTrue(page.contains(
                "<tr class=\"not-run\"><th scope=\"row\">nginx</th><td colspan=\"15\">not run</td></tr>"));
        assertTrue(page.contains("<h3>Capacity</h3>"));
        assertTrue(page.contains("p50, p99, p99.9 (raw): from the write of each request to the last byte of its"
                + " response, one sample per request."));
    }

    @Test
    void chartCardsSayWhatLimitsTheirFigures() {
        String page = HtmlReport.render(SampleResults.run());
        assertTrue(page.contains("‡ client-bound (hatched), client CPU at or above 95 % of its 1 core:"
                + " thread-per-connection, virtual-threads, netty, nginx."));
        assertTrue(page.contains("† connections served: single-thread (1 of 40), fixed-pool (8 of 40)."));
        assertTrue(page.contains("Failed: thread-per-connection (the server process exited with code 137 during the"
                + " warm-up). Not run: nginx."));
    }

    @Test
    void theDrawingScriptAndTheErrorRecorderAreInline() {
        String page = HtmlReport.render(SampleResults.run());
        assertTrue(page.contains("echarts.init(el, null, {renderer: 'svg'})"), "report.js inlined");
        assertTrue(page.contains("window.addEventListener('unhandledrejection'"), "errors recorded");
        assertTrue(
                page.indexOf("id=\"page-error-list\"") < page.indexOf("<script type=\"application/json\""),
                "the error recorder comes before every other script");
    }

    private static int count(String text, String needle) {
        int n = 0;
        for (int i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) {
            n++;
        }
        return n;
    }
}
