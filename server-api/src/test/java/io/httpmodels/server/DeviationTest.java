package io.httpmodels.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import java.util.List;

/** The deviation mechanism itself: which invocation a deviation concerns, the verdict, and the TSV line. */
class DeviationTest {

    private static final Deviation SMUGGLING = Deviation.ofCase(
            "badInputGetsItsStatusAndTheConnectionCloses",
            "Content-Length list",
            "answers 200",
            KitRule.INVALID_CONTENT_LENGTH);

    private static final ModelUnderTest MODEL = ModelUnderTest.named("single-thread");

    @Test
    void aCaseDeviationConcernsOnlyItsMethodAndCase() {
        assertTrue(SMUGGLING.concerns(SMUGGLING.test(), List.of(MODEL, "Content-Length list", "POST ...", 400)));
        assertFalse(SMUGGLING.concerns(SMUGGLING.test(), List.of(MODEL, "garbage request line", "x", 400)));
        assertFalse(SMUGGLING.concerns("otherTest", List.of(MODEL, "Content-Length list", "x", 400)));
        assertFalse(SMUGGLING.concerns(SMUGGLING.test(), List.of(MODEL)), "the model itself is not a case");
    }

    @Test
    void aMethodDeviationConcernsEveryInvocation() {
        Deviation all = Deviation.of("headAnswersGetsHeadersWithoutABody", "sends a body", KitRule.HEAD_HAS_NO_CONTENT);
        assertTrue(all.concerns("headAnswersGetsHeadersWithoutABody", List.of(MODEL)));
        assertFalse(all.concerns("plaintextAnswersHelloWorldWithEveryRequiredHeader", List.of(MODEL)));
    }

    @Test
    void aModelFindsItsDeviationAndOurModelsHaveNone() {
        assertTrue(MODEL.deviations().isEmpty());
        ModelUnderTest deviating = MODEL.withDeviations(List.of(SMUGGLING));
        assertEquals(
                SMUGGLING,
                deviating
                        .deviationFor(SMUGGLING.test(), List.of(deviating, "Content-Length list"))
                        .orElseThrow());
        assertTrue(deviating.deviationFor("x", List.of(deviating)).isEmpty());
        assertEquals(MODEL.label(), deviating.label());
    }

    @Test
    void aDocumentedCaseThatFailsPassesWithItsFailure() {
        AssertionError failure = new AssertionError("expected 400 but was 200");
        assertSame(failure, DocumentedDeviations.verdict(SMUGGLING, failure));
    }

    @Test
    void aDocumentedCaseThatGotNoAnswerPassesSayingWhatTheConnectionDid() {
        AssertionError failure =
                DocumentedDeviations.verdict(SMUGGLING, new java.net.SocketTimeoutException("Read timed out"));
        assertEquals("no answer: java.net.SocketTimeoutException: Read timed out", failure.getMessage());
    }

    @Test
    void aDocumentedCaseThatPassesFailsSoTheListCannotRot() {
        AssertionError error = assertThrows(AssertionError.class, () -> DocumentedDeviations.verdict(SMUGGLING, null));
        assertTrue(
                error.getMessage().startsWith("documented deviation no longer happens: remove it"), error.getMessage());
    }

    @Test
    void aDeviationNeedsItsTestWhatHappensAndTheRule() {
        assertThrows(IllegalArgumentException.class, () -> Deviation.of("t", " ", KitRule.HOST));
        assertThrows(IllegalArgumentException.class, () -> Deviation.of("", "x", KitRule.HOST));
        assertThrows(NullPointerException.class, () -> Deviation.of("t", "x", null));
    }

    @Test
    void theTsvLineHasOneFieldPerColumnWithNoTabOrLineBreakInside() {
        String line = DocumentedDeviations.tsvLine(
                "ConformanceKit",
                new DocumentedDeviations.Observed("jdk-httpserver", SMUGGLING, "expected:\t<400>\nbut was <200>"));
        String[] fields = line.split("\t", -1);
        assertEquals(DocumentedDeviations.TSV_HEADER.split("\t").length, fields.length, line);
        assertEquals("jdk-httpserver", fields[0]);
        assertEquals("Content-Length list", fields[3]);
        assertEquals(KitRule.INVALID_CONTENT_LENGTH.reference(), fields[5]);
        assertEquals(KitRule.INVALID_CONTENT_LENGTH.words(), fields[6], "the rule's words, from the kits");
        assertEquals("expected: <400> but was <200>", fields[7]);
        assertEquals("netty-epoll", DocumentedDeviations.fileName("netty (epoll)"));
    }
}
