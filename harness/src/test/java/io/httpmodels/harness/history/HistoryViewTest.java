package io.httpmodels.harness.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.history.SyntheticRuns.Machine;
import io.httpmodels.harness.results.Verdict;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * What the page and summary draw: machines apart, a point per commit and model (the median of its runs, each run
 * beside it), the gate's verdicts where it said.
 */
class HistoryViewTest {

    private static final String SCENARIO = SyntheticRuns.SCENARIO.id();

    @Test
    void eachMachineHasItsOwnChartsAndNeverAnothersRuns() throws Exception {
        HistoryView view = HistoryView.of(HistoryRuns.upTo(HistoryRuns.COMMITS), 50, run -> null);

        assertEquals(
                List.of(Machine.EPYC.fingerprint(), Machine.XEON.fingerprint()),
                view.machines().stream().map(HistoryView.Machine::machine).toList());
        for (HistoryView.Machine m : view.machines()) {
            assertEquals(HistoryRuns.COMMITS, m.runs().size());
            assertTrue(m.runs().stream().allMatch(r -> r.machine().equals(m.machine())));
            assertEquals(
                    List.of(Figure.REQUESTS_PER_SECOND, Figure.CPU_PER_REQUEST, Figure.P99, Figure.RSS),
                    m.charts().stream().map(HistoryChart::figure).toList());
            for (HistoryChart c : m.charts()) {
                assertEquals(m.machine().id(), c.machineId());
                assertTrue(c.id().startsWith("history-" + m.machine().id() + "-"), c.id());
                assertEquals(HistoryRuns.COMMITS, c.ticks().size());
                List<String> lines = c.figure() == Figure.RSS
                        ? SyntheticRuns.MODELS
                        : List.of(
                                "netty",
                                "nio-reactor",
                                "virtual-threads",
                                "netty · regress",
                                "nio-reactor · regress",
                                "virtual-threads · regress");
                assertEquals(
                        lines, c.lines().stream().map(HistoryChart.Line::name).toList(), c.id());
            }
        }
        assertTrue(!Machine.EPYC
                .fingerprint()
                .id()
                .equals(Machine.XEON.fingerprint().id()));
    }

    @Test
    void everyRunIsAPointOfEveryModelOnTheLineOfItsKindAndRegressRunsHaveNoRss() throws Exception {
        HistoryView.Machine epyc = HistoryView.of(HistoryRuns.upTo(HistoryRuns.COMMITS), 50, run -> null)
                .machines()
                .get(0);

        HistoryChart rps = chart(epyc, Figure.REQUESTS_PER_SECOND);
        HistoryChart rss = chart(epyc, Figure.RSS);

        long compareRuns = java.util.stream.IntStream.rangeClosed(1, HistoryRuns.COMMITS)
                .filter(i -> !HistoryRuns.regress(i))
                .count();
        assertEquals(12, compareRuns);
        for (HistoryChart.Line line : rps.lines()) {
            assertEquals(
                    line.kind() == RunKind.COMPARE ? compareRuns : HistoryRuns.COMMITS - compareRuns,
                    line.points(),
                    line.name());
        }
        for (HistoryChart.Line line : rss.lines()) {
            assertEquals(compareRuns, line.points(), line.name());
        }
        assertEquals(
                SyntheticRuns.requestsPerSecond(Machine.EPYC, "netty", 9),
                rps.lines().get(0).values().get(8));
        assertEquals("c010000\n11-02", rps.ticks().get(0).label());
    }

    @Test
    void theStepIsMarkedOnTheFiguresTheGateJudgedAtTheCommitItJudged() throws Exception {
        HistoryView view = HistoryView.of(HistoryRuns.upTo(HistoryRuns.COMMITS), 50, run -> null);

        for (HistoryView.Machine m : view.machines()) {
            for (Figure figure : List.of(Figure.REQUESTS_PER_SECOND, Figure.CPU_PER_REQUEST)) {
                HistoryChart c = chart(m, figure);
                assertEquals(
                        1, c.markers().size(), figure + " on " + m.machine().id());
                HistoryChart.Marker marker = c.markers().get(0);
                assertEquals("netty · regress", marker.line());
                assertEquals(Verdict.REGRESSION, marker.verdict());
                assertEquals(
                        SyntheticRuns.commit(SyntheticRuns.STEP),
                        c.ticks().get(marker.x()).commit());
                HistoryChart.Line nettyRegress = c.lines().stream()
                        .filter(l -> l.name().equals(marker.line()))
                        .findFirst()
                        .orElseThrow();
                assertEquals(nettyRegress.values().get(marker.x()), marker.value());
            }
            assertEquals(List.of(), chart(m, Figure.P99).markers(), "the gate found p99 the same");
            assertEquals(List.of(), chart(m, Figure.RSS).markers());
        }
        HistoryChart.Marker rps = chart(view.machines().get(0), Figure.REQUESTS_PER_SECOND)
                .markers()
                .get(0);
        assertEquals(
                "regression: netty requests/s ×0.800, interval [0.770, 0.830] (93 % confidence, 8 rounds) at c080000;"
                        + " base and candidate measured in the same run",
                rps.text());
    }

    @Test
    void lastKeepsEachMachinesLatestRuns() throws Exception {
        HistoryView view = HistoryView.of(HistoryRuns.upTo(HistoryRuns.COMMITS), 5, run -> null);

        for (HistoryView.Machine m : view.machines()) {
            assertEquals(
                    List.of(11, 12, 13, 14, 15).stream()
                            .map(SyntheticRuns::commit)
                            .toList(),
                    m.runs().stream().map(HistoryRun::commit).toList());
            assertEquals(List.of(), chart(m, Figure.REQUESTS_PER_SECOND).markers(), "the step is older");
        }
    }

    @Test
    void theRunsOfOneCommitAreOnePointTheirMedianWithEveryRunBesideIt() throws Exception {
        List<HistoryRun> runs = new ArrayList<>(HistoryRuns.upTo(3));
        runs.add(HistoryRun.of(SyntheticRuns.rerun(Machine.EPYC, 3, Duration.ofHours(1), 0.97), null));
        runs.add(HistoryRun.of(SyntheticRuns.rerun(Machine.EPYC, 3, Duration.ofHours(2), 1.05), null));
        runs.sort(Comparator.comparing(HistoryRun::startedAt));

        HistoryView.Machine epyc =
                HistoryView.of(runs, 50, run -> null).machines().get(0);

        assertEquals(5, epyc.runs().size());
        assertEquals(
                List.of(1, 1, 3),
                epyc.points().stream().map(p -> p.runs().size()).toList());
        HistoryChart rps = chart(epyc, Figure.REQUESTS_PER_SECOND);
        assertEquals(
                List.of(1, 1, 3),
                rps.ticks().stream().map(HistoryChart.Tick::runs).toList());
        assertEquals("c030000\n11-04", rps.ticks().get(2).label());
        HistoryChart.Line netty = rps.lines().get(0);
        double first = SyntheticRuns.requestsPerSecond(Machine.EPYC, "netty", 3);
        assertEquals(List.of(first, first * 0.97, first * 1.05), netty.runs().get(2));
        assertEquals(first, netty.values().get(2), "the point is the median of its runs");
        assertEquals(3, netty.points(), "a point per commit");
        assertEquals(
                List.of(SyntheticRuns.requestsPerSecond(Machine.EPYC, "netty", 1)),
                netty.runs().get(0));
    }

    @Test
    void aRunsReportLinkIsOnItsTick() throws Exception {
        HistoryView view = HistoryView.of(
                HistoryRuns.upTo(2), 50, run -> run.commit().startsWith("c01") ? "runs/1/report.html" : null);

        List<HistoryChart.Tick> ticks = view.machines().get(0).charts().get(0).ticks();

        assertEquals("runs/1/report.html", ticks.get(0).report());
        assertEquals(null, ticks.get(1).report());
    }

    private static HistoryChart chart(HistoryView.Machine m, Figure figure) {
        return m.charts().stream()
                .filter(c -> c.figure() == figure && c.scenarioId().equals(SCENARIO))
                .findFirst()
                .orElseThrow();
    }
}
