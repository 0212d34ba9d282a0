package io.httpmodels.server.moco;

import io.httpmodels.server.Deviation;
import io.httpmodels.server.DeviationTable;

import java.util.List;

/**
 * Where moco 1.5.0's HTTP server (Netty 4.2.18's codec underneath, as the project runs it) answers the conformance
 * kit differently, as the kit observed it (2026-12-06): 29 of its 52 cases, and the close case left out
 * ({@link MocoCloseCase}). The project does not wrap moco in a fix, so each is a finding, which the kit still runs
 * and requires to fail. A case marked {@code silent}, where moco neither answers nor closes, is waited out for
 * {@link io.httpmodels.server.RawHttpConnection#SILENCE_MILLIS} rather than the kit's full read timeout. The roots:
 *
 * <ul>
 *   <li>a head Netty's decoder refuses gets moco's bare answer: {@code MocoHandler} writes the decoder's failure as
 *       {@code HTTP/1.1 400 Bad Request} and nothing else (no {@code Content-Length}, so a client cannot tell where the
 *       answer ends; no body, no {@code Connection: close}), and never closes the connection, whose decoder discards
 *       every byte after;
 *   <li>moco builds its codec with header validation off ({@code HttpServerCodec(..., false)}) and parses leniently:
 *       a missing or odd {@code Host}, an obs-fold, a space before the colon, two spaces in the request line or
 *       {@code http/1.1} are served;
 *   <li>its limits are its own (request line 4,096, header fields 8,192, body 1 MiB), not the config's, and it has no
 *       timeout of any kind; Netty's aggregator, not the handler, answers {@code Expect: 100-continue}, against
 *       moco's limit;
 *   <li>a request its request model cannot hold (a version outside 0.9, 1.0 and 1.1) throws in moco's handler, which
 *       prints the stack trace and answers nothing;
 *   <li>its keep-alive handling closes after a {@code Connection: close} request without saying so;
 *   <li>what the handler sees is moco's request model, not the request, so {@code /echo} cannot return the fields as
 *       received.
 * </ul>
 */
final class MocoDeviations {

    private static final DeviationTable TABLE = DeviationTable.parse("""
            badInputGetsItsStatusAndTheConnectionCloses: garbage request line | BAD_INPUT_CLOSES | answers a bare 400
                head (no Content-Length, body or Connection: close) and keeps the connection open, discarding what
                follows
            badInputGetsItsStatusAndTheConnectionCloses: request line without version | BAD_INPUT_CLOSES | answers a
                bare 400 head (no Content-Length, body or Connection: close) and keeps the connection open, discarding
                what follows
            badInputGetsItsStatusAndTheConnectionCloses: malformed version | BAD_INPUT_CLOSES | answers a bare 400 head
                (no Content-Length, body or Connection: close) and keeps the connection open, discarding what follows
            badInputGetsItsStatusAndTheConnectionCloses: header without colon | BAD_INPUT_CLOSES | answers a bare 400
                head (no Content-Length, body or Connection: close) and keeps the connection open, discarding what
                follows
            badInputGetsItsStatusAndTheConnectionCloses: Content-Length not a number | BAD_INPUT_CLOSES | answers a bare
                400 head (no Content-Length, body or Connection: close) and keeps the connection open, discarding what
                follows
            badInputGetsItsStatusAndTheConnectionCloses: negative Content-Length | BAD_INPUT_CLOSES | answers a bare 400
                head (no Content-Length, body or Connection: close) and keeps the connection open, discarding what
                follows
            badInputGetsItsStatusAndTheConnectionCloses: Content-Length list | BAD_INPUT_CLOSES | answers a bare 400
                head (no Content-Length, body or Connection: close) and keeps the connection open, discarding what
                follows
            badInputGetsItsStatusAndTheConnectionCloses: Content-Length and Transfer-Encoding (smuggling) | BAD_INPUT_CLOSES |
                answers a bare 400 head (no Content-Length, body or Connection: close) and keeps the connection open,
                discarding what follows (so nothing smuggled after it is served)
            badInputGetsItsStatusAndTheConnectionCloses: request line over the limit | URI_TOO_LONG | answers a bare 400
                head, not 414, and keeps the connection open: moco's own request-line limit (4,096 bytes) refuses it
                as Netty's decoder failure
            badInputGetsItsStatusAndTheConnectionCloses: header fields over the limit | HEADER_FIELDS_TOO_LARGE |
                answers 200: moco's header limit is its own 8,192 bytes, not the config's
            badInputGetsItsStatusAndTheConnectionCloses: Content-Length over the limit | CONTENT_TOO_LARGE, silent |
                neither answers nor closes: moco's body limit is its own 1 MiB, so it waits for the body
            badInputGetsItsStatusAndTheConnectionCloses: chunk over the limit | CONTENT_TOO_LARGE, silent | neither
                answers nor closes: moco's body limit is its own 1 MiB, so it waits for the chunk's data
            badInputGetsItsStatusAndTheConnectionCloses: unsupported Transfer-Encoding before chunked (RFC 9112 §6.1) | UNKNOWN_TRANSFER_CODING, silent |
                neither answers nor closes: it waits for a body
            badInputGetsItsStatusAndTheConnectionCloses: unsupported version | VERSION_NOT_SUPPORTED, silent | neither
                answers nor closes: Netty's decoder takes HTTP/2.0, moco's request model (HTTP/0.9, 1.0, 1.1) throws, and moco
                prints the stack trace and drops the request
            badInputGetsItsStatusAndTheConnectionCloses: HTTP/1.1 without Host | HOST | answers 200 as if the request
                were well formed
            badInputGetsItsStatusAndTheConnectionCloses: space before colon | WHITESPACE_BEFORE_COLON | answers 200
                as if the request were well formed
            badInputGetsItsStatusAndTheConnectionCloses: obsolete line folding | OBS_FOLD | answers 200 as if the
                request were well formed
            aBareLineFeedEndingALineIs400 | BAD_INPUT_CLOSES | answers a bare 400 head (no Content-Length, body or
                Connection: close) and keeps the connection open, discarding what follows (RFC 9112 allows a bare LF;
                the kit, like the other models, refuses it)
            aSecondClientIsServedWhileAFirstSendsGarbage | BAD_INPUT_CLOSES | answers the garbage with a bare 400 head
                (no Content-Length, body or Connection: close) and keeps that connection open; the second client is
                served
            chunkedMustBeTheFinalTransferCoding | CHUNKED_NOT_FINAL | answers a bare 400 head (no Content-Length, body
                or Connection: close) and keeps the connection open, discarding what follows
            chunkExtensionsFollowTheGrammar | CHUNK_EXTENSION | answers 200 as if the request were well formed (a chunk
                extension without a name)
            theRequestLineIsSeparatedBySingleSpaces | INVALID_REQUEST_LINE | answers 200 as if the request were well
                formed (two spaces after the method)
            theVersionNameIsCaseSensitive | HTTP_NAME | answers 200 as if the request were well formed with http/1.1
            theTargetIsVisibleAscii | ORIGIN_FORM | routes a target with a space in it (the shared 404)
            hostIsExactlyOneHostAndPort | HOST | answers 200 as if the request were well formed (Host: user@localhost)
            expectContinueWithABodyOverTheLimitGets413InsteadOf100 | EXPECT_FINAL_STATUS_FIRST | sends 100 (Continue)
                itself (Netty's aggregator, up to moco's own 1 MiB limit), so a body over the config's limit is invited
            connectionCloseIsHonoured | CLOSE_IN_THE_ANSWER | closes the connection after the answer, but answers
                without a Connection: close field
            echoGetReturnsTheRequestLineAndHeaders | ECHO | echoes moco's request model, not the request: the
                content-length: 0 field Netty's aggregator adds, and the fields in a hash map's order
            aSilentConnectionIsClosedAtTheIdleTimeout | IDLE_TIMEOUT_CONTRACT, silent | keeps a connection that sends nothing
                open for good: moco has no idle timeout
            """);

    private MocoDeviations() {}

    /** Every conformance case moco answers differently, with what it does and the rule it breaks. */
    static List<Deviation> all() {
        return TABLE.all();
    }
}
