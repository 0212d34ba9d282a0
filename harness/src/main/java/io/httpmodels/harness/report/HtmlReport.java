package io.httpmodels.harness.report;

import io.httpmodels.harness.conformance.BundledMatrix;
import io.httpmodels.harness.conformance.ConformanceMatrix;
import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.ResultsJson;
import io.httpmodels.harness.results.RunStatus;
import io.httpmodels.harness.results.Scenario;
import io.httpmodels.harness.results.TargetInfo;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code report.html}: one self-contained page that opens offline. Java writes the text (conditions, reading
 * guide, numbers tables, one empty container per chart of the {@link ChartPlan}); the page carries the results
 * as JSON and {@code report.js}, which lays out every chart from that JSON, in the shell every page shares
 * ({@link HtmlPage}: ECharts inlined, each container marked {@code data-rendered="true"} once drawn, script errors
 * recorded on the page, for the browser check in the harness's tests, {@code BrowserCheck}). Stateless.
 */
public final class HtmlReport {

    /** The page's title. */
    static final String TITLE = "httpmodels: HTTP server models compared";

    /** The id of the element holding the results as JSON. */
    static final String DATA_ELEMENT_ID = "results-data";

    private HtmlReport() {}

    /** The whole page, with the conformance matrix this build carries ({@link BundledMatrix}). */
    public static String render(Results results) {
        return render(results, BundledMatrix.load());
    }

    /** The whole page, with {@code matrix} as its conformance section (empty: the section says there is none). */
    public static String render(Results results, Optional<ConformanceMatrix> matrix) {
        return HtmlPage.render(
                TITLE,
                content(results, ConformanceSection.of(results, matrix)),
                DATA_ELEMENT_ID,
                ResultsJson.toJson(results),
                Template.resource("report.js"));
    }

    private static String content(Results results, ConformanceSection conformance) {
        List<ChartPlan.Chart> charts = ChartPlan.of(results);
        StringBuilder h = new StringBuilder();
        h.append("<header class=\"page-head\">\n<h1>").append(Html.text(TITLE)).append("</h1>\n");
        h.append("<p class=\"lede\">")
                .append(Html.text(String.format(
                        Locale.ROOT,
                        "%d targets × %d scenarios, %s recorded per cell after at least %s of warm-up, %d %s each · %s",
                        results.targets().size(),
                        results.scenarios().size(),
                        Format.seconds(results.conditions().schedule().durationSeconds()),
                        Format.seconds(results.conditions().schedule().warmupSeconds()),
                        results.conditions().schedule().repetitions(),
                        results.conditions().schedule().repetitions() == 1 ? "repetition" : "repetitions",
                        ConditionsText.run(results))))
                .append("</p>\n");
        if (results.run().status() == RunStatus.INTERRUPTED) {
            h.append("<p class=\"warning\">This run was interrupted: only the cells that completed are shown.</p>\n");
        }
        h.append("<nav class=\"toc\"><a href=\"#throughput\">Requests/s</a><a href=\"#latency\">Latency</a>"
                + "<a href=\"#cost\">CPU and memory</a>"
                + (WhyTable.all(results, true).isEmpty() ? "" : "<a href=\"#why\">Why</a>")
                + "<a href=\"#sweep\">Connections</a>"
                + "<a href=\"#errors\">Timeouts and errors</a>"
                + (BackgroundTables.of(results).isEmpty() ? "" : "<a href=\"#survives\">Slow and idle clients</a>")
                + "<a href=\"#numbers\">The numbers</a>"
                + "<a href=\"#conformance\">Conformance</a>"
                + "<a href=\"#targets\">Targets</a></nav>\n</header>\n");

        h.append("<div class=\"intro\">\n<section class=\"panel\" id=\"conditions\">\n<h2>Conditions</h2>\n");
        h.append("<dl class=\"conditions\">\n");
        for (ConditionsText.Entry e : ConditionsText.of(results)) {
            h.append("<dt>").append(Html.text(e.label())).append("</dt><dd>");
            h.append(e.code() ? "<code>" + Html.text(e.value()) + "</code>" : Html.text(e.value()));
            h.append("</dd>\n");
        }
        h.append("</dl>\n</section>\n");
        h.append("<section class=\"panel\" id=\"reading\">\n<h2>What limits each figure</h2>\n<ul>\n");
        for (String sentence : ReadingGuide.sentences(ScenarioTable.hasNginx(results))) {
            h.append("<li>").append(Html.text(sentence)).append("</li>\n");
        }
        h.append("</ul>\n</section>\n</div>\n");

        if (results.merge() != null) {
            section(
                    h,
                    "timeline",
                    "Agents over time",
                    "Merged from " + results.merge().agents().size() + " agents' interval logs: histograms added"
                            + " exactly (" + results.merge().histogramSettings() + "), timelines aligned on"
                            + " absolute time.",
                    charts,
                    ChartPlan.TIMELINE,
                    null);
            agentsTable(h, results);
        }
        section(
                h,
                "throughput",
                "Requests per second",
                "One chart per scenario, each on its own scale. Hatched bars: the client was saturated.",
                charts,
                ChartPlan.RPS,
                null);
        section(
                h,
                "latency",
                "Latency percentiles",
                "HdrHistogram's percentile plot: x is 1 / (1 − percentile) on a log scale, so 90 %, 99 %, 99.9 %"
                        + " are evenly spaced; latency on a log scale. Dashed lines: the client was saturated.",
                charts,
                ChartPlan.LATENCY,
                null);
        section(
                h,
                "cost",
                "Server CPU per request and memory",
                null,
                charts,
                ChartPlan.CPU + " " + ChartPlan.RSS,
                "No server figures in a merged run: the agents' logs carry latencies and counts only.");
        why(h, results, charts);
        // Usually one chart each: side by side rather than two half-empty rows.
        h.append("<div class=\"duo\">\n");
        section(
                h,
                "sweep",
                "Requests/s against connections",
                null,
                charts,
                ChartPlan.SWEEP,
                "No sweep in this run: no scenarios that differ only in their number of connections.");
        section(
                h,
                "errors",
                "Timeouts and errors",
                null,
                charts,
                ChartPlan.ERRORS,
                "No timeouts and no errors in this run.");
        h.append("</div>\n");
        survives(h, results, charts);

        h.append("<section id=\"numbers\">\n<h2>The numbers</h2>\n");
        for (Scenario scenario : results.scenarios()) {
            numbersTable(h, ScenarioTable.of(results, scenario));
        }
        if (!results.capacities().isEmpty()) {
            h.append(
                    "<div class=\"panel table-panel\">\n<h3>Capacity</h3>\n<div class=\"scroll\"><table class=\"numbers\">");
            h.append("<thead><tr>");
            for (String header : CapacityTable.HEADERS) {
                h.append("<th>").append(Html.text(header)).append("</th>");
            }
            h.append("</tr></thead>\n<tbody>\n");
            for (List<String> row : CapacityTable.rows(results)) {
                h.append("<tr>");
                for (int i = 0; i < row.size(); i++) {
                    h.append(i == 3 || i == 4 ? "<td class=\"num\">" : "<td>")
                            .append(Html.text(row.get(i)))
                            .append("</td>");
                }
                h.append("</tr>\n");
            }
            h.append("</tbody></table></div>\n<p class=\"footnote\">")
                    .append(Html.text(CapacityTable.note()))
                    .append("</p>\n</div>\n");
        }
        h.append("</section>\n");

        h.append(conformance.html());

        h.append(
                "<section id=\"targets\">\n<h2>Targets</h2>\n<div class=\"panel table-panel\"><table class=\"numbers\">");
        h.append("<thead><tr><th>target</th><th>kind</th><th>what it is</th><th>what ran</th></tr></thead>\n<tbody>\n");
        for (TargetInfo t : results.targets()) {
            h.append("<tr><td>")
                    .append(Html.text(t.name()))
                    .append("</td><td>")
                    .append(Html.text(t.kind().label()));
            h.append("</td><td>").append(Html.text(orNone(t.description())));
            h.append("</td><td>").append(Html.text(orNone(t.running()))).append("</td></tr>\n");
        }
        h.append("</tbody></table></div>\n</section>\n");

        h.append("<footer>Written by ")
                .append(Html.text(Objects.requireNonNullElse(results.run().tool(), "httpmodels")))
                .append(" from its results.json, which this page carries whole. Charts: Apache ECharts ")
                .append(Html.text(EChartsAsset.version()))
                .append(" (Apache License 2.0), inlined.</footer>\n");
        return h.toString();
    }

    /** Why each server is as fast as it is: a chart and a table per scenario, flame graphs linked; none without. */
    private static void why(StringBuilder h, Results results, List<ChartPlan.Chart> charts) {
        List<WhyTable> tables = WhyTable.all(results, true);
        if (tables.isEmpty()) {
            return;
        }
        section(
                h,
                "why",
                "Why: what each server did per request",
                "CPU in its own code and in the kernel, context switches, system calls, time its runnable threads"
                        + " waited for the core, heap allocated and GC, per request over the measured window. "
                        + WhyTable.PARTIAL + ": covers part of the server (the note under its table says which).",
                charts,
                ChartPlan.WHY,
                "No why chart in this run.");
        for (WhyTable t : tables) {
            h.append("<div class=\"panel table-panel\">\n<h3>")
                    .append(Html.text(t.scenario().title()));
            h.append(" <code>").append(Html.text(t.scenario().id())).append("</code></h3>\n");
            h.append("<div class=\"scroll\"><table class=\"numbers why\">\n<thead><tr>");
            for (int i = 0; i < t.headers().size(); i++) {
                h.append(t.numeric().get(i) ? "<th class=\"num\">" : "<th>")
                        .append(Html.text(t.headers().get(i)))
                        .append("</th>");
            }
            h.append("</tr></thead>\n<tbody>\n");
            for (List<String> row : t.rows()) {
                h.append("<tr>");
                if (row.size() < t.headers().size()) {
                    h.append("<th scope=\"row\">")
                            .append(Html.text(row.get(0)))
                            .append("</th><td colspan=\"")
                            .append(t.headers().size() - 1)
                            .append("\">")
                            .append(Html.text(row.get(1)))
                            .append("</td>");
                } else {
                    for (int i = 0; i < row.size(); i++) {
                        String tag = i == 0 ? "th scope=\"row\"" : t.numeric().get(i) ? "td class=\"num\"" : "td";
                        h.append('<').append(tag).append('>').append(Html.text(row.get(i)));
                        h.append(i == 0 ? "</th>" : "</td>");
                    }
                }
                h.append("</tr>\n");
            }
            h.append("</tbody></table></div>\n");
            h.append("<p class=\"footnote\">")
                    .append(Html.text(WhyTable.LEGEND))
                    .append(".</p>\n");
            for (String note : t.notes()) {
                h.append("<p class=\"footnote\">").append(Html.text(note)).append("</p>\n");
            }
            if (!t.flameGraphs().isEmpty()) {
                h.append("<p class=\"footnote\">Flame graphs (profiled windows: their figures are perturbed):");
                for (WhyTable.Link link : t.flameGraphs()) {
                    h.append(" <a class=\"flamegraph\" href=\"")
                            .append(Html.text(link.file()))
                            .append("\">")
                            .append(Html.text(link.label()))
                            .append("</a>");
                }
                h.append("</p>\n");
            }
            h.append("</div>\n");
        }
    }

    /** Slow clients and many connections: the share-kept charts and what each target survived, when any ran. */
    private static void survives(StringBuilder h, Results results, List<ChartPlan.Chart> charts) {
        List<BackgroundTables.Table> tables = BackgroundTables.of(results);
        if (tables.isEmpty()) {
            return; // no section at all for a run without slow or idle connections
        }
        section(
                h,
                "survives",
                "Slow clients and many connections",
                "Each load beside connections the client held open, against the same load alone in this run.",
                charts,
                ChartPlan.KEPT,
                "No slow-client chart: no scenario with slow connections and its load alone in this run.");
        for (BackgroundTables.Table t : tables) {
            h.append("<div class=\"panel table-panel\">\n<h3>").append(Html.text(t.heading()));
            h.append(" <code>").append(Html.text(t.scenarioId())).append("</code></h3>\n");
            h.append("<div class=\"scroll\"><table class=\"numbers\">\n<thead><tr>");
            for (int i = 0; i < t.headers().size(); i++) {
                h.append(t.numeric().get(i) ? "<th class=\"num\">" : "<th>")
                        .append(Html.text(t.headers().get(i)))
                        .append("</th>");
            }
            h.append("</tr></thead>\n<tbody>\n");
            for (List<String> row : t.rows()) {
                h.append("<tr>");
                for (int i = 0; i < row.size(); i++) {
                    h.append(t.numeric().get(i) ? "<td class=\"num\">" : "<td>")
                            .append(Html.text(row.get(i)))
                            .append("</td>");
                }
                h.append("</tr>\n");
            }
            h.append("</tbody></table></div>\n<p class=\"footnote\">")
                    .append(Html.text(t.note()))
                    .append("</p>\n</div>\n");
        }
    }

    /** A section of chart cards of the given kinds (space-separated), or a sentence when there are none. */
    private static void section(
            StringBuilder h,
            String id,
            String heading,
            String intro,
            List<ChartPlan.Chart> charts,
            String kinds,
            String whenNone) {
        List<String> wanted = List.of(kinds.split(" "));
        List<ChartPlan.Chart> mine =
                charts.stream().filter(c -> wanted.contains(c.kind())).toList();
        h.append("<section id=\"")
                .append(id)
                .append("\">\n<h2>")
                .append(Html.text(heading))
                .append("</h2>\n");
        if (intro != null) {
            h.append("<p class=\"section-note\">").append(Html.text(intro)).append("</p>\n");
        }
        if (mine.isEmpty()) {
            h.append("<p class=\"empty\">").append(Html.text(whenNone)).append("</p>\n");
        } else {
            h.append("<div class=\"grid\">\n");
            for (ChartPlan.Chart c : mine) {
                card(h, c);
            }
            h.append("</div>\n");
        }
        h.append("</section>\n");
    }

    private static void card(StringBuilder h, ChartPlan.Chart c) {
        // The browser check reads each container from its opening tag to this card's </figure>: keep one chart
        // per figure and no figure inside a card.
        h.append("<figure class=\"card\">\n<figcaption><span class=\"card-title\">")
                .append(Html.text(c.title()))
                .append("</span><span class=\"card-sub\">")
                .append(Html.text(c.subtitle()))
                .append("</span></figcaption>\n");
        h.append("<div class=\"chart\" id=\"")
                .append(Html.text(c.id()))
                .append("\" data-chart=\"")
                .append(Html.text(c.kind()))
                .append("\" data-scenarios=\"")
                .append(Html.text(String.join(" ", c.scenarioIds())))
                .append("\" style=\"height:")
                .append(c.heightPixels())
                .append("px\"></div>\n");
        if (!c.note().isEmpty()) {
            h.append("<p class=\"card-note\">").append(Html.text(c.note())).append("</p>\n");
        }
        h.append("</figure>\n");
    }

    private static void numbersTable(StringBuilder h, ScenarioTable t) {
        h.append("<div class=\"panel table-panel\">\n<h3>")
                .append(Html.text(t.scenario().title()));
        h.append(" <code>").append(Html.text(t.scenario().id())).append("</code></h3>\n");
        h.append("<div class=\"scroll\"><table class=\"numbers\">\n<thead><tr>");
        for (ScenarioTable.Column c : t.columns()) {
            h.append(c.numeric() ? "<th class=\"num\">" : "<th>").append(Html.text(c.header()));
            if (c.detail() != null) {
                h.append("<span class=\"detail\">")
                        .append(Html.text(c.detail()))
                        .append("</span>");
            }
            h.append("</th>");
        }
        h.append("</tr></thead>\n<tbody>\n");
        for (ScenarioTable.Row row : t.rows()) {
            String rowClass = row.failed()
                    ? "failed"
                    : row.noFigures() != null
                            ? "not-run"
                            : row.wrong() ? "wrong" : row.clientBound() ? "client-bound" : "";
            h.append(rowClass.isEmpty() ? "<tr>" : "<tr class=\"" + rowClass + "\">");
            h.append("<th scope=\"row\">").append(Html.text(row.target())).append("</th>");
            if (row.noFigures() != null) {
                h.append("<td colspan=\"")
                        .append(t.columns().size() - 1)
                        .append("\">")
                        .append(Html.text(row.noFigures()))
                        .append("</td>");
            } else {
                for (int i = 0; i < row.cells().size(); i++) {
                    ScenarioTable.Cell cell = row.cells().get(i);
                    boolean numeric = t.columns().get(i + 1).numeric();
                    h.append(numeric ? "<td class=\"num\">" : "<td>").append(Html.text(cell.text()));
                    if (cell.detail() != null) {
                        h.append("<span class=\"detail\">")
                                .append(Html.text(cell.detail()))
                                .append("</span>");
                    }
                    h.append("</td>");
                }
            }
            h.append("</tr>\n");
        }
        h.append("</tbody></table></div>\n");
        for (String line : t.rankings()) {
            h.append("<p class=\"ranking\">").append(Html.text(line)).append("</p>\n");
        }
        for (String note : t.footnotes()) {
            h.append("<p class=\"footnote\">").append(Html.text(note)).append("</p>\n");
        }
        h.append("</div>\n");
    }

    private static void agentsTable(StringBuilder h, Results results) {
        h.append("<div class=\"panel table-panel\">\n<h3>Agents</h3>\n<div class=\"scroll\"><table class=\"numbers\">");
        h.append("<thead><tr>");
        for (String header : AgentsTable.HEADERS) {
            h.append("<th>").append(Html.text(header)).append("</th>");
        }
        h.append("</tr></thead>\n<tbody>\n");
        for (List<String> row : AgentsTable.rows(results)) {
            h.append("<tr>");
            for (String cell : row) {
                h.append("<td>").append(Html.text(cell)).append("</td>");
            }
            h.append("</tr>\n");
        }
        h.append("</tbody></table></div>\n<p class=\"footnote\">")
                .append(Html.text(AgentsTable.NOTE))
                .append("</p>\n</div>\n");
    }

    private static String orNone(String value) {
        return value == null || value.isBlank() ? Format.NONE : value;
    }
}
