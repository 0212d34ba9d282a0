package io.httpmodels.server.tio;

import io.httpmodels.server.Deviation;
import io.httpmodels.server.DeviationTable;

import java.util.List;

/**
 * Where t-io 3.8.6's HTTP server fails the hostile-client kit, as the kit observed it ({@code TioHostileClientTest},
 * 2026-12-03, JDK 25): 37 of the 41 cases. The roots are the conformance kit's ({@link TioDeviations}): t-io parses
 * leniently and answers 200 to what it understood (obs-folds, NUL, bare CR, non-token bytes in names, chunk sizes it
 * never reads); it closes without an answer on a Content-Length it cannot use; it answers nothing, and keeps the
 * connection, to a request line it cannot parse; it closes a POST of 6 bytes or more sent in pieces, or pipelined
 * large, without an answer; and it has no write deadline of the configured idle timeout.
 */
final class TioHostileClientDeviations {

    private static final DeviationTable TABLE = DeviationTable.parse("""
            aHostileRequestGetsItsAnswerWhileOthersAreServed: empty method | INVALID_REQUEST_LINE | neither answers nor
                closes within the kit's 5 s read (it keeps the connection)
            aHostileRequestGetsItsAnswerWhileOthersAreServed: no target | INVALID_REQUEST_LINE | neither answers nor
                closes within the kit's 5 s read (it keeps the connection)
            aHostileRequestGetsItsAnswerWhileOthersAreServed: only a method | INVALID_REQUEST_LINE | neither answers nor
                closes within the kit's 5 s read (it keeps the connection)
            aHostileRequestGetsItsAnswerWhileOthersAreServed: binary noise | INVALID_REQUEST_LINE | neither answers nor
                closes within the kit's 5 s read (it keeps the connection)
            aHostileRequestGetsItsAnswerWhileOthersAreServed: TLS ClientHello | INVALID_REQUEST_LINE | neither answers
                nor closes within the kit's 5 s read (it keeps the connection)
            aHostileRequestGetsItsAnswerWhileOthersAreServed: four parts | INVALID_REQUEST_LINE | answers 200 as if the
                request were well formed
            aHostileRequestGetsItsAnswerWhileOthersAreServed: version without digits | HTTP_VERSION | answers 200 as if
                the request were well formed
            aHostileRequestGetsItsAnswerWhileOthersAreServed: long version | HTTP_VERSION | answers 200 as if the
                request were well formed
            aHostileRequestGetsItsAnswerWhileOthersAreServed: obs-fold with a space | OBS_FOLD | answers 200 as if the
                request were well formed
            aHostileRequestGetsItsAnswerWhileOthersAreServed: obs-fold with a tab | OBS_FOLD | answers 200 as if the
                request were well formed
            aHostileRequestGetsItsAnswerWhileOthersAreServed: bare LF then a fold | OBS_FOLD | answers 200 as if the
                request were well formed
            aHostileRequestGetsItsAnswerWhileOthersAreServed: obs-fold of the Host | HOST | answers 200 as if the
                request were well formed
            aHostileRequestGetsItsAnswerWhileOthersAreServed: NUL in a header value | CR_LF_NUL_IN_A_FIELD_VALUE | answers
                200 as if the request were well formed
            aHostileRequestGetsItsAnswerWhileOthersAreServed: NUL in a header name | FIELD_NAME | answers 200 as if the
                request were well formed
            aHostileRequestGetsItsAnswerWhileOthersAreServed: UTF-8 in a field name | FIELD_NAME | answers 200 as if the
                request were well formed
            aHostileRequestGetsItsAnswerWhileOthersAreServed: Latin-1 byte in a field name | FIELD_NAME | answers 200 as
                if the request were well formed
            aHostileRequestGetsItsAnswerWhileOthersAreServed: bare CR in a header value | BARE_CR | answers 200 as if
                the request were well formed
            aHostileRequestGetsItsAnswerWhileOthersAreServed: bare CR ending a header | BARE_CR | answers 200 as if the
                request were well formed
            aHostileRequestGetsItsAnswerWhileOthersAreServed: bare LF then no colon | FIELD_LINE | answers 200 as if the
                request were well formed
            aHostileRequestGetsItsAnswerWhileOthersAreServed: negative Content-Length | CONTENT_LENGTH_GRAMMAR | answers
                200 as if the request were well formed
            aHostileRequestGetsItsAnswerWhileOthersAreServed: empty Content-Length | CONTENT_LENGTH_GRAMMAR | answers
                200 as if the request were well formed
            aHostileRequestGetsItsAnswerWhileOthersAreServed: Content-Length with a plus | INVALID_CONTENT_LENGTH | closes
                the connection without an answer (no 400)
            aHostileRequestGetsItsAnswerWhileOthersAreServed: overflowing Content-Length | INVALID_CONTENT_LENGTH | closes
                the connection without an answer (no 400)
            aHostileRequestGetsItsAnswerWhileOthersAreServed: Content-Length of 2^63 | INVALID_CONTENT_LENGTH | closes
                the connection without an answer (no 400)
            aHostileRequestGetsItsAnswerWhileOthersAreServed: conflicting Content-Lengths | INVALID_CONTENT_LENGTH | closes
                the connection without an answer (no 400)
            aHostileRequestGetsItsAnswerWhileOthersAreServed: Content-Length list | INVALID_CONTENT_LENGTH | closes the
                connection without an answer (no 400)
            aHostileRequestGetsItsAnswerWhileOthersAreServed: Content-Length in hex | INVALID_CONTENT_LENGTH | closes
                the connection without an answer (no 400)
            aHostileRequestGetsItsAnswerWhileOthersAreServed: Content-Length then Transfer-Encoding | CONTENT_LENGTH_WITH_TRANSFER_ENCODING | closes
                the connection without an answer (no 400)
            aHostileRequestGetsItsAnswerWhileOthersAreServed: Transfer-Encoding then Content-Length | CONTENT_LENGTH_WITH_TRANSFER_ENCODING | closes
                the connection without an answer (no 400)
            aHostileRequestGetsItsAnswerWhileOthersAreServed: chunk size that overflows a long | CHUNK_SIZE_OVERFLOW | answers
                200 as if the request were well formed (t-io does not read the chunks)
            aHostileRequestGetsItsAnswerWhileOthersAreServed: chunk size of 2^63 | CHUNK_SIZE_OVERFLOW | answers 200 as
                if the request were well formed (t-io does not read the chunks)
            aHostileRequestGetsItsAnswerWhileOthersAreServed: negative chunk size | CHUNK | answers 200 as if the
                request were well formed (t-io does not read the chunks)
            aHostileRequestGetsItsAnswerWhileOthersAreServed: chunk size not hex | CHUNK | answers 200 as if the request
                were well formed (t-io does not read the chunks)
            aHostileRequestGetsItsAnswerWhileOthersAreServed: chunk longer than its size | CHUNK | answers 200 as if the
                request were well formed (t-io does not read the chunks)
            requestsSplitAtEveryByteAreAnswered | PERSISTENT_CONNECTIONS | closes the connection without an answer to
                three requests sent a byte at a time ("connection closed before a status line")
            aResetInTheMiddleOfAResponseLeavesTheServerServing | CONTENT_LENGTH_DEFINES_THE_BODY | closes the connection
                without an answer to 40 pipelined 32 KB POSTs to /echo (0 of the kit's 100 bytes read), so there is no
                response to reset
            clientsThatSendAndNeverReadDoNotStopTheServer | PENDING_OUTPUT | serves a client on another connection
                meanwhile, but does not close the clients that never read once they have been silent for the idle
                timeout
            """);

    private TioHostileClientDeviations() {}

    /** The hostile-client kit's cases t-io fails. */
    static List<Deviation> all() {
        return TABLE.all();
    }
}
