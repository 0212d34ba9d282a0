package io.httpmodels.server.vertx;

import static io.httpmodels.server.RuleWords.CHUNK_OVERFLOW_WORDS;
import static io.httpmodels.server.RuleWords.CHUNK_RULE;
import static io.httpmodels.server.RuleWords.FOLD_RULE;
import static io.httpmodels.server.RuleWords.FOLD_WORDS;
import static io.httpmodels.server.RuleWords.VERSION_RULE;
import static io.httpmodels.server.RuleWords.VERSION_WORDS;

import io.httpmodels.server.Deviation;

import java.util.ArrayList;
import java.util.List;

/**
 * Where Vert.x core 5.0.7's HTTP/1.1 server fails the hostile-client kit, as the kit observed it (2026-12-04): 34 of
 * its 41 cases. Most (26) are one root, as in the conformance kit: Vert.x refuses a head Netty's decoder cannot parse
 * with the right status, but without a {@code Connection: close} field (every Content-Length the kit garbles, and
 * Content-Length with Transfer-Encoding, among them). The rest: obs-folds served, a version of four digits answered
 * 501, and a chunk size that is not a number, negative or overflowing ends the connection with no answer.
 */
final class VertxHostileClientDeviations {

    private static final String HOSTILE = "aHostileRequestGetsItsAnswerWhileOthersAreServed";
    private static final String NO_ANSWER = "closes the connection without an answer: the head was already handed to"
            + " the handler, and the bad chunk size ends the request unanswered";

    private VertxHostileClientDeviations() {}

    /** The hostile-client kit's cases Vert.x fails. */
    static List<Deviation> all() {
        List<Deviation> all = new ArrayList<>();
        for (String caseName : List.of(
                "empty method",
                "no target",
                "four parts",
                "only a method",
                "binary noise",
                "TLS ClientHello",
                "version without digits",
                "NUL in a header value",
                "NUL in a header name",
                "bare CR in a header value",
                "bare CR ending a header",
                "bare LF then a fold",
                "bare LF then no colon",
                "10,000 headers",
                "negative Content-Length",
                "Content-Length with a plus",
                "overflowing Content-Length",
                "Content-Length of 2^63",
                "conflicting Content-Lengths",
                "Content-Length list",
                "Content-Length in hex",
                "empty Content-Length",
                "Content-Length then Transfer-Encoding",
                "Transfer-Encoding then Content-Length",
                "UTF-8 in a field name",
                "Latin-1 byte in a field name")) {
            hostile(
                    all,
                    caseName,
                    VertxDeviations.NO_CLOSE_FIELD,
                    VertxDeviations.CLOSE_RULE,
                    VertxDeviations.CLOSE_WORDS);
        }
        hostile(
                all,
                "long version",
                "answers 501 with the request's version in its status line (HTTP/1.1111)",
                VERSION_RULE,
                VERSION_WORDS);
        for (String caseName : List.of("obs-fold with a space", "obs-fold with a tab", "obs-fold of the Host")) {
            hostile(all, caseName, "answers 200, the fold taken as part of the field value", FOLD_RULE, FOLD_WORDS);
        }
        for (String caseName : List.of("chunk size that overflows a long", "chunk size of 2^63")) {
            hostile(all, caseName, NO_ANSWER, CHUNK_RULE, CHUNK_OVERFLOW_WORDS);
        }
        for (String caseName : List.of("negative chunk size", "chunk size not hex")) {
            hostile(all, caseName, NO_ANSWER, CHUNK_RULE, "chunk-size = 1*HEXDIG");
        }
        return all;
    }

    private static void hostile(List<Deviation> all, String caseName, String instead, String rule, String words) {
        all.add(Deviation.ofCase(HOSTILE, caseName, instead, rule, words));
    }
}
