package io.httpmodels.server.vertx;

import io.httpmodels.server.Deviation;
import io.httpmodels.server.DeviationTable;

import java.util.List;

/**
 * Where Vert.x core 5.0.7's HTTP/1.1 server (Netty 4.2's decoder underneath) answers the conformance kit differently,
 * as the kit observed it (2026-12-04): 23 of its 52 cases. The project does not wrap Vert.x in a fix, so each is a
 * finding, which the kit still runs and requires to fail. Three roots: Vert.x refuses what Netty's decoder cannot
 * parse with the right status but without a {@code Connection: close} field (the Content-Length and
 * Transfer-Encoding smuggling case among them); it parses some malformed heads leniently and serves them; and it has
 * no check of a chunk's declared size or of a transfer coding before {@code chunked}, so it waits for the body.
 */
final class VertxDeviations {

    private static final DeviationTable TABLE = DeviationTable.parse("""
            badInputGetsItsStatusAndTheConnectionCloses: garbage request line | CLOSE_IN_THE_ANSWER | answers the right
                status itself (Netty's decoder refuses the head), but without a Connection: close field
            badInputGetsItsStatusAndTheConnectionCloses: request line without version | CLOSE_IN_THE_ANSWER | answers
                the right status itself (Netty's decoder refuses the head), but without a Connection: close field
            badInputGetsItsStatusAndTheConnectionCloses: header without colon | CLOSE_IN_THE_ANSWER | answers the right
                status itself (Netty's decoder refuses the head), but without a Connection: close field
            badInputGetsItsStatusAndTheConnectionCloses: space before colon | CLOSE_IN_THE_ANSWER | answers the right
                status itself (Netty's decoder refuses the head), but without a Connection: close field
            badInputGetsItsStatusAndTheConnectionCloses: request line over the limit | CLOSE_IN_THE_ANSWER | answers the
                right status itself (Netty's decoder refuses the head), but without a Connection: close field
            badInputGetsItsStatusAndTheConnectionCloses: header fields over the limit | CLOSE_IN_THE_ANSWER | answers
                the right status itself (Netty's decoder refuses the head), but without a Connection: close field
            badInputGetsItsStatusAndTheConnectionCloses: Content-Length not a number | CLOSE_IN_THE_ANSWER | answers the
                right status itself (Netty's decoder refuses the head), but without a Connection: close field
            badInputGetsItsStatusAndTheConnectionCloses: negative Content-Length | CLOSE_IN_THE_ANSWER | answers the
                right status itself (Netty's decoder refuses the head), but without a Connection: close field
            badInputGetsItsStatusAndTheConnectionCloses: Content-Length list | CLOSE_IN_THE_ANSWER | answers the right
                status itself (Netty's decoder refuses the head), but without a Connection: close field
            badInputGetsItsStatusAndTheConnectionCloses: Content-Length and Transfer-Encoding (smuggling) | CLOSE_IN_THE_ANSWER | answers
                the right status itself (Netty's decoder refuses the head), but without a Connection: close field
            aBareLineFeedEndingALineIs400 | CLOSE_IN_THE_ANSWER | answers the right status itself (Netty's decoder
                refuses the head), but without a Connection: close field (RFC 9112 allows a bare LF; the kit, like the
                other models, refuses it)
            chunkedMustBeTheFinalTransferCoding | CHUNKED_NOT_FINAL | answers 400 without a Connection: close field
            badInputGetsItsStatusAndTheConnectionCloses: malformed version | HTTP_VERSION | answers 501 with the
                request's own version in the status line (HTTX/1.1 501 Not Implemented)
            badInputGetsItsStatusAndTheConnectionCloses: unsupported version | VERSION_NOT_SUPPORTED | answers 501 with
                the request's own version in the status line (HTTP/2.0 501 Not Implemented), not 505
            badInputGetsItsStatusAndTheConnectionCloses: HTTP/1.1 without Host | HOST | answers 200 as if the request
                were well formed
            badInputGetsItsStatusAndTheConnectionCloses: obsolete line folding | OBS_FOLD | answers 200 as if the
                request were well formed
            badInputGetsItsStatusAndTheConnectionCloses: chunk over the limit | CONTENT_TOO_LARGE | neither answers nor
                closes within the kit's 5 s: a chunk's declared size is not checked, so Vert.x waits for the chunk's
                data, which the handler's body limit would refuse only as it arrives
            badInputGetsItsStatusAndTheConnectionCloses: unsupported Transfer-Encoding before chunked (RFC 9112 §6.1) | UNKNOWN_TRANSFER_CODING | neither
                answers nor closes within the kit's 5 s: it waits for a body
            chunkExtensionsFollowTheGrammar | CHUNK_EXTENSION | answers 200 as if the request were well formed (a chunk
                extension without its '=' value)
            theRequestLineIsSeparatedBySingleSpaces | INVALID_REQUEST_LINE | answers 200 as if the request were well
                formed (two spaces after the method)
            hostIsExactlyOneHostAndPort | HOST | answers 200 as if the request were well formed (Host: user@localhost)
            theTargetIsVisibleAscii | INVALID_REQUEST_LINE | hands the handler a target with a NUL in it (the handler
                answers 404, no route)
            theVersionNameIsCaseSensitive | HTTP_VERSION | answers 501 to http/1.1, not 400
            """);

    private VertxDeviations() {}

    /** Every conformance case Vert.x answers differently, with what it does and the rule it breaks. */
    static List<Deviation> all() {
        return TABLE.all();
    }
}
