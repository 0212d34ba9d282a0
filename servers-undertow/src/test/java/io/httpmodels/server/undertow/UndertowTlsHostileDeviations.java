package io.httpmodels.server.undertow;

import io.httpmodels.server.Deviation;
import io.httpmodels.server.DeviationTable;

import java.util.List;

/**
 * Where Undertow's core server (2.4.4.Final) answers {@link io.httpmodels.server.TlsHostileKit} otherwise, as the kit
 * observed it (2026-12-04, JDK 25): it has no handshake deadline. Its TLS is a conduit under the HTTP parser, so
 * handshake bytes are no request bytes: {@code REQUEST_PARSE_TIMEOUT} (the header timeout) never starts, and a
 * stalled handshake is closed by {@code NO_REQUEST_TIMEOUT} and {@code IDLE_TIMEOUT} (both the config's idle
 * timeout), as a connection that sends nothing in plaintext. The stalled connection holds no thread meanwhile (the
 * I/O thread only waits for it to be readable), and others are served.
 */
final class UndertowTlsHostileDeviations {

    private static final DeviationTable TABLE = DeviationTable.parse("""
            aConnectionThatNeverStartsAHandshakeIsClosedWithinTheHeaderDeadline | TLS_HANDSHAKE | keeps a connection
                that sends nothing open past the deadline: only its idle timeout (NO_REQUEST_TIMEOUT) closes it
            aHandshakeStoppedHalfwayIsClosedWithinTheHeaderDeadline | TLS_HANDSHAKE | keeps a connection that sent half
                a ClientHello open past the deadline: handshake bytes do not start REQUEST_PARSE_TIMEOUT, so only its
                idle timeout closes it
            """);

    private UndertowTlsHostileDeviations() {}

    /** The TLS hostile kit's cases the undertow model fails. */
    static List<Deviation> all() {
        return TABLE.all();
    }
}
