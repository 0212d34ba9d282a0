package io.httpmodels.server;

import java.util.Optional;
import java.util.Set;

/**
 * The deviations that matter to security, called out at the top of the conformance matrix: each is read from the
 * deviation's rule (one of {@link RuleWords}'s) or, for the smuggling case, its case name. The one definition: the
 * kit writes the concern into each case record, and the matrix only reads it.
 */
public enum SecurityConcern {
    /** Content-Length with Transfer-Encoding, a transfer coding or chunk the server reads otherwise than the rule. */
    REQUEST_SMUGGLING("request smuggling"),
    /** A client that sends and never reads: the server's unsent output is not bounded, or not closed. */
    UNBOUNDED_MEMORY("unbounded memory under a never-reading client"),
    /** A request head or body that trickles in is not cut at its deadline (a stalled TLS handshake counts: a head). */
    NO_DEADLINE("no header or body deadline");

    private static final Set<String> SMUGGLING_RULES = Set.of(
            RuleWords.CHUNK_RULE,
            RuleWords.CHUNK_EXTENSION_RULE,
            RuleWords.TRANSFER_CODING_RULE,
            RuleWords.MESSAGE_LENGTH_RULE);
    private static final Set<String> DEADLINE_RULES =
            Set.of(RuleWords.HEADER_RULE, RuleWords.BODY_RULE, RuleWords.TLS_HANDSHAKE_RULE);

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
        String rule = deviation.rule();
        if (SMUGGLING_RULES.contains(rule) || deviation.caseName().contains("smuggling")) {
            return Optional.of(REQUEST_SMUGGLING);
        }
        if (rule.equals(RuleWords.PENDING_OUTPUT_RULE)) {
            return Optional.of(UNBOUNDED_MEMORY);
        }
        if (DEADLINE_RULES.contains(rule)) {
            return Optional.of(NO_DEADLINE);
        }
        return Optional.empty();
    }
}
