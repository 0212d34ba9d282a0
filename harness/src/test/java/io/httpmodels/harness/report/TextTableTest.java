package io.httpmodels.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
                        "GET /plaintext, 40 connections, keep-alive, no work, closed loop  [plaintext-c40-ka-w0]",
                        "target                   req/s   rel      p50      p99  µs/req  RSS    served  t/o  err  client",
                        "single-thread           16,800  0.12    56 µs   116 µs    21.5   88  1 / 40 †  585  585    39 %",
                        "thread-per-connection  104,200  0.73   362 µs  1.18 ms     8.9  176   40 / 40    0    0    97 %"
                                + "  ‡ client-bound",
                        "fixed-pool              76,100  0.53    94 µs   290 µs    10.1  101  8 / 40 †  480  480    72 %",
                        "virtual-threads         99,300  0.69   381 µs  1.30 ms     9.6  121   40 / 40    0    0    96 %"
                                + "  ‡ client-bound",
                        "netty                  136,200  0.95   279 µs   820 µs     6.9  118   40 / 40    0    0    98 %"
                                + "  ‡ client-bound",
                        "nginx                  143,100  1.00   265 µs   760 µs     6.7  9.8   40 / 40    0    0    98 %"
                                + "  ‡ client-bound"),
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
        String legend = String.join(" ", lines.subList(lines.size() - 3, lines.size()));
        for (String term : List.of("rel:", "µs/req:", "served:", "t/o:", "err:", "client:", "‡ client-bound:")) {
            assertTrue(legend.contains(term), "legend lacks " + term + ": " + legend);
        }
    }
}
