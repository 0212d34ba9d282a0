package io.httpmodels.harness.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.history.SyntheticRuns.Machine;
import org.junit.jupiter.api.Test;

/** The job summary: each machine's last runs, and where the latest run's figures stand among those before it. */
class HistoryMarkdownTest {

    @Test
    void theLatestRunIsHeldAgainstTheRunsBeforeItPerMachine() throws Exception {
        String md = HistoryMarkdown.render(HistoryView.of(HistoryRuns.upTo(SyntheticRuns.STEP), 4, run -> null));

        assertTrue(md.contains("## " + Machine.EPYC.fingerprint().id() + "\n"), md);
        assertTrue(md.contains("## " + Machine.XEON.fingerprint().id() + "\n"), md);
        assertTrue(md.contains("| 4 | `c080000` | 2026-11-09T10:00:00Z | regress | regression (base) |"), md);
        assertTrue(md.contains("| 1 | `c050000` | 2026-11-06T10:00:00Z | compare |  |"), md);
        assertTrue(md.contains("Latest run `c080000` against the 3 runs before it"), md);
        // netty after the step: 80,800 req/s, below the 3 runs before (99,000 to 101,000).
        assertTrue(md.contains("| plaintext-c40-ka-w0 | netty | 80,800 ↓ · 100,000 [99,000–101,000] |"), md);
        assertEquals(
                2,
                md.lines()
                        .filter(l -> l.startsWith("| plaintext-c40-ka-w0 | netty |"))
                        .count(),
                md);
    }

    @Test
    void anEmptyHistorySaysSo() {
        assertEquals(
                "# httpmodels history\n\nThe history holds no runs yet.\n",
                HistoryMarkdown.render(HistoryView.of(java.util.List.of(), 5, run -> null)));
    }
}
