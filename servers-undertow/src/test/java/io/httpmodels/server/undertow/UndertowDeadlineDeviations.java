package io.httpmodels.server.undertow;

import static io.httpmodels.server.RuleWords.BODY_RULE;
import static io.httpmodels.server.RuleWords.BODY_WORDS;
import static io.httpmodels.server.RuleWords.HEADER_RULE;
import static io.httpmodels.server.RuleWords.HEADER_WORDS;

import io.httpmodels.server.Deviation;

import java.util.ArrayList;
import java.util.List;

/**
 * Where Undertow's core server (2.4.4.Final) fails the deadline kit, as the kit observed it (2026-12-04): 6 of its 8
 * tests. The head deadline holds ({@code REQUEST_PARSE_TIMEOUT} = {@code headerTimeout}): a trickling head is cut in
 * time, and no one else waits for it, but with a close and no 408. Undertow has no deadline on a body (its
 * {@code IDLE_TIMEOUT} is restarted by every byte), so a trickled body is never cut.
 */
final class UndertowDeadlineDeviations {

    private static final String NO_408 =
            "cuts it at the head deadline (REQUEST_PARSE_TIMEOUT), but with a close and" + " no 408";
    private static final String NO_BODY_DEADLINE =
            " (Undertow has no body deadline; its idle timeout is restarted by every byte)";

    private UndertowDeadlineDeviations() {}

    /** The deadline kit's cases the undertow model fails. */
    static List<Deviation> all() {
        List<Deviation> all = new ArrayList<>();
        for (String test : List.of(
                "aClientTricklingItsHeadIsCutAtTheHeadDeadlineWith408",
                "aPipelinedRequestIsAnsweredBeforeTheTricklingOneIsCut",
                "aTricklerHoldsNoModelPastItsDeadline")) {
            all.add(Deviation.of(test, NO_408, HEADER_RULE, HEADER_WORDS));
        }
        all.add(Deviation.of(
                "aClientTricklingItsBodyIsCutAtTheBodyDeadlineWith408",
                "sends nothing and keeps the connection open for the kit's whole 20 s trickle of a Content-Length body"
                        + NO_BODY_DEADLINE,
                BODY_RULE,
                BODY_WORDS));
        all.add(Deviation.of(
                "aChunkedBodyTrickledChunkByChunkIsCutAtTheBodyDeadline",
                "sends nothing and keeps the connection open for the kit's whole 20 s trickle of a chunked body"
                        + NO_BODY_DEADLINE,
                BODY_RULE,
                BODY_WORDS));
        all.add(Deviation.of(
                "aBodyTrickledToAnUnknownTargetGetsOneAnswerAndTheClose",
                "answers once (the handler's 404), then keeps the connection open for the whole 20 s trickle while it"
                        + " drains the unread body" + NO_BODY_DEADLINE,
                BODY_RULE,
                BODY_WORDS));
        return List.copyOf(all);
    }
}
