package io.httpmodels.server.jdk;

import static io.httpmodels.server.RuleWords.HEADER_RULE;
import static io.httpmodels.server.RuleWords.HEADER_WORDS;

import io.httpmodels.server.Deviation;

import java.util.ArrayList;
import java.util.List;

/**
 * Where the JDK's {@code HttpsServer} answers the conformance kit over TLS differently from its plaintext self, as the
 * kit observed it (2026-12-04, JDK 25.0.3): besides {@link JdkDeviations}, which hold over TLS too.
 */
final class JdkTlsDeviations {

    private JdkTlsDeviations() {}

    /** The deviations over TLS of the model called {@code name}. */
    static List<Deviation> of(String name) {
        List<Deviation> all = new ArrayList<>(JdkDeviations.all());
        if (JdkModels.DISPATCHER.equals(name)) {
            // Plaintext: the JDK waits for a connection to be readable before it hands it to the dispatcher. Over
            // TLS its SSLStreams read the handshake and then the request head in blocking mode on that one thread.
            all.add(Deviation.of(
                    "closeEndsEveryConnectionAndThreadAndFreesThePort",
                    "over TLS its one dispatcher thread, once a connection's handshake is done, blocks reading that"
                            + " connection's request head; a client that connects and sends nothing stops every other"
                            + " connection's handshake (here the kit's next connection times out) until its idle"
                            + " timeout",
                    HEADER_RULE,
                    HEADER_WORDS));
        }
        return all;
    }
}
