package io.httpmodels.server.tio;

import static io.httpmodels.server.RuleWords.BODY_RULE;
import static io.httpmodels.server.RuleWords.BODY_WORDS;
import static io.httpmodels.server.RuleWords.HEADER_RULE;
import static io.httpmodels.server.RuleWords.HEADER_WORDS;

import io.httpmodels.server.Deviation;

import java.util.ArrayList;
import java.util.List;

/**
 * Where t-io 3.8.6's HTTP server fails the deadline kit, as the kit observed it ({@code TioDeadlineTest},
 * 2026-12-03, JDK 25): all 8 of its tests. t-io has no head or body deadline that {@link
 * io.httpmodels.server.ServerConfig}'s reach: a trickled head or body is closed with no answer (never a 408), and
 * its idle timeout is its heartbeat's, not the configured one. Even a slow client within the deadlines is not
 * served: its body sent in pieces is closed without an answer.
 */
final class TioDeadlineDeviations {

    private static final String NOTHING = "sends nothing (no 408): the case ended within 1.2 s with nothing received";

    private TioDeadlineDeviations() {}

    /** The deadline kit's cases t-io fails. */
    static List<Deviation> all() {
        List<Deviation> all = new ArrayList<>();
        all.add(Deviation.of(
                "aClientTricklingItsHeadIsCutAtTheHeadDeadlineWith408", NOTHING, HEADER_RULE, HEADER_WORDS));
        all.add(Deviation.of(
                "aClientTricklingItsBodyIsCutAtTheBodyDeadlineWith408",
                NOTHING + " for a trickled Content-Length body",
                BODY_RULE,
                BODY_WORDS));
        all.add(Deviation.of(
                "aChunkedBodyTrickledChunkByChunkIsCutAtTheBodyDeadline",
                "answers 200 at once without reading the chunks (the handler's /echo shows no body) and no 408",
                BODY_RULE,
                BODY_WORDS));
        all.add(Deviation.of(
                "aBodyTrickledToAnUnknownTargetGetsOneAnswerAndTheClose",
                "sends no answer at all (0 status lines, not the 404 or 408 the kit wants)",
                BODY_RULE,
                BODY_WORDS));
        all.add(Deviation.of(
                "aPipelinedRequestIsAnsweredBeforeTheTricklingOneIsCut",
                "answers the first request (200), then sends no 408 for the second, trickled head",
                HEADER_RULE,
                HEADER_WORDS));
        all.add(Deviation.of(
                "aSlowClientWithinTheDeadlinesIsServed",
                "answers the GET sent in pieces, then closes the connection with no answer to a POST /echo whose"
                        + " 6-byte body comes in pieces within the deadline (\"connection closed before a status"
                        + " line\")",
                BODY_RULE,
                BODY_WORDS));
        all.add(Deviation.of(
                "keepAliveIdlingIsTimedByTheIdleTimeoutAlone",
                "keeps a silent keep-alive connection open past the configured idle timeout (2.4 s): not closed"
                        + " within the kit's read after it (t-io's heartbeat timeout is its own)",
                "ServerConfig.idleTimeout",
                "a connection that sends nothing for this long is closed: between requests (keep-alive idling) and"
                        + " between any two reads"));
        all.add(Deviation.of(
                "aTricklerHoldsNoModelPastItsDeadline",
                "serves a client on another connection at once, but never sends the trickler a 408 (nothing"
                        + " received)",
                HEADER_RULE,
                HEADER_WORDS));
        return List.copyOf(all);
    }
}
