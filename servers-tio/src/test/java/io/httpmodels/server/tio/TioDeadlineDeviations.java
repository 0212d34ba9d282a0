package io.httpmodels.server.tio;

import io.httpmodels.server.Deviation;
import io.httpmodels.server.DeviationTable;

import java.util.List;

/**
 * Where t-io 3.8.6's HTTP server fails the deadline kit, as the kit observed it ({@code TioDeadlineTest},
 * 2026-12-03, JDK 25): all 8 of its tests. t-io has no head or body deadline that {@link
 * io.httpmodels.server.ServerConfig}'s reach: a trickled head or body is closed with no answer (never a 408), and
 * its idle timeout is its heartbeat's, not the configured one. Even a slow client within the deadlines is not
 * served: its body sent in pieces is closed without an answer.
 */
final class TioDeadlineDeviations {

    private static final DeviationTable TABLE = DeviationTable.parse("""
            aClientTricklingItsHeadIsCutAtTheHeadDeadlineWith408 | HEADER_TIMEOUT | sends nothing (no 408): the case
                ended within 1.2 s with nothing received
            aClientTricklingItsBodyIsCutAtTheBodyDeadlineWith408 | BODY_TIMEOUT | sends nothing (no 408): the case ended
                within 1.2 s with nothing received for a trickled Content-Length body
            aChunkedBodyTrickledChunkByChunkIsCutAtTheBodyDeadline | BODY_TIMEOUT | answers 200 at once without reading
                the chunks (the handler's /echo shows no body) and no 408
            aBodyTrickledToAnUnknownTargetGetsOneAnswerAndTheClose | BODY_TIMEOUT | sends no answer at all (0 status
                lines, not the 404 or 408 the kit wants)
            aPipelinedRequestIsAnsweredBeforeTheTricklingOneIsCut | HEADER_TIMEOUT | answers the first request (200),
                then sends no 408 for the second, trickled head
            aSlowClientWithinTheDeadlinesIsServed | BODY_TIMEOUT | answers the GET sent in pieces, then closes the
                connection with no answer to a POST /echo whose 6-byte body comes in pieces within the deadline
                ("connection closed before a status line")
            keepAliveIdlingIsTimedByTheIdleTimeoutAlone | IDLE_TIMEOUT | keeps a silent keep-alive connection open past
                the configured idle timeout (2.4 s): not closed within the kit's read after it (t-io's heartbeat timeout
                is its own)
            aTricklerHoldsNoModelPastItsDeadline | HEADER_TIMEOUT | serves a client on another connection at once, but
                never sends the trickler a 408 (nothing received)
            """);

    private TioDeadlineDeviations() {}

    /** The deadline kit's cases t-io fails. */
    static List<Deviation> all() {
        return TABLE.all();
    }
}
