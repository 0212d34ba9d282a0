package io.httpmodels.harness.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** The matrix from the kits' records: rows, cells, the security list, narrowing, and its Markdown. */
class ConformanceMatrixTest {

    private final ConformanceMatrix matrix = SampleMatrix.matrix();

    @Test
    void rulesAreRowsGroupedByKitInReadingOrderAndModelsAreColumns() {
        assertEquals(List.of("ConformanceKit", "DeadlineKit"), matrix.kits());
        assertEquals(List.of("netty (epoll)", "netty (nio)", "single-thread", "vertx"), matrix.models());
        assertEquals(
                List.of(
                        "ConformanceKit " + SampleMatrix.BAD_INPUT + ": " + SampleMatrix.SMUGGLING_CASE,
                        "ConformanceKit " + SampleMatrix.BAD_INPUT + ": malformed version",
                        "ConformanceKit jsonAnswersTheSerialisedMessage",
                        "DeadlineKit " + SampleMatrix.SLOW_HEAD),
                matrix.rows().stream().map(r -> r.kit() + " " + r.rule()).toList());
        MatrixRow smuggling = matrix.rows().get(0);
        assertEquals(CaseOutcome.PASSED, smuggling.cells().get("netty (epoll)").outcome());
        assertEquals(CaseOutcome.DEVIATION, smuggling.cells().get("vertx").outcome());
        assertEquals(SampleMatrix.NO_CLOSE, smuggling.cells().get("vertx").instead());
        assertNull(smuggling.cells().get("netty (nio)"), "netty (nio) did not run that case");
    }

    @Test
    void theSecurityRelevantDeviationsAreListedByConcernThenModel() {
        assertEquals(
                List.of("no header or body deadline vertx DeadlineKit", "request smuggling vertx ConformanceKit"),
                matrix.security().stream()
                        .map(f -> f.concern() + " " + f.model() + " " + f.kit())
                        .toList());
        assertEquals("RFC 9112 §9.6", matrix.security().get(1).ruleName());
    }

    @Test
    void twoRecordsOfOneCaseKeepTheWorseOutcome() {
        List<RecordedKit> records = new ArrayList<>(SampleMatrix.records());
        records.add(new RecordedKit(
                RecordedKit.SCHEMA,
                "netty (nio)",
                "NettyOtherConformanceTest",
                "ConformanceKit",
                List.of(new RecordedCase(
                        "jsonAnswersTheSerialisedMessage",
                        "",
                        CaseOutcome.FAILED,
                        null,
                        null,
                        null,
                        null,
                        "expected: <200>",
                        null,
                        null))));
        ConformanceMatrix both = ConformanceMatrix.of(records, "t", null);
        MatrixRow json = both.rows().stream()
                .filter(r -> r.test().equals("jsonAnswersTheSerialisedMessage"))
                .findFirst()
                .orElseThrow();
        assertEquals(CaseOutcome.FAILED, json.cells().get("netty (nio)").outcome());
    }

    @Test
    void aModelNameFindsItsTransportLabelsAndNarrowingKeepsOnlyTheirRows() {
        assertEquals(List.of("netty (epoll)", "netty (nio)"), matrix.labelsOf("netty"));
        assertEquals(List.of(), matrix.labelsOf("net"));
        ConformanceMatrix netty = matrix.forModels(matrix.labelsOf("netty"));
        assertEquals(List.of("netty (epoll)", "netty (nio)"), netty.models());
        assertEquals(List.of("ConformanceKit"), netty.kits());
        assertEquals(3, netty.rows().size());
        assertEquals(List.of(), netty.security());
    }

    @Test
    void countsArePerModelAndKit() {
        assertEquals(2, matrix.count("vertx", "ConformanceKit", CaseOutcome.DEVIATION));
        assertEquals(1, matrix.count("vertx", "ConformanceKit", CaseOutcome.PASSED));
        assertEquals("1 / 2 / 0 of 3", ConformanceMarkdown.counts(matrix, "vertx", "ConformanceKit"));
        assertEquals("no record", ConformanceMarkdown.counts(matrix, "netty (nio)", "DeadlineKit"));
    }

    @Test
    void aCaseTheKitClassLeftOutSaysWhyInItsCellAndTheCounts() {
        List<RecordedKit> records = new ArrayList<>(SampleMatrix.records());
        records.add(new RecordedKit(
                RecordedKit.SCHEMA,
                "netty (nio, jdk)",
                "NettyDeadlineTest",
                "DeadlineKit",
                List.of(SampleMatrix.notRun(SampleMatrix.SLOW_HEAD, "a TLS row"))));
        records.add(new RecordedKit(
                RecordedKit.SCHEMA,
                "single-thread",
                "BioOtherDeadlineTest",
                "DeadlineKit",
                List.of(SampleMatrix.notRun(SampleMatrix.SLOW_HEAD, "left to the other class"))));
        ConformanceMatrix withTls = ConformanceMatrix.of(records, "t", null);
        MatrixRow slowHead = withTls.rows().stream()
                .filter(r -> r.test().equals(SampleMatrix.SLOW_HEAD))
                .findFirst()
                .orElseThrow();
        assertEquals(
                "not run: a TLS row",
                ConformanceMarkdown.cellText(slowHead.cells().get("netty (nio, jdk)")));
        assertEquals(
                CaseOutcome.PASSED,
                slowHead.cells().get("single-thread").outcome(),
                "a case one class ran and another left out keeps what it ran to");
        assertEquals("not run: a TLS row", ConformanceMarkdown.counts(withTls, "netty (nio, jdk)", "DeadlineKit"));
        assertEquals("—", ConformanceMarkdown.cellText(null), "no record of the case at all");
    }

    @Test
    void aSecurityFindingCarriesWhatItsCaseMeasured() {
        List<RecordedKit> records = new ArrayList<>(SampleMatrix.records());
        records.add(new RecordedKit(
                RecordedKit.SCHEMA,
                "tio",
                "TioBackpressureTest",
                "BackpressureKit",
                List.of(SampleMatrix.measured(
                        SampleMatrix.deviation(
                                "aClientThatPipelinesAndDoesNotReadIsHeldInBoundedMemoryAndClosed",
                                "NEVER",
                                "keeps reading",
                                "ServerConfig.maxPendingOutputBytes",
                                "unbounded memory under a never-reading client"),
                        "resident set 353 MiB, +512 MiB at most"))));
        ConformanceMatrix withTio = ConformanceMatrix.of(records, "t", null);
        SecurityFinding tio = withTio.security().stream()
                .filter(f -> f.model().equals("tio"))
                .findFirst()
                .orElseThrow();
        assertEquals("resident set 353 MiB, +512 MiB at most", tio.measured());
        assertTrue(
                ConformanceMarkdown.page(withTio)
                        .contains(
                                "| keeps reading | ServerConfig.maxPendingOutputBytes | resident set 353 MiB, +512 MiB"
                                        + " at most |"),
                ConformanceMarkdown.page(withTio));
    }

    @Test
    void theMarkdownPutsTheSecurityListFirstAndACellSaysPassTheDeviationOrNotRun() {
        String md = ConformanceMarkdown.page(matrix);
        assertTrue(md.startsWith("# Conformance matrix\n"), md);
        assertTrue(
                md.contains("As recorded by the kits on 2026-12-04T15:00:00Z at commit cdeaa9a01234: 4 models,"), md);
        int security = md.indexOf("## Security-relevant deviations");
        int firstKit = md.indexOf("## ConformanceKit");
        assertTrue(security > 0 && security < firstKit, md);
        assertTrue(
                md.contains("| request smuggling | vertx | ConformanceKit | " + SampleMatrix.BAD_INPUT + ": "
                        + SampleMatrix.SMUGGLING_CASE + " | " + SampleMatrix.NO_CLOSE + " | RFC 9112 §9.6 |  |"),
                md);
        assertTrue(
                md.contains("| " + SampleMatrix.BAD_INPUT + ": " + SampleMatrix.SMUGGLING_CASE
                        + " | pass | — | — | ✗ answers the right status itself, but without a Connection:… |"),
                md);
    }

    @Test
    void aModelThatSpeaksHttp11OnlyIsNotRunInTheHttp2KitsRowsForThatReason() {
        ConformanceMatrix http2 = ConformanceMatrix.of(SampleMatrix.withHttp2(), "t", null);
        assertEquals(List.of("ConformanceKit", "DeadlineKit", "Http2ConformanceKit", "Http2AttackKit"), http2.kits());
        for (MatrixRow row : http2.rows()) {
            if (row.kit().startsWith("Http2")) {
                assertEquals(
                        "not run: speaks HTTP/1.1 only",
                        ConformanceMarkdown.cellText(row.cells().get("single-thread")),
                        row.rule());
            }
        }
        assertEquals(
                "not run: speaks HTTP/1.1 only", ConformanceMarkdown.counts(http2, "single-thread", "Http2AttackKit"));
    }

    @Test
    void aModelThatSpeaksTheKitsProtocolButHasNoKitClassForItSaysSo() {
        ConformanceMatrix http2 = ConformanceMatrix.of(SampleMatrix.withHttp2(), "t", null);
        MatrixRow preface = http2.rows().stream()
                .filter(r -> r.test().equals(SampleMatrix.PREFACE))
                .findFirst()
                .orElseThrow();
        assertEquals(
                "speaks h2c, but no kit class of its module runs this kit for it yet",
                preface.cells().get("helidon").reason());
        assertNull(
                preface.cells().get("vertx"),
                "a model whose records do not say what it speaks (an older record, a peer) stays a gap");
        assertNull(
                http2.rows().stream()
                        .filter(r -> r.kit().equals("ConformanceKit"))
                        .findFirst()
                        .orElseThrow()
                        .cells()
                        .get("helidon"),
                "an HTTP/1.1 kit's gap stays a gap: only the module's kit class can say why");
    }

    @Test
    void anHttp2AttackCellCarriesItsOutcomeAndADeviationIsSecurityRelevant() {
        ConformanceMatrix http2 = ConformanceMatrix.of(SampleMatrix.withHttp2(), "t", null);
        MatrixRow bomb = http2.rows().stream()
                .filter(r -> r.kit().equals("Http2AttackKit"))
                .findFirst()
                .orElseThrow();
        assertEquals(SampleMatrix.ATTACK + ": HPACK_BOMB", bomb.rule());
        assertEquals(
                "pass: CLOSED_WITH_GOAWAY: GOAWAY ENHANCE_YOUR_CALM, connection…",
                ConformanceMarkdown.cellText(bomb.cells().get("netty (nio)")));
        SecurityFinding helidon = http2.security().stream()
                .filter(f -> f.model().equals("helidon"))
                .findFirst()
                .orElseThrow();
        assertEquals("an HTTP/2 denial of service", helidon.concern());
        assertEquals("Http2AttackKit", helidon.kit());
        assertEquals(SampleMatrix.BOMB_FIGURES, helidon.measured());
        String md = ConformanceMarkdown.page(http2);
        assertTrue(md.contains("## Http2AttackKit\n"), md);
        assertTrue(
                md.contains("| an HTTP/2 denial of service | helidon | Http2AttackKit | " + SampleMatrix.ATTACK
                        + ": HPACK_BOMB | holds an HPACK bomb's decoded list in memory | RFC 9113 §10.5 | "
                        + SampleMatrix.BOMB_FIGURES + " |"),
                md);
    }

    @Test
    void aLongInsteadIsCutAtAWord() {
        assertEquals("short", ConformanceMarkdown.shortened("short"));
        String cut = ConformanceMarkdown.shortened("word ".repeat(30));
        assertTrue(cut.endsWith("…") && cut.length() <= ConformanceMarkdown.SHORT_CHARS + 1, cut);
        assertEquals("a \\| b", ConformanceMarkdown.cell("a | b"));
    }

    @Test
    void theJsonReadsBackAsTheSameMatrix() throws Exception {
        String json = ConformanceJson.toJson(matrix);
        ConformanceMatrix back = ConformanceJson.read(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)));
        assertEquals(matrix, back);
    }
}
