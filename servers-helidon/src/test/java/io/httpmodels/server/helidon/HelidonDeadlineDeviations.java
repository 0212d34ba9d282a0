package io.httpmodels.server.helidon;

import static io.httpmodels.server.RuleWords.BODY_RULE;
import static io.httpmodels.server.RuleWords.BODY_WORDS;
import static io.httpmodels.server.RuleWords.HEADER_RULE;
import static io.httpmodels.server.RuleWords.HEADER_WORDS;

import io.httpmodels.server.Deviation;

import java.util.List;

/**
 * Where Helidon 4.5.0's webserver fails the deadline kit, as the kit observed it ({@code HelidonDeadlineTest},
 * 2026-12-04, JDK 25): 6 of its 8 tests. Helidon has no head or body deadline (no read timeout on a server
 * connection; its one bound on a connection is the idle timeout, which counts from the last request, not from a
 * byte), so {@link io.httpmodels.server.ServerConfig}'s deadlines do not reach it. A trickler holds one virtual
 * thread, not the server: other connections are served meanwhile.
 */
final class HelidonDeadlineDeviations {

    private static final String NO_DEADLINE = " (Helidon has no head or body deadline)";

    private HelidonDeadlineDeviations() {}

    /** Every case Helidon fails, with what it does and the rule's words. */
    static List<Deviation> all() {
        return List.of(
                Deviation.of(
                        "aClientTricklingItsHeadIsCutAtTheHeadDeadlineWith408",
                        "sends no 408 and does not cut a client trickling its head at the deadline" + NO_DEADLINE,
                        HEADER_RULE,
                        HEADER_WORDS),
                Deviation.of(
                        "aClientTricklingItsBodyIsCutAtTheBodyDeadlineWith408",
                        "sends no 408 and does not cut a client trickling a Content-Length body at the deadline"
                                + NO_DEADLINE,
                        BODY_RULE,
                        BODY_WORDS),
                Deviation.of(
                        "aChunkedBodyTrickledChunkByChunkIsCutAtTheBodyDeadline",
                        "sends no 408 and does not cut a chunked body trickled chunk by chunk at the deadline"
                                + NO_DEADLINE,
                        BODY_RULE,
                        BODY_WORDS),
                Deviation.of(
                        "aBodyTrickledToAnUnknownTargetGetsOneAnswerAndTheClose",
                        "answers once (the handler's 404) and then keeps the connection open while it reads off the"
                                + " trickled body" + NO_DEADLINE,
                        BODY_RULE,
                        BODY_WORDS),
                Deviation.of(
                        "aPipelinedRequestIsAnsweredBeforeTheTricklingOneIsCut",
                        "answers the first request (200), then does not cut the second, trickled head" + NO_DEADLINE,
                        HEADER_RULE,
                        HEADER_WORDS),
                Deviation.of(
                        "aTricklerHoldsNoModelPastItsDeadline",
                        "serves a client on another connection, but never cuts the trickler" + NO_DEADLINE,
                        HEADER_RULE,
                        HEADER_WORDS));
    }
}
