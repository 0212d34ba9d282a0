package io.httpmodels.server.vertx;

import io.httpmodels.server.Deviation;
import io.httpmodels.server.DeviationTable;

import java.util.List;

/**
 * Where Vert.x core 5.0.7 fails the deadline kit, as the kit observed it (2026-12-04): 6 of its 8 tests. Vert.x core
 * has no head or body deadline ({@code HttpServerOptions} has only the idle timeout, which each byte restarts), so a
 * client trickling its head or body is never cut; the idle timeout and a slow client within the deadlines pass.
 */
final class VertxDeadlineDeviations {

    private static final DeviationTable TABLE = DeviationTable.parse("""
            aClientTricklingItsHeadIsCutAtTheHeadDeadlineWith408 | HEADER_TIMEOUT | sends nothing and keeps the
                connection open while the head trickles in: Vert.x core has no head or body deadline, and each byte
                restarts its idle timeout
            aTricklerHoldsNoModelPastItsDeadline | HEADER_TIMEOUT | keeps a trickling client's connection past the head
                deadline: Vert.x core has no head or body deadline, and each byte restarts its idle timeout
            aPipelinedRequestIsAnsweredBeforeTheTricklingOneIsCut | HEADER_TIMEOUT | answers the first request (200),
                then keeps the connection open while the second head trickles in: Vert.x core has no head or body
                deadline, and each byte restarts its idle timeout
            aClientTricklingItsBodyIsCutAtTheBodyDeadlineWith408 | BODY_TIMEOUT | sends nothing and keeps the connection
                open while a Content-Length body trickles in: Vert.x core has no head or body deadline, and each byte
                restarts its idle timeout
            aChunkedBodyTrickledChunkByChunkIsCutAtTheBodyDeadline | BODY_TIMEOUT | sends nothing and keeps the
                connection open while a chunked body trickles in: Vert.x core has no head or body deadline, and each
                byte restarts its idle timeout
            aBodyTrickledToAnUnknownTargetGetsOneAnswerAndTheClose | BODY_TIMEOUT | answers once (the handler's 404),
                then keeps the connection open while the rest of the body trickles in: Vert.x reads off the unread body
                before the next request: Vert.x core has no head or body deadline, and each byte restarts its idle
                timeout
            """);

    private VertxDeadlineDeviations() {}

    /** The deadline kit's cases Vert.x fails. */
    static List<Deviation> all() {
        return TABLE.all();
    }
}
