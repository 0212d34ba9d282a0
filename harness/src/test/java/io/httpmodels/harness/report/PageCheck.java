package io.httpmodels.harness.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What {@link BrowserCheck} found in a report page after a real browser loaded it.
 *
 * @param page           the page checked
 * @param screenshot     where the screenshot was saved, or null when none was written
 * @param expectedCharts the chart ids the page's own data calls for ({@link ChartPlan}), or empty when the data
 *                       could not be read (then {@code dataProblem} says why)
 * @param dataProblem    why the page's embedded results could not be read, or null
 * @param charts         every chart container found in the rendered page
 * @param clippedTexts   every text a chart drew that its chart's edge cuts, or null when the check's probe
 *                       never reported
 * @param scriptErrors   errors the page recorded about itself (script errors, failed loads, console.error)
 * @param consoleErrors  uncaught errors and failed loads in the browser's own console log
 * @param reportDone     whether the page's script said every chart was drawn
 */
public record PageCheck(
        Path page,
        Path screenshot,
        List<String> expectedCharts,
        String dataProblem,
        List<Chart> charts,
        List<ClippedText> clippedTexts,
        List<String> scriptErrors,
        List<String> consoleErrors,
        boolean reportDone) {

    /**
     * One chart container as the browser left it.
     *
     * @param id       its element id
     * @param rendered whether ECharts reported it finished ({@code data-rendered="true"})
     * @param shapes   SVG paths inside it: zero means nothing was drawn
     */
    public record Chart(String id, boolean rendered, int shapes) {}

    /**
     * A text a chart drew that sticks out of the chart's area, so that its end does not show.
     *
     * @param chart  the chart's element id
     * @param text   the text, as drawn
     * @param edge   the edge that cuts it: {@code left}, {@code right}, {@code top} or {@code bottom}
     * @param pixels how far it sticks out beyond that edge, CSS px
     */
    public record ClippedText(String chart, String text, String edge, double pixels) {}

    public PageCheck {
        expectedCharts = List.copyOf(expectedCharts);
        charts = List.copyOf(charts);
        clippedTexts = clippedTexts == null ? null : List.copyOf(clippedTexts);
        scriptErrors = List.copyOf(scriptErrors);
        consoleErrors = List.copyOf(consoleErrors);
    }

    /** Everything wrong with the page, one sentence each; empty when it passed. */
    public List<String> problems() {
        List<String> problems = new ArrayList<>();
        if (dataProblem != null) {
            problems.add("the page's results data: " + dataProblem);
        }
        List<String> found = charts.stream().map(Chart::id).toList();
        for (String id : expectedCharts) {
            if (!found.contains(id)) {
                problems.add("chart " + id + " is missing from the page");
            }
        }
        for (Chart c : charts) {
            if (!expectedCharts.isEmpty() && !expectedCharts.contains(c.id())) {
                problems.add("chart " + c.id() + " is on the page but not in the data's chart plan");
            }
            if (!c.rendered()) {
                problems.add("chart " + c.id() + " was not rendered (ECharts never finished it)");
            } else if (c.shapes() == 0) {
                problems.add("chart " + c.id() + " finished but drew nothing");
            }
        }
        if (clippedTexts == null) {
            problems.add("the check's probe never reported: cut texts were not looked for");
        } else {
            for (ClippedText t : clippedTexts) {
                problems.add(String.format(
                        Locale.ROOT,
                        "chart %s: text \"%s\" is cut at its %s edge (%.1f px outside the chart)",
                        t.chart(),
                        t.text(),
                        t.edge(),
                        t.pixels()));
            }
        }
        for (String e : scriptErrors) {
            problems.add("script error recorded by the page: " + e);
        }
        for (String e : consoleErrors) {
            problems.add("browser console: " + e);
        }
        if (!reportDone) {
            problems.add("the page's script never said it was done (body data-report-done)");
        }
        if (screenshot == null) {
            problems.add("no screenshot was written");
        }
        return problems;
    }

    /** Whether nothing is wrong. */
    public boolean passed() {
        return problems().isEmpty();
    }
}
