package io.httpmodels.server.moco;

import io.httpmodels.server.Deviation;
import io.httpmodels.server.DeviationTable;

import java.util.List;

/**
 * Where moco 1.5.0 fails the deadline kit, as the kit observed it (2026-12-06): 7 of its 8 tests. Moco has no head
 * deadline, no body deadline and no idle timeout (its pipeline is Netty's codec, its aggregator and its handler,
 * with no timeout handler), so a client that trickles its head or body holds its connection for good, and so does
 * one that idles between requests. Its aggregator answers only a whole request, so a body trickled to a target with
 * no route gets no answer either. A trickler holds no one else: moco's event loops serve other connections
 * meanwhile, and a slow client within the deadlines is served.
 */
final class MocoDeadlineDeviations {

    private static final DeviationTable TABLE = DeviationTable.parse("""
            aClientTricklingItsHeadIsCutAtTheHeadDeadlineWith408 | HEADER_TIMEOUT | sends nothing and keeps the
                connection open while the head trickles in: moco has no head deadline and no idle timeout
            aTricklerHoldsNoModelPastItsDeadline | HEADER_TIMEOUT | serves a client on another connection at once, but
                never cuts the trickler: moco has no head deadline and no idle timeout
            aPipelinedRequestIsAnsweredBeforeTheTricklingOneIsCut | HEADER_TIMEOUT | answers the first request (200),
                then keeps the connection open while the second head trickles in: moco has no head deadline
            aClientTricklingItsBodyIsCutAtTheBodyDeadlineWith408 | BODY_TIMEOUT | sends nothing and keeps the connection
                open while a Content-Length body trickles in: moco has no body deadline and no idle timeout
            aChunkedBodyTrickledChunkByChunkIsCutAtTheBodyDeadline | BODY_TIMEOUT | sends nothing and keeps the
                connection open while a chunked body trickles in: moco has no body deadline and no idle timeout
            aBodyTrickledToAnUnknownTargetGetsOneAnswerAndTheClose | BODY_TIMEOUT | sends nothing, not even the 404,
                while the body trickles in: moco's aggregator hands on only a whole request, and nothing cuts it
            keepAliveIdlingIsTimedByTheIdleTimeoutAlone | IDLE_TIMEOUT | keeps a silent keep-alive connection open past
                the configured idle timeout: moco has no idle timeout
            """);

    private MocoDeadlineDeviations() {}

    /** The deadline kit's cases moco fails. */
    static List<Deviation> all() {
        return TABLE.all();
    }
}
