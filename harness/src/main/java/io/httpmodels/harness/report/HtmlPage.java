package io.httpmodels.harness.report;

import java.util.Map;

/**
 * The one page shell of the harness's HTML pages ({@code report.html}, the history's {@code index.html}): the style,
 * the box that shows the page's own script errors, the text Java wrote, the data as JSON, Apache ECharts inlined
 * from its WebJar, the shared chart helpers ({@code charts.js}: draws every {@code .chart} container and marks it
 * drawn for the browser check) and the page's own script. Every page opens offline. Stateless.
 */
public final class HtmlPage {

    private HtmlPage() {}

    /**
     * The whole page.
     *
     * @param title         the page's title, as text
     * @param content       the body's HTML, escaped by the caller
     * @param dataElementId the id of the element that holds {@code json}, which the page's script reads
     * @param json          the page's data
     * @param pageScript    the page's own script, which lays out each chart from the data
     */
    public static String render(String title, String content, String dataElementId, String json, String pageScript) {
        return Template.fill(
                Template.resource("page.html"),
                Map.of(
                        "title", Html.text(title),
                        "content", content,
                        "data-id", Html.text(dataElementId),
                        "data", Html.json(json),
                        "echarts", Html.script(EChartsAsset.script()),
                        "chart-helpers", Html.script(Template.resource("charts.js")),
                        "page-script", Html.script(pageScript)));
    }
}
