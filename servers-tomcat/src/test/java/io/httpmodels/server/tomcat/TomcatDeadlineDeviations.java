package io.httpmodels.server.tomcat;

import static io.httpmodels.server.RuleWords.BODY_RULE;
import static io.httpmodels.server.RuleWords.BODY_WORDS;
import static io.httpmodels.server.RuleWords.HEADER_RULE;
import static io.httpmodels.server.RuleWords.HEADER_WORDS;

import io.httpmodels.server.Deviation;

import java.util.ArrayList;
import java.util.List;

/**
 * Where Tomcat 11.0.27 (embedded, NIO connector, as shipped) fails the deadline kit, as the kit observed it
 * (2026-12-04): 6 of its 8 tests, for both models. Security-relevant: Tomcat has no whole-head or whole-body
 * deadline. Its {@code connectionTimeout} (here the idle timeout, 10 s in the kit) bounds each wait for bytes,
 * so a client trickling a byte at a time is never cut while it keeps sending; the trickle does not hold a worker
 * thread, though (the poller waits for its bytes), and a bystander was served at once even with one worker. The
 * passing tests: a slow client within the deadlines, and keep-alive idling timed by the idle timeout alone.
 */
final class TomcatDeadlineDeviations {

    private static final String NO_DEADLINE = "sends nothing and keeps the connection open while the kit trickles";
    private static final String WHY = " (Tomcat has no whole-head or whole-body deadline: connectionTimeout bounds"
            + " each wait for bytes alone)";

    private TomcatDeadlineDeviations() {}

    /** The deadline kit's cases {@code model} fails. */
    static List<Deviation> of(String model) {
        List<Deviation> all = new ArrayList<>();
        all.add(Deviation.of(
                "aClientTricklingItsHeadIsCutAtTheHeadDeadlineWith408",
                NO_DEADLINE + " its head" + WHY,
                HEADER_RULE,
                HEADER_WORDS));
        all.add(Deviation.of(
                "aClientTricklingItsBodyIsCutAtTheBodyDeadlineWith408",
                NO_DEADLINE + " a Content-Length body" + WHY,
                BODY_RULE,
                BODY_WORDS));
        all.add(Deviation.of(
                "aChunkedBodyTrickledChunkByChunkIsCutAtTheBodyDeadline",
                NO_DEADLINE + " a chunked body" + WHY,
                BODY_RULE,
                BODY_WORDS));
        all.add(Deviation.of(
                "aBodyTrickledToAnUnknownTargetGetsOneAnswerAndTheClose",
                "answers once (the servlet's 404, without reading the body), then keeps the connection open while"
                        + " it reads off (swallows) the trickled body" + WHY,
                BODY_RULE,
                BODY_WORDS));
        all.add(Deviation.of(
                "aPipelinedRequestIsAnsweredBeforeTheTricklingOneIsCut",
                "answers the first request (200), then " + NO_DEADLINE + " the second head" + WHY,
                HEADER_RULE,
                HEADER_WORDS));
        all.add(Deviation.of(
                "aTricklerHoldsNoModelPastItsDeadline",
                "serves the bystander at once (with one worker: the trickle holds none), but " + NO_DEADLINE
                        + " its head, never answering it 408" + WHY,
                HEADER_RULE,
                HEADER_WORDS));
        return all;
    }
}
