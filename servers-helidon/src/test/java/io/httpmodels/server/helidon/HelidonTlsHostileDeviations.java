package io.httpmodels.server.helidon;

import io.httpmodels.server.Deviation;
import io.httpmodels.server.DeviationTable;

import java.util.List;

/**
 * Where Helidon 4.5.0's webserver answers {@link io.httpmodels.server.TlsHostileKit} otherwise, as the kit observed it
 * (2026-12-04, JDK 25): it has no handshake deadline, as it has no head deadline ({@link HelidonDeadlineDeviations}).
 * The connection's virtual thread does the handshake in its first read, with no timeout, before the connection is
 * registered with the idle-connection timer: a client that stalls in the handshake, or sends nothing, holds that
 * virtual thread and its socket until it goes away. Others are served meanwhile.
 */
final class HelidonTlsHostileDeviations {

    private static final DeviationTable TABLE = DeviationTable.parse("""
            aConnectionThatNeverStartsAHandshakeIsClosedWithinTheHeaderDeadline | TLS_HANDSHAKE | never closes a
                connection that sends nothing (Helidon has no handshake deadline, and its idle timer does not see a
                connection before its first request)
            aHandshakeStoppedHalfwayIsClosedWithinTheHeaderDeadline | TLS_HANDSHAKE | never closes a connection that
                sent half a ClientHello (Helidon has no handshake deadline, and its idle timer does not see a connection
                before its first request)
            """);

    private HelidonTlsHostileDeviations() {}

    /** The TLS hostile kit's cases the helidon model fails. */
    static List<Deviation> all() {
        return TABLE.all();
    }
}
