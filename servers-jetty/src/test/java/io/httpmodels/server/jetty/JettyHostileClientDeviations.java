package io.httpmodels.server.jetty;

import io.httpmodels.server.Deviation;
import io.httpmodels.server.DeviationTable;

import java.util.List;

/**
 * Where Jetty 12.1.14 fails the hostile-client kit, as the kit observed it (2026-12-04): 8 of the 41 cases, the same
 * for both models. Every one is an answer Jetty gives itself to a request line it cannot parse: a 4xx as the kit
 * asks, but without {@code Connection: close}, or 505 where the kit asks 400. A bystander on another connection was
 * served meanwhile in every case, and every bad chunk size, NUL, bare CR and obs-fold was refused.
 */
final class JettyHostileClientDeviations {

    private static final DeviationTable TABLE = DeviationTable.parse("""
            aHostileRequestGetsItsAnswerWhileOthersAreServed: empty method | CLOSE_SENT | answers a 4xx itself, but
                without a Connection: close field
            aHostileRequestGetsItsAnswerWhileOthersAreServed: four parts | CLOSE_SENT | answers a 4xx itself, but
                without a Connection: close field
            aHostileRequestGetsItsAnswerWhileOthersAreServed: only a method | CLOSE_SENT | answers a 4xx itself, but
                without a Connection: close field
            aHostileRequestGetsItsAnswerWhileOthersAreServed: binary noise | CLOSE_SENT | answers a 4xx itself, but
                without a Connection: close field
            aHostileRequestGetsItsAnswerWhileOthersAreServed: TLS ClientHello | CLOSE_SENT | answers a 4xx itself, but
                without a Connection: close field
            aHostileRequestGetsItsAnswerWhileOthersAreServed: long version | CLOSE_SENT | answers a 4xx itself, but
                without a Connection: close field
            aHostileRequestGetsItsAnswerWhileOthersAreServed: no target | HTTP_VERSION | answers 505 (HTTP Version Not
                Supported) rather than 400
            aHostileRequestGetsItsAnswerWhileOthersAreServed: version without digits | HTTP_VERSION | answers 505 (HTTP
                Version Not Supported) rather than 400
            """);

    private JettyHostileClientDeviations() {}

    /** The kit's cases {@code model} fails (the same for both models). */
    static List<Deviation> of(String model) {
        return TABLE.of(model);
    }
}
