package io.httpmodels.server.jdk;

import io.httpmodels.server.Deviation;
import io.httpmodels.server.DeviationTable;

import java.util.List;

/**
 * Where the JDK's {@code HttpsServer} answers {@link io.httpmodels.server.TlsHostileKit} otherwise, as the kit observed
 * it (2026-12-04, JDK 25.0.3): it has no handshake deadline, only its idle timeout (a system property, 30 s by
 * default), and its one dispatcher thread runs the handshake of a connection whose first bytes arrived, in blocking
 * reads.
 */
final class JdkTlsHostileDeviations {

    private static final DeviationTable TABLE = DeviationTable.parse("""
            aConnectionThatNeverStartsAHandshakeIsClosedWithinTheHeaderDeadline | TLS_HANDSHAKE | keeps a connection
                that sends nothing open past the deadline: only its idle timeout closes it
            [jdk-httpserver] aHandshakeStoppedHalfwayIsClosedWithinTheHeaderDeadline | TLS_HANDSHAKE | its one
                dispatcher thread blocks reading the rest of the ClientHello, with no deadline: nobody else is served
                meanwhile (the bystander's handshake times out)
            [jdk-httpserver-virtual] aHandshakeStoppedHalfwayIsClosedWithinTheHeaderDeadline | TLS_HANDSHAKE | keeps a
                connection that sent half a ClientHello open past the deadline (its handshake runs on a virtual thread,
                so others are served)
            """);

    private JdkTlsHostileDeviations() {}

    static List<Deviation> of(String model) {
        return TABLE.of(model);
    }
}
