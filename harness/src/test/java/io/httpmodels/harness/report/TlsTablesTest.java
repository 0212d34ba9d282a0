package io.httpmodels.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.Scenario;
import org.junit.jupiter.api.Test;

import java.util.List;

/** A TLS scenario's table gains the handshake columns; a plain scenario's stays as it was. */
class TlsTablesTest {

    private static final Results RUN = TlsResults.run();

    @Test
    void aTlsTableHasHandshakesResumedHandshakeTimeAndServerCpuPerHandshakeAfterCpuPerRequest() {
        ScenarioTable t = ScenarioTable.of(RUN, TlsResults.FULL);
        List<String> headers =
                t.columns().stream().map(ScenarioTable.Column::joined).toList();
        int perRequest = headers.indexOf("server CPU (µs/req)");
        assertEquals(
                List.of("handshakes/s", "resumed", "handshake (p50)", "server CPU (µs/handshake)"),
                headers.subList(perRequest + 1, perRequest + 5));
        ScenarioTable.Row netty = t.rows().stream()
                .filter(r -> r.target().equals("netty"))
                .findFirst()
                .orElseThrow();
        List<String> cells = netty.allCells(headers.size());
        assertEquals("1,000", cells.get(perRequest + 1));
        assertEquals("20 %", cells.get(perRequest + 2));
        assertEquals("900 µs", cells.get(perRequest + 3));
        assertEquals("404", cells.get(perRequest + 4), "netty is the fifth row: 400 + 4");
        assertTrue(t.footnotes().contains(ScenarioTable.TLS_NOTE));
    }

    @Test
    void aPlainTableIsUnchangedBesideATlsOne() {
        Results plainOnly = SampleResults.onlyScenarios(SampleResults.run(), SampleResults.C40);
        assertEquals(ScenarioTable.of(plainOnly, SampleResults.C40), ScenarioTable.of(RUN, SampleResults.C40));
        assertFalse(MarkdownReport.render(plainOnly).contains("handshake"));
        assertFalse(TextTable.render(plainOnly).contains("TLS"));
    }

    @Test
    void theMarkdownAndThePageShowTheTlsColumnsForTheTlsScenarioOnly() {
        String markdown = MarkdownReport.render(RUN);
        String tls = markdown.substring(markdown.indexOf(TlsResults.FULL.title()));
        assertTrue(tls.contains("| handshakes/s |"), tls);
        assertTrue(tls.contains("server CPU (µs/handshake)"), tls);
        String plain = markdown.substring(0, markdown.indexOf(TlsResults.FULL.title()));
        assertFalse(plain.contains("handshakes/s"), plain);
        String page = HtmlReport.render(RUN);
        assertEquals(1, count(page, ">handshakes/s<"), "one TLS table on the page");
    }

    @Test
    void theTextTableAddsAHandshakeBlockUnderTheTlsScenario() {
        String text = TextTable.render(RUN);
        String block = text.substring(text.indexOf("TLS handshakes  [" + TlsResults.FULL.id() + "]"));
        List<String> lines = block.lines().toList();
        assertTrue(
                lines.get(1).matches("target\\s+hs/s\\s+resumed\\s+hs p50\\s+hs p99\\s+µs/hs\\s+µs/req"), lines.get(1));
        assertTrue(
                lines.stream().anyMatch(l -> l.matches("netty\\s+1,000\\s+20 %\\s+900 µs\\s+2.40 ms\\s+404\\s+\\S+")),
                block);
        assertTrue(text.contains("µs/hs: server CPU per handshake"), text);
        assertEquals(1, count(text, "TLS handshakes  ["), "the keep-alive plain scenario has none");
    }

    @Test
    void aTlsScenarioSaysSoInItsTitleAndId() {
        Scenario resumed = Scenario.closedLoop("/plaintext", 0, false, 40, 1)
                .overTls(io.httpmodels.harness.results.TlsMode.RESUME);
        assertEquals("plaintext-c40-close-w0-tls-full", TlsResults.FULL.id());
        assertEquals("plaintext-c40-close-w0-tls", resumed.id());
        assertTrue(TlsResults.FULL.title().endsWith("over TLS, every handshake full"), TlsResults.FULL.title());
        assertTrue(resumed.title().endsWith("over TLS, sessions resumed"), resumed.title());
    }

    private static int count(String text, String part) {
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }
}
