package io.httpmodels.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/** The kits' record of every case, and which deviations the matrix calls out as security-relevant. */
class KitRecordTest {

    private static final String BAD_INPUT = "badInputGetsItsStatusAndTheConnectionCloses";

    private static final Deviation SMUGGLING = Deviation.ofCase(
            BAD_INPUT,
            "Content-Length and Transfer-Encoding (smuggling)",
            "answers 400 without a Connection: close field",
            KitRule.CLOSE_IN_THE_ANSWER);

    @Test
    void everyCaseIsWrittenPerModelWithItsOutcomeOrderedByTestAndCase(@TempDir Path dir) throws IOException {
        List<DocumentedDeviations.Ran> ran = List.of(
                new DocumentedDeviations.Ran(
                        "vertx",
                        CaseRecord.deviation(
                                BAD_INPUT, SMUGGLING.caseName(), SMUGGLING, "expected close", "took 5 MiB")),
                new DocumentedDeviations.Ran(
                        "vertx", CaseRecord.plain("jsonAnswers", "", CaseOutcome.PASSED, null, null)),
                new DocumentedDeviations.Ran(
                        "netty (epoll)",
                        CaseRecord.plain("jsonAnswers", "", CaseOutcome.FAILED, "expected: <200>", null)));

        DocumentedDeviations.writeRecords(
                dir,
                new DocumentedDeviations.KitClass(
                        "VertxConformanceTest",
                        "ConformanceKit",
                        HttpProtocol.HTTP_1_1,
                        Map.of("vertx", List.of("http/1.1", "h2c", "h2"))),
                ran);

        KitRecord vertx = KitRecord.read(dir.resolve("vertx.VertxConformanceTest.json"));
        assertEquals(KitRecord.SCHEMA, vertx.schema());
        assertEquals("vertx", vertx.model());
        assertEquals("ConformanceKit", vertx.kitContract());
        assertEquals("http/1.1", vertx.speaks());
        assertEquals(List.of("http/1.1", "h2c", "h2"), vertx.protocols(), "what the model declares it speaks");
        assertEquals(
                List.of(BAD_INPUT, "jsonAnswers"),
                vertx.cases().stream().map(CaseRecord::test).toList());
        CaseRecord deviation = vertx.cases().get(0);
        assertEquals(CaseOutcome.DEVIATION, deviation.outcome());
        assertEquals("answers 400 without a Connection: close field", deviation.instead());
        assertEquals("RFC 9112 §9.6", deviation.rule());
        assertEquals(SecurityConcern.REQUEST_SMUGGLING.label(), deviation.concern());
        assertEquals("took 5 MiB", deviation.measured(), "what the case measured, beside its deviation");
        assertEquals(CaseOutcome.PASSED, vertx.cases().get(1).outcome());
        assertNull(vertx.cases().get(1).instead());

        KitRecord netty = KitRecord.read(dir.resolve("netty-epoll.VertxConformanceTest.json"));
        assertNull(netty.protocols(), "a model whose protocols the class did not see has none on record");
        assertEquals(CaseOutcome.FAILED, netty.cases().get(0).outcome());
        assertEquals("expected: <200>", netty.cases().get(0).failure());
        try (var files = Files.list(dir)) {
            assertEquals(2, files.count(), "no temporary file is left beside the records");
        }
    }

    @Test
    void aModelTheKitClassLeavesOutHasEveryCaseOfTheClassAsNotRunWithTheReason(@TempDir Path dir) throws IOException {
        List<DocumentedDeviations.Ran> ran = List.of(
                new DocumentedDeviations.Ran(
                        "netty (nio)", CaseRecord.plain("jsonAnswers", "", CaseOutcome.PASSED, null, null)),
                new DocumentedDeviations.Ran(
                        "netty (nio)",
                        CaseRecord.plain(BAD_INPUT, "malformed version", CaseOutcome.PASSED, null, null)),
                new DocumentedDeviations.Ran(
                        "netty (epoll)", CaseRecord.plain("jsonAnswers", "", CaseOutcome.PASSED, null, null)));
        List<DocumentedDeviations.Ran> all = new java.util.ArrayList<>(ran);
        all.addAll(DocumentedDeviations.notRun(
                List.of(new NotRun("netty (nio, jdk)", "a TLS row"), new NotRun("netty (epoll)", "left out")), ran));

        DocumentedDeviations.writeRecords(
                dir,
                new DocumentedDeviations.KitClass(
                        "NettyConformanceTest", "ConformanceKit", HttpProtocol.HTTP_1_1, Map.of()),
                all);

        KitRecord tls = KitRecord.read(dir.resolve("netty-nio-jdk.NettyConformanceTest.json"));
        assertEquals(
                List.of(BAD_INPUT + "/malformed version", "jsonAnswers/"),
                tls.cases().stream().map(c -> c.test() + "/" + c.caseName()).toList());
        for (CaseRecord c : tls.cases()) {
            assertEquals(CaseOutcome.NOT_RUN, c.outcome());
            assertEquals("a TLS row", c.reason());
        }
        KitRecord epoll = KitRecord.read(dir.resolve("netty-epoll.NettyConformanceTest.json"));
        assertEquals(
                List.of(CaseOutcome.NOT_RUN, CaseOutcome.PASSED),
                epoll.cases().stream().map(CaseRecord::outcome).toList(),
                "a case the model ran keeps its outcome; only the others are left out");
    }

    @Test
    void theCaseIsTheFirstArgumentAfterTheModel() {
        ModelUnderTest model = ModelUnderTest.named("single-thread");
        assertEquals(
                "chunk over the limit", DocumentedDeviations.caseName(List.of(model, "chunk over the limit", 413)));
        assertEquals("", DocumentedDeviations.caseName(List.of(model)));
    }

    @Test
    void theKitContractIsTheKitAClassExtends() {
        assertEquals("ConformanceKit", DocumentedDeviations.kitContract(AConformanceTest.class));
        assertEquals("KitRecordTest", DocumentedDeviations.kitContract(KitRecordTest.class));
    }

    @Test
    void theHttp2KitsSpeakH2cAndEveryOtherKitHttp11() {
        assertEquals(HttpProtocol.H2C, new AnHttp2ConformanceTest().speaks());
        assertEquals(HttpProtocol.H2C, new AnHttp2AttackTest().speaks());
        assertEquals(HttpProtocol.HTTP_1_1, new KitCoverage() {}.speaks());
    }

    @Test
    void aModelThisJvmDoesNotKnowDeclaresNoProtocols() {
        assertEquals(Optional.empty(), DocumentedDeviations.declaredProtocols(ModelUnderTest.named("nginx")));
    }

    @Test
    void smugglingIsReadFromTheRuleOrTheSmugglingCase() {
        assertEquals(Optional.of(SecurityConcern.REQUEST_SMUGGLING), SecurityConcern.of(SMUGGLING));
        for (KitRule rule : List.of(
                KitRule.CHUNK_SIZE_OVERFLOW,
                KitRule.CHUNK_EXTENSION,
                KitRule.UNKNOWN_TRANSFER_CODING,
                KitRule.CHUNKED_NOT_FINAL)) {
            assertEquals(
                    Optional.of(SecurityConcern.REQUEST_SMUGGLING),
                    SecurityConcern.of(Deviation.ofCase(BAD_INPUT, "chunk over the limit", "waits", rule)),
                    rule.name());
        }
    }

    @Test
    void anHttp2AttackIsReadFromItsRule() {
        assertEquals(
                Optional.of(SecurityConcern.HTTP2_DENIAL_OF_SERVICE),
                SecurityConcern.of(Deviation.ofCase(
                        "anHttp2AttackLeavesTheServerInBoundedMemoryServingOthers",
                        "RAPID_RESET",
                        "keeps serving every stream",
                        KitRule.HTTP2_ABUSE)));
    }

    @Test
    void memoryAndDeadlinesAreReadFromTheirServerConfigRules() {
        assertEquals(
                Optional.of(SecurityConcern.UNBOUNDED_MEMORY),
                SecurityConcern.of(Deviation.of("flood", "never closes it", KitRule.PENDING_OUTPUT)));
        assertEquals(
                Optional.of(SecurityConcern.NO_DEADLINE),
                SecurityConcern.of(Deviation.of("trickle", "waits", KitRule.HEADER_TIMEOUT)));
        assertEquals(
                Optional.of(SecurityConcern.NO_DEADLINE),
                SecurityConcern.of(Deviation.of("stall", "waits", KitRule.TLS_HANDSHAKE)));
        assertEquals(
                Optional.of(SecurityConcern.NO_DEADLINE),
                SecurityConcern.of(Deviation.of("trickle", "waits", KitRule.BODY_TIMEOUT)));
    }

    @Test
    void otherDeviationsAreNotCalledOut() {
        assertTrue(SecurityConcern.of(Deviation.ofCase(BAD_INPUT, "malformed version", "501", KitRule.HTTP_VERSION))
                .isEmpty());
        assertTrue(SecurityConcern.of(Deviation.of("fold", "serves it", KitRule.OBS_FOLD))
                .isEmpty());
    }

    /** A kit subclass as a module writes one. */
    abstract static class AConformanceTest extends ConformanceKit {}

    static final class AnHttp2ConformanceTest extends Http2ConformanceKit {
        @Override
        protected Stream<ModelUnderTest> models() {
            return Stream.empty();
        }
    }

    static final class AnHttp2AttackTest extends Http2AttackKit {
        @Override
        protected Stream<ModelUnderTest> models() {
            return Stream.empty();
        }
    }
}
