package io.httpmodels.server.jetty;

import io.httpmodels.server.Deviation;
import io.httpmodels.server.DeviationTable;

import java.util.List;

/**
 * Where Jetty 12.1.14 answers {@link io.httpmodels.server.TlsHostileKit} otherwise, as the kit observed it
 * (2026-12-04, JDK 25.0.3): the same for both models. Jetty has no handshake deadline: a connection whose handshake
 * stalls is closed by the connector's idle timeout (the config's idle timeout, 10 s in the kit) like any other idle
 * connection, not within the head deadline (1 s). Its selector reads the handshake without blocking, so a bystander
 * is served meanwhile; garbage and plaintext HTTP get an alert and a close at once.
 */
final class JettyTlsHostileDeviations {

    private static final DeviationTable TABLE = DeviationTable.parse("""
            aConnectionThatNeverStartsAHandshakeIsClosedWithinTheHeaderDeadline | TLS_HANDSHAKE | keeps a connection
                that sends nothing open until the connector's idle timeout
            aHandshakeStoppedHalfwayIsClosedWithinTheHeaderDeadline | TLS_HANDSHAKE | keeps a connection that sent half
                a ClientHello open until the connector's idle timeout
            """);

    private JettyTlsHostileDeviations() {}

    /** The kit's cases {@code model} answers otherwise (the same for both models). */
    static List<Deviation> of(String model) {
        return TABLE.of(model);
    }
}
