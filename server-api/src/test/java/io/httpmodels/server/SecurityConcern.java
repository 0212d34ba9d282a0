package io.httpmodels.server;

import java.util.Optional;
import java.util.Set;

/**
 * The deviations that matter to security, called out at the top of the conformance matrix: each is read from the
 * deviation's rule (its {@link KitRule#reference()}) or, for the smuggling case, its case name. The one definition: the
 * kit writes the concern into each case record, and the matrix only reads it.
 */
public enum SecurityConcern {
    /** Content-Length with Transfer-Encoding, a transfer coding or chunk the server reads otherwise than the rule. */
    REQUEST_SMUGGLING("request smuggling"),
    /** A client that sends and never reads: the server's unsent output is not bounded, or not closed. */
    UNBOUNDED_MEMORY("unbounded memory under a never-reading client"),
    /** A request head or body that trickles in is not cut at its deadline (a stalled TLS handshake counts: a head). */
    NO_DEADLINE("no header or body deadline"),
    /** An HTTP/2 attack ({@link Http2AttackKit}) takes the server's memory, CPU or its other clients. */
    HTTP2_DENIAL_OF_SERVICE("an HTTP/2 denial of service");

    /** Chunk framing (§7.1, §7.1.1), transfer codings (§6.1) and the message body length (§6.3). */
    private static final Set<String> SMUGGLING_RULES =
            Set.of("RFC 9112 §7.1", "RFC 9112 §7.1.1", "RFC 9112 §6.1", "RFC 9112 §6.3");

    private static final Set<KitRule> DEADLINE_RULES =
            Set.of(KitRule.HEADER_TIMEOUT, KitRule.BODY_TIMEOUT, KitRule.TLS_HANDSHAKE);

    private final String label;

    SecurityConcern(String label) {
        this.label = label;
    }

    /** The concern in words, as the matrix prints it. */
    public String label() {
        return label;
    }

    /** The concern {@code deviation} raises, if any. */
    public static Optional<SecurityConcern> of(Deviation deviation) {
        KitRule rule = deviation.rule();
        if (SMUGGLING_RULES.contains(rule.reference()) || deviation.caseName().contains("smuggling")) {
            return Optional.of(REQUEST_SMUGGLING);
        }
        if (rule == KitRule.PENDING_OUTPUT) {
            return Optional.of(UNBOUNDED_MEMORY);
        }
        if (rule == KitRule.HTTP2_ABUSE) {
            return Optional.of(HTTP2_DENIAL_OF_SERVICE);
        }
        if (DEADLINE_RULES.contains(rule)) {
            return Optional.of(NO_DEADLINE);
        }
        return Optional.empty();
    }
}
