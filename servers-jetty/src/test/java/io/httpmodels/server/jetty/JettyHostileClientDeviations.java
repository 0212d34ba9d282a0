package io.httpmodels.server.jetty;

import static io.httpmodels.server.RuleWords.VERSION_RULE;
import static io.httpmodels.server.RuleWords.VERSION_WORDS;

import io.httpmodels.server.Deviation;

import java.util.ArrayList;
import java.util.List;

/**
 * Where Jetty 12.1.14 fails the hostile-client kit, as the kit observed it (2026-12-04): 8 of the 41 cases, the same
 * for both models. Every one is an answer Jetty gives itself to a request line it cannot parse: a 4xx as the kit
 * asks, but without {@code Connection: close}, or 505 where the kit asks 400. A bystander on another connection was
 * served meanwhile in every case, and every bad chunk size, NUL, bare CR and obs-fold was refused.
 */
final class JettyHostileClientDeviations {

    private static final String HOSTILE = "aHostileRequestGetsItsAnswerWhileOthersAreServed";
    private static final String NO_CLOSE_FIELD = "answers a 4xx itself, but without a Connection: close field";
    private static final String CLOSE_RULE = "RFC 9112 §9.6";
    private static final String CLOSE_WORDS = "A server that sends a \"close\" connection option MUST initiate closure"
            + " of the connection ... after it sends the response containing the \"close\" connection option";

    private JettyHostileClientDeviations() {}

    /** The kit's cases {@code model} fails (the same for both models). */
    static List<Deviation> of(String model) {
        List<Deviation> all = new ArrayList<>();
        for (String caseName : List.of(
                "empty method", "four parts", "only a method", "binary noise", "TLS ClientHello", "long version")) {
            all.add(Deviation.ofCase(HOSTILE, caseName, NO_CLOSE_FIELD, CLOSE_RULE, CLOSE_WORDS));
        }
        for (String caseName : List.of("no target", "version without digits")) {
            all.add(Deviation.ofCase(
                    HOSTILE,
                    caseName,
                    "answers 505 (HTTP Version Not Supported) rather than 400",
                    VERSION_RULE,
                    VERSION_WORDS));
        }
        return List.copyOf(all);
    }
}
