package io.httpmodels.server.jdk;

import static io.httpmodels.server.RuleWords.TLS_HANDSHAKE_RULE;
import static io.httpmodels.server.RuleWords.TLS_HANDSHAKE_WORDS;

import io.httpmodels.server.Deviation;

import java.util.List;

/**
 * Where the JDK's {@code HttpsServer} answers {@link io.httpmodels.server.TlsHostileKit} otherwise, as the kit observed
 * it (2026-12-04, JDK 25.0.3): it has no handshake deadline, only its idle timeout (a system property, 30 s by
 * default), and its one dispatcher thread runs the handshake of a connection whose first bytes arrived, in blocking
 * reads.
 */
final class JdkTlsHostileDeviations {

    private static final String NEVER_STARTED = "aConnectionThatNeverStartsAHandshakeIsClosedWithinTheHeaderDeadline";
    private static final String HALFWAY = "aHandshakeStoppedHalfwayIsClosedWithinTheHeaderDeadline";

    private JdkTlsHostileDeviations() {}

    static List<Deviation> of(String name) {
        Deviation neverStarted = Deviation.of(
                NEVER_STARTED,
                "keeps a connection that sends nothing open past the deadline: only its idle timeout closes it",
                TLS_HANDSHAKE_RULE,
                TLS_HANDSHAKE_WORDS);
        if (JdkModels.DISPATCHER.equals(name)) {
            return List.of(
                    neverStarted,
                    Deviation.of(
                            HALFWAY,
                            "its one dispatcher thread blocks reading the rest of the ClientHello, with no deadline:"
                                    + " nobody else is served meanwhile (the bystander's handshake times out)",
                            TLS_HANDSHAKE_RULE,
                            TLS_HANDSHAKE_WORDS));
        }
        return List.of(
                neverStarted,
                Deviation.of(
                        HALFWAY,
                        "keeps a connection that sent half a ClientHello open past the deadline (its handshake runs on"
                                + " a virtual thread, so others are served)",
                        TLS_HANDSHAKE_RULE,
                        TLS_HANDSHAKE_WORDS));
    }
}
