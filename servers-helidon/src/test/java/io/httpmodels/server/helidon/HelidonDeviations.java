package io.httpmodels.server.helidon;

import io.httpmodels.server.Deviation;
import io.httpmodels.server.DeviationTable;

import java.util.List;

/**
 * Where Helidon 4.5.0's webserver answers the conformance kit differently, as the kit observed it
 * ({@code HelidonConformanceTest}, 2026-12-04, JDK 25): the project does not patch Helidon, so each is a finding. The
 * kit still runs every case and requires it to fail. Framing is strict (Content-Length with Transfer-Encoding is
 * refused with 400 and a close); the roots of the rest: Helidon refuses bad input itself with the right status but no
 * Content-Type; it closes without an answer what it cannot read as an HTTP/1.1 request line (HTTP/1.0 included); it
 * does not parse chunk extensions (500); its {@code Date} has a one-digit day; and its idle timer and a thread it
 * leaves after {@code stop()}.
 */
final class HelidonDeviations {

    private static final DeviationTable TABLE = DeviationTable.parse("""
            plaintextAnswersHelloWorldWithEveryRequiredHeader | IMF_FIXDATE | writes its own Date with a one-digit day
                (Fri, 4 Dec 2026 13:10:50 GMT), not an IMF-fixdate
            jsonAnswersTheSerialisedMessage | IMF_FIXDATE | writes its own Date with a one-digit day (Fri, 4 Dec 2026
                13:10:50 GMT), not an IMF-fixdate
            chunkExtensionsFollowTheGrammar | CHUNK_EXTENSION | answers 500 to a chunk extension with no name (5;): it
                parses the whole chunk-size line as hex
            echoPostDecodesAChunkedBody | UNRECOGNIZED_CHUNK_EXTENSION | answers 500 to a chunk with an extension
                (8;ext=1): it does not parse chunk extensions at all
            connectionCloseIsHonoured | CLOSE_RECEIVED | answers with Connection: close but does not close the
                connection within the kit's read
            http10ClosesUnlessAskedToKeepAlive | RESPONSE_VERSION | closes the connection without an answer to an
                HTTP/1.0 request: Helidon 4 serves HTTP/1.1 only
            anHttp10ExpectationIsIgnored | RESPONSE_VERSION | closes the connection without an answer to an HTTP/1.0
                request: Helidon 4 serves HTTP/1.1 only
            aBareLineFeedEndingALineIs400 | BARE_LF | closes the connection without an answer
            theVersionNameIsCaseSensitive | HTTP_VERSION | closes the connection without an answer to http/1.1
            aSecondClientIsServedWhileAFirstSendsGarbage | INVALID_REQUEST_LINE | closes the connection without an
                answer to 2 kB of noise with no line end (no 400)
            theRequestLineIsSeparatedBySingleSpaces | INVALID_REQUEST_LINE | answers 500 to two spaces between method
                and target
            theTargetIsVisibleAscii | ORIGIN_FORM | routes a target with raw non-ASCII bytes (the handler's 404)
            aSilentConnectionIsClosedAtTheIdleTimeout | IDLE_TIMEOUT_CONTRACT | keeps a silent connection open past the
                configured 300 ms idle timeout within the kit's read: its idle clock ticks once a second and its timer
                looks every idleConnectionPeriod
            closeEndsEveryConnectionAndThreadAndFreesThePort | RUNNING_SERVER_CLOSE | leaves its
                helidon-idle-connection-timer thread (a java.util.Timer made per server, with a periodic task, never
                cancelled by stop()) running after close()
            badInputGetsItsStatusAndTheConnectionCloses: HTTP/1.1 without Host | ERROR_ANSWER | refuses it itself with
                the right status and Connection: close, but with no Content-Type
            badInputGetsItsStatusAndTheConnectionCloses: header without colon | ERROR_ANSWER | refuses it itself with
                the right status and Connection: close, but with no Content-Type
            badInputGetsItsStatusAndTheConnectionCloses: space before colon | ERROR_ANSWER | refuses it itself with the
                right status and Connection: close, but with no Content-Type
            badInputGetsItsStatusAndTheConnectionCloses: obsolete line folding | ERROR_ANSWER | refuses it itself with
                the right status and Connection: close, but with no Content-Type
            badInputGetsItsStatusAndTheConnectionCloses: request line over the limit | ERROR_ANSWER | refuses it itself
                with the right status and Connection: close, but with no Content-Type
            badInputGetsItsStatusAndTheConnectionCloses: Content-Length over the limit | ERROR_ANSWER | refuses it
                itself with the right status and Connection: close, but with no Content-Type
            badInputGetsItsStatusAndTheConnectionCloses: Content-Length not a number | ERROR_ANSWER | refuses it itself
                with the right status and Connection: close, but with no Content-Type
            badInputGetsItsStatusAndTheConnectionCloses: negative Content-Length | ERROR_ANSWER | refuses it itself with
                the right status and Connection: close, but with no Content-Type
            badInputGetsItsStatusAndTheConnectionCloses: Content-Length list | ERROR_ANSWER | refuses it itself with the
                right status and Connection: close, but with no Content-Type
            badInputGetsItsStatusAndTheConnectionCloses: Content-Length and Transfer-Encoding (smuggling) | ERROR_ANSWER | refuses
                it itself with the right status and Connection: close, but with no Content-Type
            badInputGetsItsStatusAndTheConnectionCloses: unsupported Transfer-Encoding before chunked (RFC 9112 §6.1) | ERROR_ANSWER | refuses
                it itself with the right status and Connection: close, but with no Content-Type
            badInputGetsItsStatusAndTheConnectionCloses: garbage request line | INVALID_REQUEST_LINE | closes the
                connection without an answer
            badInputGetsItsStatusAndTheConnectionCloses: request line without version | INVALID_REQUEST_LINE | closes
                the connection without an answer
            badInputGetsItsStatusAndTheConnectionCloses: malformed version | INVALID_REQUEST_LINE | closes the
                connection without an answer
            badInputGetsItsStatusAndTheConnectionCloses: unsupported version | VERSION_NOT_SUPPORTED | closes the
                connection without an answer to HTTP/2.0
            badInputGetsItsStatusAndTheConnectionCloses: header fields over the limit | HEADER_FIELDS_TOO_LARGE | answers
                400, not 431
            badInputGetsItsStatusAndTheConnectionCloses: chunk over the limit | CONTENT_TOO_LARGE | sends no answer
                within the kit's read to a chunk size over maxPayloadSize
            """);

    private HelidonDeviations() {}

    /** Every case Helidon answers differently, with what it does and the rule it breaks. */
    static List<Deviation> all() {
        return TABLE.all();
    }
}
