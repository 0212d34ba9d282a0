package io.httpmodels.server.vertx;

import static io.httpmodels.server.RuleWords.BODY_RULE;
import static io.httpmodels.server.RuleWords.BODY_WORDS;
import static io.httpmodels.server.RuleWords.HEADER_RULE;
import static io.httpmodels.server.RuleWords.HEADER_WORDS;

import io.httpmodels.server.Deviation;

import java.util.ArrayList;
import java.util.List;

/**
 * Where Vert.x core 5.0.7 fails the deadline kit, as the kit observed it (2026-12-04): 6 of its 8 tests. Vert.x core
 * has no head or body deadline ({@code HttpServerOptions} has only the idle timeout, which each byte restarts), so a
 * client trickling its head or body is never cut; the idle timeout and a slow client within the deadlines pass.
 */
final class VertxDeadlineDeviations {

    private static final String NO_DEADLINE =
            ": Vert.x core has no head or body deadline, and each byte restarts" + " its idle timeout";

    private VertxDeadlineDeviations() {}

    /** The deadline kit's cases Vert.x fails. */
    static List<Deviation> all() {
        List<Deviation> all = new ArrayList<>();
        all.add(Deviation.of(
                "aClientTricklingItsHeadIsCutAtTheHeadDeadlineWith408",
                "sends nothing and keeps the connection open while the head trickles in" + NO_DEADLINE,
                HEADER_RULE,
                HEADER_WORDS));
        all.add(Deviation.of(
                "aTricklerHoldsNoModelPastItsDeadline",
                "keeps a trickling client's connection past the head deadline" + NO_DEADLINE,
                HEADER_RULE,
                HEADER_WORDS));
        all.add(Deviation.of(
                "aPipelinedRequestIsAnsweredBeforeTheTricklingOneIsCut",
                "answers the first request (200), then keeps the connection open while the second head trickles in"
                        + NO_DEADLINE,
                HEADER_RULE,
                HEADER_WORDS));
        all.add(Deviation.of(
                "aClientTricklingItsBodyIsCutAtTheBodyDeadlineWith408",
                "sends nothing and keeps the connection open while a Content-Length body trickles in" + NO_DEADLINE,
                BODY_RULE,
                BODY_WORDS));
        all.add(Deviation.of(
                "aChunkedBodyTrickledChunkByChunkIsCutAtTheBodyDeadline",
                "sends nothing and keeps the connection open while a chunked body trickles in" + NO_DEADLINE,
                BODY_RULE,
                BODY_WORDS));
        all.add(Deviation.of(
                "aBodyTrickledToAnUnknownTargetGetsOneAnswerAndTheClose",
                "answers once (the handler's 404), then keeps the connection open while the rest of the body trickles"
                        + " in: Vert.x reads off the unread body before the next request" + NO_DEADLINE,
                BODY_RULE,
                BODY_WORDS));
        return all;
    }
}
