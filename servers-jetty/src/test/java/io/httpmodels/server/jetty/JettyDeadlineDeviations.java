package io.httpmodels.server.jetty;

import io.httpmodels.server.Deviation;
import io.httpmodels.server.DeviationTable;

import java.util.List;

/**
 * Where Jetty 12.1.14 fails the deadline kit, as the kit observed it (2026-12-04): 5 of its 8 tests, for both
 * models. Jetty has no head or body deadline: a connection is timed by its idle timeout alone, which every byte
 * restarts, so a client trickling a byte every few hundred milliseconds is never cut (Jetty's
 * {@code HttpConfiguration.minRequestDataRate} bounds a rate, not a deadline, and the models leave it off). The idle
 * timeout itself is honoured (keep-alive idling passes), and a trickler holds no thread: a bystander was served.
 */
final class JettyDeadlineDeviations {

    private static final DeviationTable TABLE = DeviationTable.parse("""
            aClientTricklingItsHeadIsCutAtTheHeadDeadlineWith408 | HEADER_TIMEOUT | sends nothing for the kit's whole 20
                s trickle of a head (Jetty has no head or body deadline; each byte restarts its idle timeout)
            aClientTricklingItsBodyIsCutAtTheBodyDeadlineWith408 | BODY_TIMEOUT | sends nothing for the kit's whole 20 s
                trickle of a Content-Length body (Jetty has no head or body deadline; each byte restarts its idle
                timeout)
            aChunkedBodyTrickledChunkByChunkIsCutAtTheBodyDeadline | BODY_TIMEOUT | sends nothing for the kit's whole 20
                s trickle of a chunked body (Jetty has no head or body deadline; each byte restarts its idle timeout)
            aPipelinedRequestIsAnsweredBeforeTheTricklingOneIsCut | HEADER_TIMEOUT | answers the first request (200),
                then sends nothing for the second, trickled head in 20 s (Jetty has no head or body deadline; each byte
                restarts its idle timeout)
            aTricklerHoldsNoModelPastItsDeadline | HEADER_TIMEOUT | serves a client on another connection, but never
                cuts the trickler (nothing sent to it in 20 s) (Jetty has no head or body deadline; each byte restarts
                its idle timeout)
            """);

    private JettyDeadlineDeviations() {}

    /** The kit's cases {@code model} fails (the same for both models). */
    static List<Deviation> of(String model) {
        return TABLE.of(model);
    }
}
