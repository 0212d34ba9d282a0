package io.httpmodels.server.undertow;

import static io.httpmodels.server.RuleWords.CHUNK_OVERFLOW_WORDS;
import static io.httpmodels.server.RuleWords.CHUNK_RULE;
import static io.httpmodels.server.RuleWords.FOLD_RULE;
import static io.httpmodels.server.RuleWords.FOLD_WORDS;

import io.httpmodels.server.Deviation;

import java.util.ArrayList;
import java.util.List;

/**
 * Where Undertow's core server (2.4.4.Final) fails the hostile-client kit, as the kit observed it (2026-12-04): 10 of
 * the 41 cases. Security-relevant first: a chunk longer than its declared size is answered 200 (the chunk framing
 * is not checked, so Undertow and a front end may disagree on where the request ends). The rest: a bad or
 * overflowing chunk size or Content-Length is met with a close and no answer; obs-folds are accepted; 10,000 fields
 * get its own 400, not 431; and /echo cannot return the fields in order ({@link UndertowDeviations}).
 */
final class UndertowHostileClientDeviations {

    private static final String HOSTILE = "aHostileRequestGetsItsAnswerWhileOthersAreServed";
    private static final String CLOSED = "closes the connection without an answer (no 400)";

    private UndertowHostileClientDeviations() {}

    /** The hostile-client kit's cases the undertow model fails. */
    static List<Deviation> all() {
        List<Deviation> all = new ArrayList<>();
        hostile(
                all,
                "chunk longer than its size",
                "answers 200: a chunk of size 2 followed by 5 bytes is not refused",
                CHUNK_RULE,
                "chunk = chunk-size [ chunk-ext ] CRLF chunk-data CRLF");
        for (String fold : List.of("obs-fold with a space", "obs-fold with a tab")) {
            hostile(all, fold, "answers 200, the folded line taken into the value", FOLD_RULE, FOLD_WORDS);
        }
        hostile(
                all,
                "10,000 headers",
                "answers its own empty 400 (MAX_HEADERS, 200 fields), not 431",
                "RFC 6585 §5",
                "The 431 status code indicates that the server is unwilling to process the request because its header"
                        + " fields are too large.");
        hostile(
                all,
                "overflowing Content-Length",
                CLOSED,
                "RFC 9112 §6.3",
                "If a message is received without Transfer-Encoding and with an invalid Content-Length header field,"
                        + " then the message framing is invalid and the recipient MUST treat it as an unrecoverable"
                        + " error ... the server MUST respond with a 400 (Bad Request) status code and then close the"
                        + " connection.");
        for (String overflow : List.of("chunk size that overflows a long", "chunk size of 2^63")) {
            hostile(all, overflow, CLOSED, CHUNK_RULE, CHUNK_OVERFLOW_WORDS);
        }
        for (String invalid : List.of("negative chunk size", "chunk size not hex")) {
            hostile(all, invalid, CLOSED, CHUNK_RULE, "chunk-size = 1*HEXDIG");
        }
        all.add(Deviation.of(
                "requestsSplitAtEveryByteAreAnswered",
                "answers all three requests sent a byte at a time, but " + UndertowDeviations.FIELDS_IN_A_MAP,
                UndertowDeviations.ECHO_RULE,
                UndertowDeviations.ECHO_WORDS));
        return List.copyOf(all);
    }

    private static void hostile(List<Deviation> all, String caseName, String instead, String rule, String words) {
        all.add(Deviation.ofCase(HOSTILE, caseName, instead, rule, words));
    }
}
