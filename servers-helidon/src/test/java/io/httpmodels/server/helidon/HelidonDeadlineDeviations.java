package io.httpmodels.server.helidon;

import io.httpmodels.server.Deviation;
import io.httpmodels.server.DeviationTable;

import java.util.List;

/**
 * Where Helidon 4.5.0's webserver fails the deadline kit, as the kit observed it ({@code HelidonDeadlineTest},
 * 2026-12-04, JDK 25): 6 of its 8 tests. Helidon has no head or body deadline (no read timeout on a server
 * connection; its one bound on a connection is the idle timeout, which counts from the last request, not from a
 * byte), so {@link io.httpmodels.server.ServerConfig}'s deadlines do not reach it. A trickler holds one virtual
 * thread, not the server: other connections are served meanwhile.
 */
final class HelidonDeadlineDeviations {

    private static final DeviationTable TABLE = DeviationTable.parse("""
            aClientTricklingItsHeadIsCutAtTheHeadDeadlineWith408 | HEADER_TIMEOUT | sends no 408 and does not cut a
                client trickling its head at the deadline (Helidon has no head or body deadline)
            aClientTricklingItsBodyIsCutAtTheBodyDeadlineWith408 | BODY_TIMEOUT | sends no 408 and does not cut a client
                trickling a Content-Length body at the deadline (Helidon has no head or body deadline)
            aChunkedBodyTrickledChunkByChunkIsCutAtTheBodyDeadline | BODY_TIMEOUT | sends no 408 and does not cut a
                chunked body trickled chunk by chunk at the deadline (Helidon has no head or body deadline)
            aBodyTrickledToAnUnknownTargetGetsOneAnswerAndTheClose | BODY_TIMEOUT | answers once (the handler's 404) and
                then keeps the connection open while it reads off the trickled body (Helidon has no head or body
                deadline)
            aPipelinedRequestIsAnsweredBeforeTheTricklingOneIsCut | HEADER_TIMEOUT | answers the first request (200),
                then does not cut the second, trickled head (Helidon has no head or body deadline)
            aTricklerHoldsNoModelPastItsDeadline | HEADER_TIMEOUT | serves a client on another connection, but never
                cuts the trickler (Helidon has no head or body deadline)
            """);

    private HelidonDeadlineDeviations() {}

    /** Every case Helidon fails, with what it does and the rule it breaks. */
    static List<Deviation> all() {
        return TABLE.all();
    }
}
