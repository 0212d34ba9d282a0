package io.httpmodels.harness.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.httpmodels.harness.CliRun;
import io.httpmodels.harness.history.SyntheticRuns.Machine;
import io.httpmodels.harness.report.BrowserCheck;
import io.httpmodels.harness.report.ExpectedCharts;
import io.httpmodels.harness.report.PageCheck;
import io.httpmodels.harness.results.ResultsJson;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The history page in a real browser: 30 runs added through the command line (two machines, 15 commits each, a
 * step in netty's figures that the gate calls a regression at its commit), the page written by
 * {@code history report}, then loaded in headless Chromium, with a second run of one commit. Every chart renders
 * without a script error, each line has a point per commit of its machine and kind, the commit run twice has a dot
 * per run, the step carries a regression marker at the commit the gate judged and
 * nowhere else, and the two machines are on separate charts. Skipped when Chromium is not installed, except
 * under CI=true, where it fails.
 */
@Tag("slow") // three Chromium runs on one page, several seconds: .ci/run runs it (mvn verify -Pslow)
@Timeout(300)
class HistoryPageBrowserTest {

    private static final Path CHECK_DIR = Path.of("target", "history-check");
    private static final Pattern DATA = Pattern.compile(
            "<script type=\"application/json\" id=\"" + HistoryPage.DATA_ELEMENT_ID + "\">(.*?)</script>",
            Pattern.DOTALL);
    private static final Pattern DIV = Pattern.compile("<div\\b([^>]*)>");
    private static final Pattern ATTRIBUTE = Pattern.compile("([A-Za-z_:][-A-Za-z0-9_:.]*)=\"([^\"]*)\"");

    /** The history page's charts, from the data the page carries. */
    private static final ExpectedCharts HISTORY = source -> {
        Matcher m = DATA.matcher(source);
        if (!m.find()) {
            throw new IOException("no #" + HistoryPage.DATA_ELEMENT_ID + " in the page");
        }
        List<String> ids = new ArrayList<>();
        for (JsonNode chart : new ObjectMapper().readTree(m.group(1)).path("charts")) {
            ids.add(chart.path("id").asText());
        }
        return ids;
    };

    @Test
    void thirtyRunsOnTwoMachinesWithAStepMarkedWhereTheGateSaidSo() throws Exception {
        var chromium = BrowserCheck.findChromium();
        if (chromium.isEmpty()) {
            if ("true".equals(System.getenv("CI"))) {
                fail("chromium missing: install Debian's chromium package (.ci/run does)");
            }
            assumeTrue(false, "chromium is not installed: the browser check is skipped");
        }
        deleteTree(CHECK_DIR);
        Path history = CHECK_DIR.resolve("history");
        Path site = CHECK_DIR.resolve("site");
        for (Machine machine : Machine.values()) {
            for (int i = 1; i <= HistoryRuns.COMMITS; i++) {
                Path run = CHECK_DIR.resolve("results").resolve(machine.name() + "-" + i);
                ResultsJson.write(
                        HistoryRuns.regress(i) ? SyntheticRuns.regress(machine, i) : SyntheticRuns.compare(machine, i),
                        run.resolve("results.json"));
                Files.writeString(run.resolve("report.html"), "<!DOCTYPE html><title>run</title>");
                CliRun added = CliRun.of(
                        "history", "add", run.resolve("results.json").toString(), "--history", history.toString());
                assertEquals(0, added.exitCode(), added.err());
            }
        }
        // A second run of commit 3 on the EPYC: one point, its two runs drawn as dots beside it.
        Path rerun = CHECK_DIR.resolve("results").resolve("EPYC-3-again");
        ResultsJson.write(
                SyntheticRuns.rerun(Machine.EPYC, 3, Duration.ofHours(2), 0.97), rerun.resolve("results.json"));
        Files.writeString(rerun.resolve("report.html"), "<!DOCTYPE html><title>run</title>");
        CliRun again =
                CliRun.of("history", "add", rerun.resolve("results.json").toString(), "--history", history.toString());
        assertEquals(0, again.exitCode(), again.err());
        CliRun report = CliRun.of("history", "report", "--history", history.toString(), "--out", site.toString());
        assertEquals(0, report.exitCode(), report.err());
        Path page = site.resolve("index.html");

        PageCheck check = BrowserCheck.check(chromium.get(), page, HISTORY, site.resolve("index.png"));

        assertEquals(List.of(), check.problems());
        assertEquals(8, check.charts().size(), "4 figures × 1 scenario × 2 machines");
        Map<String, Map<String, String>> charts = renderedCharts(BrowserCheck.dom(chromium.get(), Map.of(), page));
        assertEquals(8, charts.size());
        String step = SyntheticRuns.commit(SyntheticRuns.STEP).substring(0, 7);
        for (Machine machine : Machine.values()) {
            String prefix = "history-" + machine.fingerprint().id() + "-" + SyntheticRuns.SCENARIO.id() + "-";
            // Each machine's runs only, 15 not 30: 12 compare runs, and 3 regress runs on lines of their own.
            String points = "netty=12;nio-reactor=12;virtual-threads=12;"
                    + "netty · regress=3;nio-reactor · regress=3;virtual-threads · regress=3";
            assertEquals(points, charts.get(prefix + "requests_per_second").get("data-points"));
            assertEquals(points, charts.get(prefix + "p99").get("data-points"));
            assertEquals(
                    "netty=12;nio-reactor=12;virtual-threads=12",
                    charts.get(prefix + "rss").get("data-points"),
                    "the three regress runs measured no RSS");
            assertEquals(
                    "netty · regress@" + step + "=regression",
                    charts.get(prefix + "requests_per_second").get("data-marker-at"));
            assertEquals(
                    "netty · regress@" + step + "=regression",
                    charts.get(prefix + "cpu_per_request").get("data-marker-at"));
            assertEquals("0", charts.get(prefix + "p99").get("data-markers"));
            assertEquals("0", charts.get(prefix + "rss").get("data-markers"));
            assertEquals(
                    machine == Machine.EPYC ? "netty=2;nio-reactor=2;virtual-threads=2" : "",
                    charts.get(prefix + "requests_per_second").get("data-runs"),
                    "the two runs of commit 3, as dots at its point");
        }
        // A click opens the run's report: each point's link resolves from the page to that run's report.html.
        Matcher data = DATA.matcher(Files.readString(page));
        assertTrue(data.find());
        int links = 0;
        for (JsonNode chart : new ObjectMapper().readTree(data.group(1)).path("charts")) {
            for (JsonNode tick : chart.path("ticks")) {
                assertTrue(Files.isRegularFile(site.resolve(tick.path("report").asText())), tick.toString());
                links++;
            }
        }
        assertEquals(8 * 15, links);
    }

    /** Each rendered chart container's attributes, by its id. */
    private static Map<String, Map<String, String>> renderedCharts(String dom) {
        Map<String, Map<String, String>> charts = new LinkedHashMap<>();
        Matcher div = DIV.matcher(dom);
        while (div.find()) {
            Map<String, String> attributes = new HashMap<>();
            Matcher a = ATTRIBUTE.matcher(div.group(1));
            while (a.find()) {
                attributes.put(a.group(1), a.group(2));
            }
            if ("chart".equals(attributes.get("class"))) {
                charts.put(attributes.get("id"), attributes);
            }
        }
        return charts;
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (var paths = Files.walk(dir)) {
            for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
