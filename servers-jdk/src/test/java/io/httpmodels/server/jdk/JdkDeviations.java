package io.httpmodels.server.jdk;

import io.httpmodels.server.Deviation;
import io.httpmodels.server.DeviationTable;

import java.util.List;

/**
 * Where the JDK's {@code com.sun.net.httpserver} (JDK 25, as shipped) answers the conformance kit differently, as
 * the kit observed it (2026-12-03): the project does not wrap the JDK's server in a fix, so each is a finding. Both
 * models share the JDK's parser and so the list; the kit still runs every case and requires it to fail. Three roots
 * explain most: the JDK parses leniently and answers what it understood; it refuses bad framing itself, with the
 * right status but its own {@code text/html} page; and its limits and timeouts are its own system properties,
 * read once per JVM, so {@code ServerConfig}'s do not reach it.
 */
final class JdkDeviations {

    private static final DeviationTable TABLE = DeviationTable.parse("""
            echoGetReturnsTheRequestLineAndHeaders | ECHO | hands the handler field names normalised (X-test,
                Content-length) and in a map, so /echo cannot return them as sent
            echoPostReturnsTheBody | ECHO | hands the handler field names normalised (X-test, Content-length) and in a
                map, so /echo cannot return them as sent
            chunkExtensionsFollowTheGrammar | CHUNK_EXTENSION | answers 200 as if the request were well formed
            chunkedMustBeTheFinalTransferCoding | CHUNKED_NOT_FINAL | answers 501 rather than 400
            expectContinueWithABodyOverTheLimitGets413InsteadOf100 | EXPECT_FINAL_STATUS_FIRST | sends 100 (Continue)
                itself before the handler runs, so the body is invited whatever its size
            anHttp10ExpectationIsIgnored | EXPECT_IN_HTTP10 | sends 100 (Continue) to an HTTP/1.0 request
            connectIsNotImplemented | METHOD_NOT_IMPLEMENTED | closes the connection without an answer
            connectionCloseIsHonoured | CLOSE_IN_THE_ANSWER | answers without a Connection: close field
            aBareLineFeedEndingALineIs400 | BARE_LF | answers 200 as if the request were well formed (RFC 9112 allows
                it; the kit, like the other models, refuses a bare LF)
            theRequestLineIsSeparatedBySingleSpaces | INVALID_REQUEST_LINE | answers 404 ("No context found for
                request"): the target matches no context
            theVersionNameIsCaseSensitive | HTTP_NAME | answers 200 as if the request were well formed with http/1.1
            theTargetIsVisibleAscii | ORIGIN_FORM | routes a target with raw non-ASCII bytes (404)
            aTargetInNoFormIs400 | REQUEST_TARGET | answers 404 ("No context found for request"): the target matches no
                context
            asteriskFormIsForOptionsOnly | ASTERISK_FORM | answers 404 ("No context found for request"): the target
                matches no context
            optionsAsteriskAnswers200WithTheServersMethods | OPTIONS_ASTERISK | answers 404 ("No context found for
                request"): the target matches no context for OPTIONS *
            hostIsExactlyOneHostAndPort | HOST | answers 200 as if the request were well formed with Host:
                user@localhost
            aSecondClientIsServedWhileAFirstSendsGarbage | INVALID_REQUEST_LINE | answers nothing to 2 kB of noise with
                no line end (it waits for the line)
            aSilentConnectionIsClosedAtTheIdleTimeout | IDLE_TIMEOUT_CONTRACT | keeps a silent connection past the
                configured idle timeout: its own is sun.net.httpserver.idleInterval (30 s), read once per JVM
            badInputGetsItsStatusAndTheConnectionCloses: garbage request line | ERROR_ANSWER | refuses it itself with
                the right status and closes, but with its own text/html page
            badInputGetsItsStatusAndTheConnectionCloses: request line without version | ERROR_ANSWER | refuses it itself
                with the right status and closes, but with its own text/html page
            badInputGetsItsStatusAndTheConnectionCloses: header without colon | ERROR_ANSWER | refuses it itself with
                the right status and closes, but with its own text/html page
            badInputGetsItsStatusAndTheConnectionCloses: space before colon | ERROR_ANSWER | refuses it itself with the
                right status and closes, but with its own text/html page
            badInputGetsItsStatusAndTheConnectionCloses: Content-Length not a number | ERROR_ANSWER | refuses it itself
                with the right status and closes, but with its own text/html page
            badInputGetsItsStatusAndTheConnectionCloses: negative Content-Length | ERROR_ANSWER | refuses it itself with
                the right status and closes, but with its own text/html page
            badInputGetsItsStatusAndTheConnectionCloses: Content-Length list | ERROR_ANSWER | refuses it itself with the
                right status and closes, but with its own text/html page
            badInputGetsItsStatusAndTheConnectionCloses: Content-Length and Transfer-Encoding (smuggling) | ERROR_ANSWER | refuses
                it itself with the right status and closes, but with its own text/html page
            badInputGetsItsStatusAndTheConnectionCloses: unsupported Transfer-Encoding before chunked (RFC 9112 §6.1) | ERROR_ANSWER | refuses
                it itself with the right status and closes, but with its own text/html page
            badInputGetsItsStatusAndTheConnectionCloses: malformed version | HTTP_VERSION | answers 200 as if the
                request were well formed
            badInputGetsItsStatusAndTheConnectionCloses: unsupported version | VERSION_NOT_SUPPORTED | answers 200 as if
                the request were well formed to HTTP/2.0
            badInputGetsItsStatusAndTheConnectionCloses: HTTP/1.1 without Host | HOST | answers 200 as if the request
                were well formed
            badInputGetsItsStatusAndTheConnectionCloses: obsolete line folding | OBS_FOLD | answers 200 as if the
                request were well formed
            badInputGetsItsStatusAndTheConnectionCloses: request line over the limit | URI_TOO_LONG | routes it (404):
                the ServerConfig limit does not reach it
            badInputGetsItsStatusAndTheConnectionCloses: header fields over the limit | HEADER_FIELDS_TOO_LARGE | answers
                200 as if the request were well formed: its own limit is sun.net.httpserver.maxReqHeaderSize, read once
                per JVM
            badInputGetsItsStatusAndTheConnectionCloses: Content-Length over the limit | CLOSE_RECEIVED | the handler's
                413 with Connection: close is sent, but the JDK keeps the connection to drain the unread body first, so
                it stays open while the client sends nothing
            badInputGetsItsStatusAndTheConnectionCloses: chunk over the limit | CONTENT_TOO_LARGE | hands the handler a
                stream without the chunk's size, so the handler waits for the chunk's bytes
            """);

    private JdkDeviations() {}

    /** Every case the JDK's server answers differently, with what it does and the rule it breaks. */
    static List<Deviation> all() {
        return TABLE.all();
    }
}
