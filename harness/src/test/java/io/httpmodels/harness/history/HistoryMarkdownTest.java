package io.httpmodels.harness.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.history.SyntheticRuns.Machine;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** The job summary: each machine's last runs, and where the latest run's figures stand among those before it. */
class HistoryMarkdownTest {

    @Test
    void theLatestRunIsHeldAgainstTheRunsBeforeItPerMachine() throws Exception {
        String md = HistoryMarkdown.render(HistoryView.of(HistoryRuns.upTo(SyntheticRuns.STEP + 1), 5, run -> null));

        assertTrue(md.contains("## " + Machine.EPYC.fingerprint().id() + "\n"), md);
        assertTrue(md.contains("## " + Machine.XEON.fingerprint().id() + "\n"), md);
        assertTrue(md.contains("| 5 | `c090000` | 1 | 2026-11-10T10:00:00Z | compare |  |"), md);
        assertTrue(md.contains("| 4 | `c080000` | 1 | 2026-11-09T10:00:00Z | regress | regression (base) |"), md);
        assertTrue(md.contains("| 1 | `c050000` | 1 | 2026-11-06T10:00:00Z | compare |  |"), md);
        assertTrue(md.contains("Latest run `c090000` against the 3 compare runs before it"), md);
        // netty after the step: 80,800 req/s, below the 3 runs before (99,000 to 101,000).
        assertTrue(md.contains("| plaintext-c40-ka-w0 | netty | 79,200 ↓ · 100,000 [99,000–101,000] |"), md);
        assertEquals(
                2,
                md.lines()
                        .filter(l -> l.startsWith("| plaintext-c40-ka-w0 | netty |"))
                        .count(),
                md);
    }

    @Test
    void theSummarySaysHowManyRunsEachCommitsPointHolds() throws Exception {
        List<HistoryRun> runs = new ArrayList<>(HistoryRuns.upTo(3));
        runs.add(HistoryRun.of(SyntheticRuns.later(SyntheticRuns.regress(Machine.EPYC, 3), Duration.ofHours(1)), null));
        runs.add(HistoryRun.of(SyntheticRuns.rerun(Machine.EPYC, 3, Duration.ofHours(2), 0.97), null));
        runs.sort(Comparator.comparing(HistoryRun::startedAt));

        String md = HistoryMarkdown.render(HistoryView.of(runs, 50, run -> null));

        assertTrue(
                md.contains(" · the last 5 runs at 3 commits (a commit is one point on the charts; `runs`: how many"
                        + " runs it holds, drawn there as a spread)\n"),
                md);
        assertTrue(
                md.contains("| 3 | `c030000` | 3 | 2026-11-04T10:00:00Z … 2026-11-04T12:00:00Z | compare, regress"
                        + " | same (base) |"),
                md);
        assertTrue(md.contains("| 2 | `c020000` | 1 | 2026-11-03T10:00:00Z | compare |  |"), md);
        assertTrue(md.contains("Latest run `c030000` against the 3 compare runs before it"), md);
    }

    @Test
    void aCandidateIsPlacedWithinItsOwnMachinesLastRunsOnly() throws Exception {
        List<HistoryRun> history = HistoryRuns.upTo(SyntheticRuns.STEP - 1);
        HistoryRun candidate = HistoryRun.of(SyntheticRuns.regress(Machine.EPYC, SyntheticRuns.STEP), null);

        String md = HistoryMarkdown.within(candidate, history, 3);

        assertTrue(
                md.startsWith("\n### Within the history\n\nThe candidate's figures against the last 1 regress"
                        + " run of this machine (" + Machine.EPYC.fingerprint().id() + ", 2026-11-05T10:00:00Z to"
                        + " 2026-11-05T10:00:00Z)"),
                md);
        assertTrue(md.contains("Weaker evidence than the verdict above, and than a same-run A/B (--base)"), md);
        assertTrue(md.contains("| plaintext-c40-ka-w0 | netty | 80,800 ↓ · 100,000 [100,000–100,000] |"), md);
        assertTrue(!md.contains("180,000"), "no Xeon figure: " + md);
    }

    @Test
    void aCandidateOfAMachineTheHistoryDoesNotKnowIsSaidSo() throws Exception {
        HistoryRun candidate = HistoryRun.of(SyntheticRuns.regress(Machine.XEON, 3), null);
        List<HistoryRun> epycOnly = HistoryRuns.upTo(2).stream()
                .filter(r -> r.machine().equals(Machine.EPYC.fingerprint()))
                .toList();

        assertEquals(
                "\n### Within the history\n\nThe history holds no earlier regress run of this machine ("
                        + Machine.XEON.fingerprint().id() + ").\n",
                HistoryMarkdown.within(candidate, epycOnly, 20));
    }

    @Test
    void anEmptyHistorySaysSo() {
        assertEquals(
                "# httpmodels history\n\nThe history holds no runs yet.\n",
                HistoryMarkdown.render(HistoryView.of(List.of(), 5, run -> null)));
    }
}
