package io.httpmodels.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import java.util.List;

/**
 * A module's deviations as a table: rows, cases, continuation lines, rows for one model, the silent mark, and what it
 * refuses.
 */
class DeviationTableTest {

    private static final DeviationTable TABLE = DeviationTable.parse("""
            connectIsNotImplemented | METHOD_NOT_IMPLEMENTED | closes the connection
                without an answer
            badInputGetsItsStatusAndTheConnectionCloses: Content-Length list | INVALID_CONTENT_LENGTH | answers 400
            [jdk-httpserver] aTricklerHoldsNoModelPastItsDeadline | HEADER_TIMEOUT | serves no one else meanwhile
            """);

    @Test
    void aRowNamesItsTestItsCaseAndTheKitsRule() {
        List<Deviation> all = TABLE.of("jdk-httpserver-virtual");
        assertEquals(
                List.of(
                        Deviation.of(
                                "connectIsNotImplemented",
                                "closes the connection without an answer",
                                KitRule.METHOD_NOT_IMPLEMENTED),
                        Deviation.ofCase(
                                "badInputGetsItsStatusAndTheConnectionCloses",
                                "Content-Length list",
                                "answers 400",
                                KitRule.INVALID_CONTENT_LENGTH)),
                all);
        assertEquals(KitRule.INVALID_CONTENT_LENGTH.words(), all.get(1).rule().words(), "the words are the kits'");
    }

    @Test
    void aRowForOneModelConcernsThatModelAlone() {
        List<Deviation> dispatcher = TABLE.of("jdk-httpserver");
        assertEquals(3, dispatcher.size());
        assertEquals(KitRule.HEADER_TIMEOUT, dispatcher.get(2).rule());
        assertThrows(IllegalStateException.class, TABLE::all, "a table with a model's own rows is read by model");
        assertEquals(1, DeviationTable.parse("a | HOST | b").all().size());
    }

    @Test
    void aRuleMarkedSilentMakesACaseTheKitWaitsOutForLess() {
        List<Deviation> rows = DeviationTable.parse("""
                        a: no answer | CONTENT_TOO_LARGE, silent | neither answers nor closes
                        b | HOST | answers 200
                        """).all();
        assertEquals(
                new Deviation("a", "no answer", "neither answers nor closes", KitRule.CONTENT_TOO_LARGE, true),
                rows.get(0));
        assertFalse(rows.get(1).silent(), "a row without the mark is not silent");
        assertThrows(IllegalArgumentException.class, () -> DeviationTable.parse("a | HOST, quiet | b"));
    }

    @Test
    void aRowThatIsNotOneIsRefusedQuotingIt() {
        IllegalArgumentException unknown =
                assertThrows(IllegalArgumentException.class, () -> DeviationTable.parse("a | NO_SUCH_RULE | b"));
        assertTrue(unknown.getMessage().contains("NO_SUCH_RULE"), unknown.getMessage());
        assertThrows(IllegalArgumentException.class, () -> DeviationTable.parse("a | HOST"));
        assertThrows(IllegalArgumentException.class, () -> DeviationTable.parse("  an indented line first"));
        assertThrows(IllegalArgumentException.class, () -> DeviationTable.parse("a | HOST | "));
    }
}
