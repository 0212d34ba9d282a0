package io.httpmodels.server.moco;

import io.httpmodels.server.Deviation;
import io.httpmodels.server.DeviationTable;

import java.util.List;

/**
 * Where moco 1.5.0's HTTP server fails the hostile-client kit, as the kit observed it (2026-12-06): 32 of its 41
 * cases. Most (22) are one root, as in the conformance kit ({@link MocoDeviations}): a head Netty's decoder refuses
 * gets moco's bare {@code HTTP/1.1 400 Bad Request} head, with no {@code Content-Length}, body or
 * {@code Connection: close}, and the connection stays open, its decoder discarding every byte after (so the framing
 * attacks among them, Content-Length with Transfer-Encoding and the bad chunk sizes, get nothing served after them).
 * Nine heads are served 200: moco's codec validates no header, so NULs, bare CRs and non-ASCII bytes in fields pass,
 * and an obs-fold is read as part of the value. And with no idle timeout, a client that never reads is never closed.
 */
final class MocoHostileClientDeviations {

    private static final DeviationTable TABLE = DeviationTable.parse("""
            aHostileRequestGetsItsAnswerWhileOthersAreServed: Content-Length in hex | BAD_INPUT_CLOSES | answers a
                bare 400 head (no Content-Length, body or Connection: close) and keeps the connection open, discarding
                what follows
            aHostileRequestGetsItsAnswerWhileOthersAreServed: Content-Length list | BAD_INPUT_CLOSES | answers a bare
                400 head (no Content-Length, body or Connection: close) and keeps the connection open, discarding what
                follows
            aHostileRequestGetsItsAnswerWhileOthersAreServed: Content-Length of 2^63 | BAD_INPUT_CLOSES | answers a
                bare 400 head (no Content-Length, body or Connection: close) and keeps the connection open, discarding
                what follows
            aHostileRequestGetsItsAnswerWhileOthersAreServed: Content-Length then Transfer-Encoding | BAD_INPUT_CLOSES
                | answers a bare 400 head (no Content-Length, body or Connection: close) and keeps the connection
                open, discarding what follows
            aHostileRequestGetsItsAnswerWhileOthersAreServed: Content-Length with a plus | BAD_INPUT_CLOSES | answers
                a bare 400 head (no Content-Length, body or Connection: close) and keeps the connection open,
                discarding what follows
            aHostileRequestGetsItsAnswerWhileOthersAreServed: Transfer-Encoding then Content-Length | BAD_INPUT_CLOSES
                | answers a bare 400 head (no Content-Length, body or Connection: close) and keeps the connection
                open, discarding what follows
            aHostileRequestGetsItsAnswerWhileOthersAreServed: bare LF then a fold | BAD_INPUT_CLOSES | answers a bare
                400 head (no Content-Length, body or Connection: close) and keeps the connection open, discarding what
                follows
            aHostileRequestGetsItsAnswerWhileOthersAreServed: bare LF then no colon | BAD_INPUT_CLOSES | answers a
                bare 400 head (no Content-Length, body or Connection: close) and keeps the connection open, discarding
                what follows
            aHostileRequestGetsItsAnswerWhileOthersAreServed: chunk size not hex | BAD_INPUT_CLOSES | answers a bare
                400 head (no Content-Length, body or Connection: close) and keeps the connection open, discarding what
                follows
            aHostileRequestGetsItsAnswerWhileOthersAreServed: chunk size of 2^63 | BAD_INPUT_CLOSES | answers a bare
                400 head (no Content-Length, body or Connection: close) and keeps the connection open, discarding what
                follows
            aHostileRequestGetsItsAnswerWhileOthersAreServed: chunk size that overflows a long | BAD_INPUT_CLOSES |
                answers a bare 400 head (no Content-Length, body or Connection: close) and keeps the connection open,
                discarding what follows
            aHostileRequestGetsItsAnswerWhileOthersAreServed: conflicting Content-Lengths | BAD_INPUT_CLOSES | answers
                a bare 400 head (no Content-Length, body or Connection: close) and keeps the connection open,
                discarding what follows
            aHostileRequestGetsItsAnswerWhileOthersAreServed: empty Content-Length | BAD_INPUT_CLOSES | answers a bare
                400 head (no Content-Length, body or Connection: close) and keeps the connection open, discarding what
                follows
            aHostileRequestGetsItsAnswerWhileOthersAreServed: empty method | BAD_INPUT_CLOSES | answers a bare 400
                head (no Content-Length, body or Connection: close) and keeps the connection open, discarding what
                follows
            aHostileRequestGetsItsAnswerWhileOthersAreServed: four parts | BAD_INPUT_CLOSES | answers a bare 400 head
                (no Content-Length, body or Connection: close) and keeps the connection open, discarding what follows
            aHostileRequestGetsItsAnswerWhileOthersAreServed: long version | BAD_INPUT_CLOSES | answers a bare 400
                head (no Content-Length, body or Connection: close) and keeps the connection open, discarding what
                follows
            aHostileRequestGetsItsAnswerWhileOthersAreServed: negative Content-Length | BAD_INPUT_CLOSES | answers a
                bare 400 head (no Content-Length, body or Connection: close) and keeps the connection open, discarding
                what follows
            aHostileRequestGetsItsAnswerWhileOthersAreServed: negative chunk size | BAD_INPUT_CLOSES | answers a bare
                400 head (no Content-Length, body or Connection: close) and keeps the connection open, discarding what
                follows
            aHostileRequestGetsItsAnswerWhileOthersAreServed: no target | BAD_INPUT_CLOSES | answers a bare 400 head
                (no Content-Length, body or Connection: close) and keeps the connection open, discarding what follows
            aHostileRequestGetsItsAnswerWhileOthersAreServed: only a method | BAD_INPUT_CLOSES | answers a bare 400
                head (no Content-Length, body or Connection: close) and keeps the connection open, discarding what
                follows
            aHostileRequestGetsItsAnswerWhileOthersAreServed: overflowing Content-Length | BAD_INPUT_CLOSES | answers
                a bare 400 head (no Content-Length, body or Connection: close) and keeps the connection open,
                discarding what follows
            aHostileRequestGetsItsAnswerWhileOthersAreServed: version without digits | BAD_INPUT_CLOSES | answers a
                bare 400 head (no Content-Length, body or Connection: close) and keeps the connection open, discarding
                what follows
            aHostileRequestGetsItsAnswerWhileOthersAreServed: NUL in a header name | FIELD_NAME | answers 200 as if
                the request were well formed: moco's codec validates no header (validateHeaders off)
            aHostileRequestGetsItsAnswerWhileOthersAreServed: Latin-1 byte in a field name | FIELD_NAME | answers 200
                as if the request were well formed: moco's codec validates no header (validateHeaders off)
            aHostileRequestGetsItsAnswerWhileOthersAreServed: UTF-8 in a field name | FIELD_NAME | answers 200 as if
                the request were well formed: moco's codec validates no header (validateHeaders off)
            aHostileRequestGetsItsAnswerWhileOthersAreServed: NUL in a header value | CR_LF_NUL_IN_A_FIELD_VALUE |
                answers 200 as if the request were well formed: moco's codec validates no header (validateHeaders off)
            aHostileRequestGetsItsAnswerWhileOthersAreServed: bare CR in a header value | BARE_CR | answers 200 as if
                the request were well formed: moco's codec validates no header (validateHeaders off)
            aHostileRequestGetsItsAnswerWhileOthersAreServed: bare CR ending a header | BARE_CR | answers 200 as if
                the request were well formed: moco's codec validates no header (validateHeaders off)
            aHostileRequestGetsItsAnswerWhileOthersAreServed: obs-fold with a space | OBS_FOLD | answers 200, the fold
                taken as part of the field value
            aHostileRequestGetsItsAnswerWhileOthersAreServed: obs-fold with a tab | OBS_FOLD | answers 200, the fold
                taken as part of the field value
            aHostileRequestGetsItsAnswerWhileOthersAreServed: obs-fold of the Host | OBS_FOLD | answers 200, the fold
                taken as part of the field value
            clientsThatSendAndNeverReadDoNotStopTheServer | PENDING_OUTPUT | serves a client on another connection
                meanwhile, but closes neither client that never reads: moco has no idle timeout, and keeps reading
                them
            """);

    private MocoHostileClientDeviations() {}

    /** The hostile-client kit's cases moco fails. */
    static List<Deviation> all() {
        return TABLE.all();
    }
}
