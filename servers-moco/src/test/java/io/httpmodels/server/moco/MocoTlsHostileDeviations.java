package io.httpmodels.server.moco;

import io.httpmodels.server.Deviation;
import io.httpmodels.server.DeviationTable;

import java.util.List;

/**
 * Where moco 1.5.0's HTTPS server fails the TLS hostile kit, as the kit observed it (2026-12-06): 2 of its 4 cases.
 * Moco's {@code HttpsServer} puts Netty's {@code SslHandler} first in its pipeline with nothing set but the engine,
 * so a handshake is bounded by the handler's default timeout, 10 s, not by the config's head deadline (measured by
 * hand: a connection that sent nothing was closed after 10.2 s). Garbage and a plaintext request are closed at once;
 * a bystander is served beside every stalled handshake.
 */
final class MocoTlsHostileDeviations {

    private static final DeviationTable TABLE = DeviationTable.parse("""
            aConnectionThatNeverStartsAHandshakeIsClosedWithinTheHeaderDeadline | TLS_HANDSHAKE | keeps a connection
                that sends nothing open past the deadline: Netty's SslHandler closes it at its default handshake
                timeout (10 s), which moco leaves as it is
            aHandshakeStoppedHalfwayIsClosedWithinTheHeaderDeadline | TLS_HANDSHAKE | keeps a connection that sent half
                a ClientHello open past the deadline: Netty's SslHandler closes it at its default handshake timeout
                (10 s), which moco leaves as it is
            """);

    private MocoTlsHostileDeviations() {}

    /** The TLS hostile kit's cases moco fails. */
    static List<Deviation> all() {
        return TABLE.all();
    }
}
