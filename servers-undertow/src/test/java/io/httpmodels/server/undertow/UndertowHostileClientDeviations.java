package io.httpmodels.server.undertow;

import io.httpmodels.server.Deviation;
import io.httpmodels.server.DeviationTable;

import java.util.List;

/**
 * Where Undertow's core server (2.4.4.Final) fails the hostile-client kit, as the kit observed it (2026-12-04): 10 of
 * the 41 cases. Security-relevant first: a chunk longer than its declared size is answered 200 (the chunk framing
 * is not checked, so Undertow and a front end may disagree on where the request ends). The rest: a bad or
 * overflowing chunk size or Content-Length is met with a close and no answer; obs-folds are accepted; 10,000 fields
 * get its own 400, not 431; and /echo cannot return the fields in order ({@link UndertowDeviations}).
 */
final class UndertowHostileClientDeviations {

    private static final DeviationTable TABLE = DeviationTable.parse("""
            aHostileRequestGetsItsAnswerWhileOthersAreServed: chunk longer than its size | CHUNK | answers 200: a chunk
                of size 2 followed by 5 bytes is not refused
            aHostileRequestGetsItsAnswerWhileOthersAreServed: obs-fold with a space | OBS_FOLD | answers 200, the folded
                line taken into the value
            aHostileRequestGetsItsAnswerWhileOthersAreServed: obs-fold with a tab | OBS_FOLD | answers 200, the folded
                line taken into the value
            aHostileRequestGetsItsAnswerWhileOthersAreServed: 10,000 headers | HEADER_FIELDS_TOO_LARGE | answers its own
                empty 400 (MAX_HEADERS, 200 fields), not 431
            aHostileRequestGetsItsAnswerWhileOthersAreServed: overflowing Content-Length | INVALID_CONTENT_LENGTH | closes
                the connection without an answer (no 400)
            aHostileRequestGetsItsAnswerWhileOthersAreServed: chunk size that overflows a long | CHUNK_SIZE_OVERFLOW | closes
                the connection without an answer (no 400)
            aHostileRequestGetsItsAnswerWhileOthersAreServed: chunk size of 2^63 | CHUNK_SIZE_OVERFLOW | closes the
                connection without an answer (no 400)
            aHostileRequestGetsItsAnswerWhileOthersAreServed: negative chunk size | CHUNK_SIZE | closes the connection
                without an answer (no 400)
            aHostileRequestGetsItsAnswerWhileOthersAreServed: chunk size not hex | CHUNK_SIZE | closes the connection
                without an answer (no 400)
            requestsSplitAtEveryByteAreAnswered | ECHO | answers all three requests sent a byte at a time, but hands the
                handler the fields in a HeaderMap (names as sent, but in the map's order: Host after X-Test, after
                Content-Length), so /echo cannot return them as sent
            """);

    private UndertowHostileClientDeviations() {}

    /** The hostile-client kit's cases the undertow model fails. */
    static List<Deviation> all() {
        return TABLE.all();
    }
}
