package io.httpmodels.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import java.util.List;

class TextTableTest {

    private static List<String> block(String text, String title) {
        List<String> lines = text.lines().toList();
        int start = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith(title + "  [")) {
                start = i;
            }
        }
        assertTrue(start >= 0, "no table for " + title + " in\n" + text);
        int end = start;
        while (end < lines.size() && !lines.get(end).isEmpty()) {
            end++;
        }
        return lines.subList(start, end);
    }

    @Test
    void oneFixedWidthLinePerTargetWithTheLimitsFlagged() {
        String text = TextTable.render(SampleResults.run());
        assertEquals(
                List.of(
                        "GET /plaintext, 40 connections, keep-alive, no work, closed loop  [plaintext-c40-ka-w0]  3 forks",
                        "target                      req/s   rel          p50          p99    µs/req      RSS  served  t/o"
                                + "  err  client",
                        "single-thread           16.8k ±3%  0.12    56 µs ±5%   116 µs ±4%  21.5 ±4%   88 ±3%  1/40 †  585"
                                + "  585    39 %",
                        "thread-per-connection  104.2k ±3%  0.73   362 µs ±4%  1.18 ms ±4%   8.9 ±4%  176 ±3%   40/40    0"
                                + "    0    97 %  ‡",
                        "fixed-pool              76.1k ±3%  0.53    94 µs ±3%   290 µs ±3%  10.1 ±4%  101 ±3%  8/40 †  480"
                                + "  480    72 %",
                        "virtual-threads         99.3k ±3%  0.69   381 µs ±4%  1.30 ms ±4%   9.6 ±4%  121 ±3%   40/40    0"
                                + "    0    96 %  ‡",
                        "netty                  136.2k ±3%  0.95   279 µs ±3%   820 µs ±3%   6.9 ±4%  118 ±3%   40/40    0"
                                + "    0    98 %  ‡",
                        "nginx                  143.1k ±3%  1.00   265 µs ±3%   760 µs ±4%   6.7 ±4%  9.8 ±3%   40/40    0"
                                + "    0    98 %  ‡",
                        "requests/s: nginx ≈ netty > thread-per-connection ≈ virtual-threads > fixed-pool > single-thread",
                        "server CPU per request: nginx ≈ netty < thread-per-connection < virtual-threads ≈ fixed-pool <"
                                + " single-thread"),
                block(text, SampleResults.C40.title()));
    }

    @Test
    void rowsWithoutFiguresSayWhy() {
        List<String> lines = block(TextTable.render(SampleResults.run()), SampleResults.WORK.title());
        assertEquals(
                "thread-per-connection  failed: the server process exited with code 137 during the warm-up",
                lines.get(3));
        assertEquals("nginx                  not run", lines.get(7));
    }

    @Test
    void aRunOfNoisyForksFitsTheTerminalWithNothingCut() {
        String text = TextTable.render(SampleResults.withWideIntervals());
        for (String line : text.lines().toList()) {
            assertTrue(line.length() <= TextTable.WIDTH, line.length() + ": " + line);
            assertFalse(line.endsWith("…"), line);
        }
        assertTrue(text.contains("±>99%"), text);
        assertTrue(text.contains("‡"), text);
    }

    @Test
    void everyLineFitsTheTerminalAndALongReasonIsCut() {
        String reason = "x".repeat(300);
        String text = TextTable.render(SampleResults.withFailure(reason));
        for (String line : text.lines().toList()) {
            assertTrue(line.length() <= TextTable.WIDTH, line.length() + ": " + line);
        }
        String failed = block(text, SampleResults.WORK.title()).get(3);
        assertEquals(TextTable.WIDTH, failed.length());
        assertTrue(failed.endsWith("x…"), failed);
    }

    @Test
    void itEndsWithALegendOfItsAbbreviations() {
        List<String> lines = TextTable.render(SampleResults.run()).lines().toList();
        int start = lines.size() - 1;
        while (start > 0 && !lines.get(start).startsWith("req/s, ")) {
            start--;
        }
        String legend = String.join(" ", lines.subList(start, lines.size()));
        for (String term :
                List.of("±", "rel:", "≈", "µs/req:", "served:", "t/o:", "err:", "client:", "‡ client-bound:")) {
            assertTrue(legend.contains(term), "legend lacks " + term + ": " + legend);
        }
    }
}
