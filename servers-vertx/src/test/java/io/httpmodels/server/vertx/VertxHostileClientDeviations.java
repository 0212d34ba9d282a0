package io.httpmodels.server.vertx;

import io.httpmodels.server.Deviation;
import io.httpmodels.server.DeviationTable;

import java.util.List;

/**
 * Where Vert.x core 5.0.7's HTTP/1.1 server fails the hostile-client kit, as the kit observed it (2026-12-04): 34 of
 * its 41 cases. Most (26) are one root, as in the conformance kit: Vert.x refuses a head Netty's decoder cannot parse
 * with the right status, but without a {@code Connection: close} field (every Content-Length the kit garbles, and
 * Content-Length with Transfer-Encoding, among them). The rest: obs-folds served, a version of four digits answered
 * 501, and a chunk size that is not a number, negative or overflowing ends the connection with no answer.
 */
final class VertxHostileClientDeviations {

    private static final DeviationTable TABLE = DeviationTable.parse("""
            aHostileRequestGetsItsAnswerWhileOthersAreServed: empty method | CLOSE_IN_THE_ANSWER | answers the right
                status itself (Netty's decoder refuses the head), but without a Connection: close field
            aHostileRequestGetsItsAnswerWhileOthersAreServed: no target | CLOSE_IN_THE_ANSWER | answers the right status
                itself (Netty's decoder refuses the head), but without a Connection: close field
            aHostileRequestGetsItsAnswerWhileOthersAreServed: four parts | CLOSE_IN_THE_ANSWER | answers the right
                status itself (Netty's decoder refuses the head), but without a Connection: close field
            aHostileRequestGetsItsAnswerWhileOthersAreServed: only a method | CLOSE_IN_THE_ANSWER | answers the right
                status itself (Netty's decoder refuses the head), but without a Connection: close field
            aHostileRequestGetsItsAnswerWhileOthersAreServed: binary noise | CLOSE_IN_THE_ANSWER | answers the right
                status itself (Netty's decoder refuses the head), but without a Connection: close field
            aHostileRequestGetsItsAnswerWhileOthersAreServed: TLS ClientHello | CLOSE_IN_THE_ANSWER | answers the right
                status itself (Netty's decoder refuses the head), but without a Connection: close field
            aHostileRequestGetsItsAnswerWhileOthersAreServed: version without digits | CLOSE_IN_THE_ANSWER | answers the
                right status itself (Netty's decoder refuses the head), but without a Connection: close field
            aHostileRequestGetsItsAnswerWhileOthersAreServed: NUL in a header value | CLOSE_IN_THE_ANSWER | answers the
                right status itself (Netty's decoder refuses the head), but without a Connection: close field
            aHostileRequestGetsItsAnswerWhileOthersAreServed: NUL in a header name | CLOSE_IN_THE_ANSWER | answers the
                right status itself (Netty's decoder refuses the head), but without a Connection: close field
            aHostileRequestGetsItsAnswerWhileOthersAreServed: bare CR in a header value | CLOSE_IN_THE_ANSWER | answers
                the right status itself (Netty's decoder refuses the head), but without a Connection: close field
            aHostileRequestGetsItsAnswerWhileOthersAreServed: bare CR ending a header | CLOSE_IN_THE_ANSWER | answers
                the right status itself (Netty's decoder refuses the head), but without a Connection: close field
            aHostileRequestGetsItsAnswerWhileOthersAreServed: bare LF then a fold | CLOSE_IN_THE_ANSWER | answers the
                right status itself (Netty's decoder refuses the head), but without a Connection: close field
            aHostileRequestGetsItsAnswerWhileOthersAreServed: bare LF then no colon | CLOSE_IN_THE_ANSWER | answers the
                right status itself (Netty's decoder refuses the head), but without a Connection: close field
            aHostileRequestGetsItsAnswerWhileOthersAreServed: 10,000 headers | CLOSE_IN_THE_ANSWER | answers the right
                status itself (Netty's decoder refuses the head), but without a Connection: close field
            aHostileRequestGetsItsAnswerWhileOthersAreServed: negative Content-Length | CLOSE_IN_THE_ANSWER | answers
                the right status itself (Netty's decoder refuses the head), but without a Connection: close field
            aHostileRequestGetsItsAnswerWhileOthersAreServed: Content-Length with a plus | CLOSE_IN_THE_ANSWER | answers
                the right status itself (Netty's decoder refuses the head), but without a Connection: close field
            aHostileRequestGetsItsAnswerWhileOthersAreServed: overflowing Content-Length | CLOSE_IN_THE_ANSWER | answers
                the right status itself (Netty's decoder refuses the head), but without a Connection: close field
            aHostileRequestGetsItsAnswerWhileOthersAreServed: Content-Length of 2^63 | CLOSE_IN_THE_ANSWER | answers the
                right status itself (Netty's decoder refuses the head), but without a Connection: close field
            aHostileRequestGetsItsAnswerWhileOthersAreServed: conflicting Content-Lengths | CLOSE_IN_THE_ANSWER | answers
                the right status itself (Netty's decoder refuses the head), but without a Connection: close field
            aHostileRequestGetsItsAnswerWhileOthersAreServed: Content-Length list | CLOSE_IN_THE_ANSWER | answers the
                right status itself (Netty's decoder refuses the head), but without a Connection: close field
            aHostileRequestGetsItsAnswerWhileOthersAreServed: Content-Length in hex | CLOSE_IN_THE_ANSWER | answers the
                right status itself (Netty's decoder refuses the head), but without a Connection: close field
            aHostileRequestGetsItsAnswerWhileOthersAreServed: empty Content-Length | CLOSE_IN_THE_ANSWER | answers the
                right status itself (Netty's decoder refuses the head), but without a Connection: close field
            aHostileRequestGetsItsAnswerWhileOthersAreServed: Content-Length then Transfer-Encoding | CLOSE_IN_THE_ANSWER | answers
                the right status itself (Netty's decoder refuses the head), but without a Connection: close field
            aHostileRequestGetsItsAnswerWhileOthersAreServed: Transfer-Encoding then Content-Length | CLOSE_IN_THE_ANSWER | answers
                the right status itself (Netty's decoder refuses the head), but without a Connection: close field
            aHostileRequestGetsItsAnswerWhileOthersAreServed: UTF-8 in a field name | CLOSE_IN_THE_ANSWER | answers the
                right status itself (Netty's decoder refuses the head), but without a Connection: close field
            aHostileRequestGetsItsAnswerWhileOthersAreServed: Latin-1 byte in a field name | CLOSE_IN_THE_ANSWER | answers
                the right status itself (Netty's decoder refuses the head), but without a Connection: close field
            aHostileRequestGetsItsAnswerWhileOthersAreServed: long version | HTTP_VERSION | answers 501 with the
                request's version in its status line (HTTP/1.1111)
            aHostileRequestGetsItsAnswerWhileOthersAreServed: obs-fold with a space | OBS_FOLD | answers 200, the fold
                taken as part of the field value
            aHostileRequestGetsItsAnswerWhileOthersAreServed: obs-fold with a tab | OBS_FOLD | answers 200, the fold
                taken as part of the field value
            aHostileRequestGetsItsAnswerWhileOthersAreServed: obs-fold of the Host | OBS_FOLD | answers 200, the fold
                taken as part of the field value
            aHostileRequestGetsItsAnswerWhileOthersAreServed: chunk size that overflows a long | CHUNK_SIZE_OVERFLOW | closes
                the connection without an answer: the head was already handed to the handler, and the bad chunk size
                ends the request unanswered
            aHostileRequestGetsItsAnswerWhileOthersAreServed: chunk size of 2^63 | CHUNK_SIZE_OVERFLOW | closes the
                connection without an answer: the head was already handed to the handler, and the bad chunk size ends
                the request unanswered
            aHostileRequestGetsItsAnswerWhileOthersAreServed: negative chunk size | CHUNK_SIZE | closes the connection
                without an answer: the head was already handed to the handler, and the bad chunk size ends the request
                unanswered
            aHostileRequestGetsItsAnswerWhileOthersAreServed: chunk size not hex | CHUNK_SIZE | closes the connection
                without an answer: the head was already handed to the handler, and the bad chunk size ends the request
                unanswered
            """);

    private VertxHostileClientDeviations() {}

    /** The hostile-client kit's cases Vert.x fails. */
    static List<Deviation> all() {
        return TABLE.all();
    }
}
