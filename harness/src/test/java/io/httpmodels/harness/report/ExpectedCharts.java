package io.httpmodels.harness.report;

import io.httpmodels.harness.results.ResultsJson;

import java.io.IOException;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The charts a page must draw, decided from the page's own source: what {@link BrowserCheck} holds the rendered
 * page to. One constant per kind of page the harness writes; a new page adds its own.
 */
@FunctionalInterface
public interface ExpectedCharts {

    /** {@code report.html}: the results embedded in the page ({@code #results-data}), through {@link ChartPlan}. */
    ExpectedCharts REPORT = ExpectedCharts::ofReport;

    /**
     * The element ids of the chart containers the page must hold, in page order.
     *
     * @throws IOException when the page's data cannot be read; the message says why
     */
    List<String> in(String pageSource) throws IOException;

    private static List<String> ofReport(String pageSource) throws IOException {
        Matcher m = Pattern.compile(
                        "<script type=\"application/json\" id=\"" + HtmlReport.DATA_ELEMENT_ID + "\">(.*?)</script>",
                        Pattern.DOTALL)
                .matcher(pageSource);
        if (!m.find()) {
            throw new IOException("no <script id=\"" + HtmlReport.DATA_ELEMENT_ID + "\"> in the page");
        }
        return ChartPlan.of(ResultsJson.fromJson(m.group(1))).stream()
                .map(ChartPlan.Chart::id)
                .toList();
    }
}
