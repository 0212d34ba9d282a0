package io.httpmodels.server.undertow;

import io.httpmodels.server.Deviation;
import io.httpmodels.server.DeviationTable;

import java.util.List;

/**
 * Where Undertow's core server (2.4.4.Final) fails the deadline kit, as the kit observed it (2026-12-04): 6 of its 8
 * tests. The head deadline holds ({@code REQUEST_PARSE_TIMEOUT} = {@code headerTimeout}): a trickling head is cut in
 * time, and no one else waits for it, but with a close and no 408. Undertow has no deadline on a body (its
 * {@code IDLE_TIMEOUT} is restarted by every byte), so a trickled body is never cut.
 */
final class UndertowDeadlineDeviations {

    private static final DeviationTable TABLE = DeviationTable.parse("""
            aClientTricklingItsHeadIsCutAtTheHeadDeadlineWith408 | HEADER_TIMEOUT | cuts it at the head deadline
                (REQUEST_PARSE_TIMEOUT), but with a close and no 408
            aPipelinedRequestIsAnsweredBeforeTheTricklingOneIsCut | HEADER_TIMEOUT | cuts it at the head deadline
                (REQUEST_PARSE_TIMEOUT), but with a close and no 408
            aTricklerHoldsNoModelPastItsDeadline | HEADER_TIMEOUT | cuts it at the head deadline
                (REQUEST_PARSE_TIMEOUT), but with a close and no 408
            aClientTricklingItsBodyIsCutAtTheBodyDeadlineWith408 | BODY_TIMEOUT | sends nothing and keeps the connection
                open for the kit's whole 20 s trickle of a Content-Length body (Undertow has no body deadline; its idle
                timeout is restarted by every byte)
            aChunkedBodyTrickledChunkByChunkIsCutAtTheBodyDeadline | BODY_TIMEOUT | sends nothing and keeps the
                connection open for the kit's whole 20 s trickle of a chunked body (Undertow has no body deadline; its
                idle timeout is restarted by every byte)
            aBodyTrickledToAnUnknownTargetGetsOneAnswerAndTheClose | BODY_TIMEOUT | answers once (the handler's 404),
                then keeps the connection open for the whole 20 s trickle while it drains the unread body (Undertow has
                no body deadline; its idle timeout is restarted by every byte)
            """);

    private UndertowDeadlineDeviations() {}

    /** The deadline kit's cases the undertow model fails. */
    static List<Deviation> all() {
        return TABLE.all();
    }
}
