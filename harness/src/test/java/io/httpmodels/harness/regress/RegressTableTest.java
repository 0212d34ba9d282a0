package io.httpmodels.harness.regress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.results.Regression;
import org.junit.jupiter.api.Test;

import java.util.List;

class RegressTableTest {

    @Test
    void theTerminalTableShowsMediansChangesIntervalsAndVerdicts() {
        Regression r = SampleRegression.run();
        String text = RegressTable.text(r);
        List<String> lines = text.lines().toList();
        assertTrue(lines.get(0).startsWith("cell "), lines.get(0));
        String netty = lines.get(1);
        assertTrue(netty.startsWith("netty/plaintext-c40-ka-w0"), netty);
        assertTrue(netty.contains("100,000"), netty);
        assertTrue(netty.endsWith("same"), netty);
        String vt = lines.get(2);
        assertTrue(vt.contains("-10.0 % [-10.0 %, -10.0 %]"), vt);
        assertTrue(vt.matches(".*10.00 µs +11.11 µs +\\+11.1 % \\[\\+11.1 %, \\+11.1 %\\].*"), vt); // CPU per request
        assertTrue(vt.endsWith("regression"), vt);
        assertTrue(text.contains("achieved confidence 93.0 % (asked 90 %)"), text);
        assertTrue(text.contains("exact distribution-free interval for the median"), text);
        assertTrue(text.contains("-XX:TieredStopAtLevel=1"), text);
        assertTrue(text.contains("+5 % for the server's CPU time per request"), text);
    }

    @Test
    void theMarkdownIsATableWithTheVerdictInItsHeading() {
        String md = RegressTable.markdown(SampleRegression.run());
        assertTrue(md.startsWith("### httpmodels regress: regression in virtual-threads/plaintext-c40-ka-w0\n"), md);
        assertTrue(md.contains("\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n"), md);
        long rows = md.lines().filter(l -> l.startsWith("| ")).count();
        assertEquals(3, rows); // header and two cells
    }

    @Test
    void aChangeIsShownAsSignedPercentages() {
        assertEquals("–", RegressTable.change(null));
        assertEquals(
                "+2.0 % [-1.0 %, +5.5 %]",
                RegressTable.change(new io.httpmodels.harness.results.RatioInterval(1.02, 0.99, 1.055, 0.93, 8, "t")));
    }

    @Test
    void theNotesSayHowNoisyTheMachineWasAndWarnWhenItReachesTheTolerance() {
        Regression quiet = SampleRegression.run(); // every cell's windows 3 % apart, under the 5 % tolerance
        String text = RegressTable.text(quiet);
        assertTrue(
                text.contains("noise: one JVM's windows differed in CPU time per request by a median of"
                        + " netty/plaintext-c40-ka-w0 3.0 %, virtual-threads/plaintext-c40-ka-w0 3.0 %"),
                text);
        assertFalse(text.contains("may miss a change"), text);

        Regression noisy = SampleRegression.withNoise(0.12);
        String line = RegressTable.noise(noisy);
        assertTrue(line.contains("netty/plaintext-c40-ka-w0 12.0 %"), line);
        assertTrue(line.contains("at or beyond the 5 % tolerance"), line);
        assertTrue(line.contains("one run may miss a change"), line);
        assertTrue(RegressTable.markdown(noisy).contains(line), "the Markdown carries the same note");
    }

    @Test
    void takingTurnsTheWarningLooksAtWhatTheNoiseLeftInTheRatios() {
        // The machine 12 % noisy, but the sides took turns and their windows' ratios were 2 % apart: no warning.
        String cancelled = RegressTable.noise(SampleRegression.withNoise(0.12, 0.02));
        assertTrue(cancelled.contains("one JVM's windows differed in CPU time per request by a median of"), cancelled);
        assertTrue(
                cancelled.contains(
                        "taking turns, a round's windows differed in their ratio candidate / base by a median"
                                + " of netty/plaintext-c40-ka-w0 2.0 %"),
                cancelled);
        assertFalse(cancelled.contains("may miss a change"), cancelled);
        // What is left reaches the tolerance: warned, whatever the machine's own noise.
        String left = RegressTable.noise(SampleRegression.withNoise(0.03, 0.06));
        assertTrue(left.contains("one run may miss a change"), left);
    }

    @Test
    void noNoiseLineWhenNoCellKnowsIt() {
        assertNull(RegressTable.noise(SampleRegression.withNoise(null)));
        assertFalse(RegressTable.text(SampleRegression.withNoise(null)).contains("noise:"));
    }
}
