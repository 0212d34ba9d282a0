package io.httpmodels.harness.history;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.httpmodels.harness.report.EChartsAsset;
import io.httpmodels.harness.report.Html;
import io.httpmodels.harness.report.HtmlPage;
import io.httpmodels.harness.report.Template;
import io.httpmodels.harness.results.ResultsJson;

import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The history page: one self-contained HTML file that opens offline, like {@code report.html}. Java writes the
 * text (a section per machine, a heading per scenario, one container per {@link HistoryChart}, a table of the
 * runs with links to their reports); the page carries the charts as JSON ({@code #history-data}) and
 * {@code history.js}, which only lays them out, in the report's page shell ({@link HtmlPage}: Apache ECharts
 * inlined from the same WebJar, the shared chart helpers). As on the report,
 * each container is marked {@code data-rendered="true"} once drawn, and also says what was drawn
 * ({@code data-points}: points per line, {@code data-markers}: verdict markers), for the browser check.
 * Stateless.
 */
public final class HistoryPage {

    /** The page's title. */
    static final String TITLE = "httpmodels: figures over commits";

    /** The id of the element holding the charts as JSON. */
    public static final String DATA_ELEMENT_ID = "history-data";

    private static final ObjectMapper MAPPER = ResultsJson.mapper();

    private HistoryPage() {}

    /** The whole page. */
    public static String render(HistoryView view) {
        return HtmlPage.render(
                TITLE,
                content(view),
                DATA_ELEMENT_ID,
                json(view),
                Template.resource("/io/httpmodels/harness/history/history.js"));
    }

    /** The charts as the page carries them: {@code {"charts": [...]}}. */
    static String json(HistoryView view) {
        List<HistoryChart> charts =
                view.machines().stream().flatMap(m -> m.charts().stream()).toList();
        try {
            return MAPPER.writeValueAsString(Map.of("charts", charts));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String content(HistoryView view) {
        StringBuilder h = new StringBuilder();
        h.append("<header class=\"page-head\">\n<h1>").append(Html.text(TITLE)).append("</h1>\n");
        h.append("<p class=\"lede\">")
                .append(Html.text("Each model's figures over its machine's commits, oldest left. A commit measured"
                        + " more than once is one point, the median of its runs, with each run a dot beside it: the"
                        + " machine's noise. Runs of different"
                        + " machines (processor, CPUs, pinning, JDK) are never drawn on one line. Markers: the"
                        + " regression gate's verdicts (▼ regression, ▲ improvement, ✕ failed), with the change"
                        + " and its interval in the tooltip. A click on a point opens that run's report."))
                .append("</p>\n");
        if (view.machines().isEmpty()) {
            h.append("<p class=\"empty\">The history holds no runs yet.</p>\n");
        }
        h.append("<nav class=\"toc\">");
        for (HistoryView.Machine m : view.machines()) {
            h.append("<a href=\"#machine-")
                    .append(Html.text(m.machine().id()))
                    .append("\">")
                    .append(Html.text(m.machine().id()))
                    .append("</a>");
        }
        h.append("</nav>\n</header>\n");
        for (HistoryView.Machine m : view.machines()) {
            machine(h, m);
        }
        h.append("<footer>Written by httpmodels history report. Charts: Apache ECharts ")
                .append(Html.text(EChartsAsset.version()))
                .append(" (Apache License 2.0), inlined.</footer>\n");
        return h.toString();
    }

    private static void machine(StringBuilder h, HistoryView.Machine m) {
        h.append("<section class=\"machine\" id=\"machine-")
                .append(Html.text(m.machine().id()))
                .append("\" data-machine=\"")
                .append(Html.text(m.machine().id()))
                .append("\">\n<h2>")
                .append(Html.text(m.machine().id()))
                .append("</h2>\n<p class=\"section-note\">")
                .append(Html.text(m.machine().describe() + " · " + m.runs().size()
                        + (m.runs().size() == 1 ? " run" : " runs") + " at "
                        + m.points().size()
                        + (m.points().size() == 1 ? " commit" : " commits")))
                .append("</p>\n");
        for (String scenario : m.scenarios()) {
            h.append("<h3>").append(Html.text(scenario)).append("</h3>\n<div class=\"grid\">\n");
            for (HistoryChart c : m.charts()) {
                if (c.scenarioId().equals(scenario)) {
                    card(h, c);
                }
            }
            h.append("</div>\n");
        }
        runsTable(h, m);
        h.append("</section>\n");
    }

    private static void card(StringBuilder h, HistoryChart c) {
        // One chart per figure, no figure inside a card: the browser check reads a container up to its </figure>.
        h.append("<figure class=\"card\">\n<figcaption><span class=\"card-title\">")
                .append(Html.text(c.figure().title()))
                .append("</span><span class=\"card-sub\">")
                .append(Html.text(c.figure().unit() + " · " + c.scenarioId() + " · "
                        + (c.figure().higherIsBetter() ? "higher is better" : "lower is better")))
                .append("</span></figcaption>\n<div class=\"chart\" id=\"")
                .append(Html.text(c.id()))
                .append("\" data-chart=\"")
                .append(Html.text(c.figure().label()))
                .append("\" style=\"height:320px\"></div>\n</figure>\n");
    }

    private static void runsTable(StringBuilder h, HistoryView.Machine m) {
        h.append("<div class=\"panel table-panel\">\n<h3>Runs</h3>\n<div class=\"scroll\"><table class=\"numbers\">");
        h.append("<thead><tr><th>#</th><th>commit</th><th>started</th><th>kind</th><th>gate</th></tr></thead>\n");
        h.append("<tbody>\n");
        for (int i = m.runs().size() - 1; i >= 0; i--) {
            HistoryRun run = m.runs().get(i);
            h.append("<tr><td class=\"num\">").append(i + 1).append("</td><td><code>");
            h.append(Html.text(run.shortCommit() + (run.dirty() ? " (dirty)" : "")))
                    .append("</code></td><td>");
            h.append(Html.text(run.startedAt().toString())).append("</td><td>");
            h.append(Html.text(run.kind().label())).append("</td><td>");
            h.append(Html.text(gate(run))).append("</td></tr>\n");
        }
        h.append("</tbody></table></div>\n</div>\n");
    }

    /** A run's gate column: its verdict and mode, or nothing for a compare run. */
    static String gate(HistoryRun run) {
        if (run.gateVerdict() == null) {
            return "";
        }
        return String.format(
                Locale.ROOT,
                "%s (%s)",
                run.gateVerdict().label(),
                run.gateMode() == null ? "?" : run.gateMode().label());
    }
}
