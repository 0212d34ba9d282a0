package io.httpmodels.server.tomcat;

import io.httpmodels.server.Deviation;
import io.httpmodels.server.DeviationTable;

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

    private static final DeviationTable TABLE = DeviationTable.parse("""
            aClientTricklingItsHeadIsCutAtTheHeadDeadlineWith408 | HEADER_TIMEOUT | sends nothing and keeps the
                connection open while the kit trickles its head (Tomcat has no whole-head or whole-body deadline:
                connectionTimeout bounds each wait for bytes alone)
            aClientTricklingItsBodyIsCutAtTheBodyDeadlineWith408 | BODY_TIMEOUT | sends nothing and keeps the connection
                open while the kit trickles a Content-Length body (Tomcat has no whole-head or whole-body deadline:
                connectionTimeout bounds each wait for bytes alone)
            aChunkedBodyTrickledChunkByChunkIsCutAtTheBodyDeadline | BODY_TIMEOUT | sends nothing and keeps the
                connection open while the kit trickles a chunked body (Tomcat has no whole-head or whole-body deadline:
                connectionTimeout bounds each wait for bytes alone)
            aBodyTrickledToAnUnknownTargetGetsOneAnswerAndTheClose | BODY_TIMEOUT | answers once (the servlet's 404,
                without reading the body), then keeps the connection open while it reads off (swallows) the trickled
                body (Tomcat has no whole-head or whole-body deadline: connectionTimeout bounds each wait for bytes
                alone)
            aPipelinedRequestIsAnsweredBeforeTheTricklingOneIsCut | HEADER_TIMEOUT | answers the first request (200),
                then sends nothing and keeps the connection open while the kit trickles the second head (Tomcat has no
                whole-head or whole-body deadline: connectionTimeout bounds each wait for bytes alone)
            aTricklerHoldsNoModelPastItsDeadline | HEADER_TIMEOUT | serves the bystander at once (with one worker: the
                trickle holds none), but sends nothing and keeps the connection open while the kit trickles its head,
                never answering it 408 (Tomcat has no whole-head or whole-body deadline: connectionTimeout bounds each
                wait for bytes alone)
            """);

    private TomcatDeadlineDeviations() {}

    /** The deadline kit's cases {@code model} fails. */
    static List<Deviation> of(String model) {
        return TABLE.of(model);
    }
}
