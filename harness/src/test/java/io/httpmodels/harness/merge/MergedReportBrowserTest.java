package io.httpmodels.harness.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.httpmodels.harness.CliRun;
import io.httpmodels.harness.report.BrowserCheck;
import io.httpmodels.harness.report.ChartPlan;
import io.httpmodels.harness.report.ExpectedCharts;
import io.httpmodels.harness.report.PageCheck;
import io.httpmodels.harness.results.ResultsJson;
import io.httpmodels.load.LatencyHistograms;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A merged run's report in a real browser: every chart, the agents' timeline among them, renders without a
 * script error. Skipped when Chromium is not installed, except under CI=true, where it fails.
 */
@Tag("slow") // two Chromium runs a page, 3 s or more: .ci/run runs it (mvn verify -Pslow)
@Timeout(300)
class MergedReportBrowserTest {

    private static final Path CHECK_DIR = Path.of("target", "report-check", "merged");

    @Test
    void theTimelineAndEveryOtherChartRender() throws Exception {
        var chromium = BrowserCheck.findChromium();
        if (chromium.isEmpty()) {
            if ("true".equals(System.getenv("CI"))) {
                fail("chromium missing: install Debian's chromium package (.ci/run does)");
            }
            assumeTrue(false, "chromium is not installed: the browser check is skipped");
        }
        List<String> args = new ArrayList<>(List.of("merge", "--out", CHECK_DIR.toString()));
        long t = 1_767_225_600_000L;
        for (int a = 0; a < 3; a++) {
            List<Histogram> intervals = new ArrayList<>();
            for (int s = 0; s < 6; s++) {
                intervals.add(AgentLogs.interval(
                        LatencyHistograms.create(), t + a * 300L + s * 1000L, 900 + 50L * a + 10L * s, 80 + 20L * a));
            }
            args.add(AgentLogs.write(CHECK_DIR.resolve("agent-" + a + ".hlog"), "agent-" + a, intervals)
                    .toString());
        }
        CliRun run = CliRun.of(args.toArray(String[]::new));
        assertEquals(0, run.exitCode(), run.err());

        PageCheck check = BrowserCheck.check(
                chromium.orElseThrow(),
                CHECK_DIR.resolve("report.html"),
                ExpectedCharts.REPORT,
                CHECK_DIR.resolve("report.png"));

        assertEquals(List.of(), check.problems());
        assertEquals(
                ChartPlan.of(ResultsJson.read(CHECK_DIR.resolve("results.json"))).stream()
                        .map(ChartPlan.Chart::id)
                        .toList(),
                check.charts().stream().map(PageCheck.Chart::id).toList());
        assertTrue(check.charts().stream().anyMatch(c -> c.id().equals("chart-timeline-merged") && c.shapes() >= 5));
    }
}
