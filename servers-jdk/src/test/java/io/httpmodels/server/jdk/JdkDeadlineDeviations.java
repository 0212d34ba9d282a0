package io.httpmodels.server.jdk;

import io.httpmodels.server.Deviation;
import io.httpmodels.server.DeviationTable;

import java.util.List;

/**
 * Where the JDK's {@code com.sun.net.httpserver} (JDK 25, as shipped) fails the deadline kit, as the kit observed it
 * (2026-12-03): 7 of its 8 tests, for both models. The JDK has no head or body deadline of its own (its one bound on
 * a request, {@code sun.net.httpserver.maxReqTime}, is off by default and read once per JVM), and its idle timeout
 * is {@code sun.net.httpserver.idleInterval} (30 s), so {@link io.httpmodels.server.ServerConfig}'s deadlines and
 * idle timeout do not reach it. Only a slow client within the deadlines passes, as it must.
 */
final class JdkDeadlineDeviations {

    private static final DeviationTable TABLE = DeviationTable.parse("""
            aClientTricklingItsHeadIsCutAtTheHeadDeadlineWith408 | HEADER_TIMEOUT | sends nothing and keeps the
                connection open for the kit's whole 20 s trickle of a head (the JDK has no head or body deadline:
                maxReqTime is off by default)
            aClientTricklingItsBodyIsCutAtTheBodyDeadlineWith408 | BODY_TIMEOUT | sends nothing and keeps the connection
                open for the kit's whole 20 s trickle of a Content-Length body (the JDK has no head or body deadline:
                maxReqTime is off by default)
            aChunkedBodyTrickledChunkByChunkIsCutAtTheBodyDeadline | BODY_TIMEOUT | sends nothing and keeps the
                connection open for the kit's whole 20 s trickle of a chunked body (the JDK has no head or body
                deadline: maxReqTime is off by default)
            aBodyTrickledToAnUnknownTargetGetsOneAnswerAndTheClose | BODY_TIMEOUT | answers once (the handler's 404,
                without reading the body), then keeps the connection open for the whole 20 s trickle: the JDK reads off
                the unread body before the next request, with no deadline
            aPipelinedRequestIsAnsweredBeforeTheTricklingOneIsCut | HEADER_TIMEOUT | answers the first request (200),
                then sends nothing for the second, trickled head in 20 s and keeps the connection open (the JDK has no
                head or body deadline: maxReqTime is off by default)
            keepAliveIdlingIsTimedByTheIdleTimeoutAlone | IDLE_TIMEOUT | keeps a silent keep-alive connection open past
                the configured idle timeout (2.4 s; no close within the 5 s read after it): its own is
                sun.net.httpserver.idleInterval (30 s), read once per JVM
            [jdk-httpserver] aTricklerHoldsNoModelPastItsDeadline | HEADER_TIMEOUT | serves no one else while a client
                trickles its head: a client on another connection got no answer within 5 s (read timed out), since the
                one dispatcher thread reads the trickling head itself, with no deadline
            [jdk-httpserver-virtual] aTricklerHoldsNoModelPastItsDeadline | HEADER_TIMEOUT | serves a client on another
                connection at once, but never cuts the trickler (nothing sent to it in 20 s) (the JDK has no head or
                body deadline: maxReqTime is off by default)
            """);

    private JdkDeadlineDeviations() {}

    /** The deadline kit's cases {@code model} fails. */
    static List<Deviation> of(String model) {
        return TABLE.of(model);
    }
}
