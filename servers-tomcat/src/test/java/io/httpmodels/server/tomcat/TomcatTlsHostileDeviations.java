package io.httpmodels.server.tomcat;

import io.httpmodels.server.Deviation;
import io.httpmodels.server.DeviationTable;

import java.util.List;

/**
 * Where Tomcat 11.0.27 answers {@link io.httpmodels.server.TlsHostileKit} otherwise, as the kit observed it
 * (2026-12-04, JDK 25.0.3): the same for both models. Tomcat has no handshake deadline: the poller closes a
 * connection whose handshake stalls at {@code connectionTimeout} (the config's idle timeout, 10 s in the kit), as it
 * closes one whose request line stalls, not within the head deadline (1 s). NIO runs the handshake without blocking,
 * so a bystander is served meanwhile; garbage gets an alert and a close, plaintext HTTP Tomcat's own plaintext 400
 * ("This combination of host and port requires TLS.") and a close.
 */
final class TomcatTlsHostileDeviations {

    private static final DeviationTable TABLE = DeviationTable.parse("""
            aConnectionThatNeverStartsAHandshakeIsClosedWithinTheHeaderDeadline | TLS_HANDSHAKE | keeps a connection
                that sends nothing open until connectionTimeout
            aHandshakeStoppedHalfwayIsClosedWithinTheHeaderDeadline | TLS_HANDSHAKE | keeps a connection that sent half
                a ClientHello open until connectionTimeout
            """);

    private TomcatTlsHostileDeviations() {}

    /** The kit's cases {@code model} answers otherwise (the same for both models). */
    static List<Deviation> of(String model) {
        return TABLE.of(model);
    }
}
