package io.httpmodels.server.tio;

import io.httpmodels.server.Deviation;
import io.httpmodels.server.DeviationTable;

import java.util.List;

/**
 * Where t-io 3.8.6's HTTP server answers the conformance kit differently, as observed by the kit
 * ({@code TioConformanceTest}, 2026-12-03, JDK 25): the project does not patch t-io, so each is a finding. The kit
 * still runs every case and requires it to fail: a t-io upgrade that fixes one shows as a failing test here, and
 * the entry goes. Four roots explain most of them: t-io parses leniently and answers what it understood; it answers
 * nothing (or closes silently) to most input it cannot parse; it writes its own {@code server: t-io} field beside
 * the handler's; and it does not decode chunked bodies. The list is also docs/model-notes/tio.md's table.
 */
final class TioDeviations {

    private static final DeviationTable TABLE = DeviationTable.parse("""
            plaintextAnswersHelloWorldWithEveryRequiredHeader | ONE_FIELD_LINE_PER_NAME | writes its own server: t-io
                field beside the handler's Server: httpmodels-tio, and the handler cannot remove it
            jsonAnswersTheSerialisedMessage | ONE_FIELD_LINE_PER_NAME | writes its own server: t-io field beside the
                handler's Server: httpmodels-tio, and the handler cannot remove it
            unknownPathIs404AndTheConnectionStaysOpen | ONE_FIELD_LINE_PER_NAME | writes its own server: t-io field
                beside the handler's Server: httpmodels-tio, and the handler cannot remove it
            headAnswersGetsHeadersWithoutABody | HEAD_HAS_NO_CONTENT | sends the GET body in answer to HEAD
            echoGetReturnsTheRequestLineAndHeaders | ECHO | hands the handler header names lower-cased and out of order,
                so /echo cannot return them as sent
            echoPostReturnsTheBody | CONTENT_LENGTH_DEFINES_THE_BODY | closes the connection without an answer to a 3 kB
                form POST on the kit's raw connection (asked by curl, it gzips the answer unasked)
            echoPostDecodesAChunkedBody | CHUNKED_DECODED | does not decode a chunked body: the handler sees none
            chunkExtensionsFollowTheGrammar | CHUNK_EXTENSION | answers 200 as if the request were well formed (it does
                not read the chunks at all)
            chunkedMustBeTheFinalTransferCoding | CHUNKED_NOT_FINAL | answers 200 as if the request were well formed
            expectContinueGetsAnInterimResponseBeforeTheBodyIsSent | EXPECT_CONTINUE_OMITTED | sends no 100 (Continue)
                and waits for the body
            expectContinueWithABodyOverTheLimitGets413InsteadOf100 | CONTENT_TOO_LARGE | answers nothing and leaves the
                connection open (the kit's read timed out)
            anHttp10ExpectationIsIgnored | HTTP10_KEEP_ALIVE | closes the connection without an answer to the kit's
                HTTP/1.0 requests
            http10ClosesUnlessAskedToKeepAlive | HTTP10_KEEP_ALIVE | closes the connection without an answer to the
                kit's HTTP/1.0 requests
            connectionCloseIsHonoured | CLOSE_IN_THE_ANSWER | answers without a Connection: close field
            connectIsNotImplemented | METHOD_NOT_IMPLEMENTED | answers nothing and leaves the connection open (the kit's
                read timed out)
            aBareLineFeedEndingALineIs400 | BARE_LF | answers 200 as if the request were well formed (RFC 9112 allows
                it; the kit, like the other models, refuses a bare LF)
            theRequestLineIsSeparatedBySingleSpaces | INVALID_REQUEST_LINE | answers a request line with two spaces or a
                tab without refusing and closing it
            theVersionNameIsCaseSensitive | HTTP_NAME | answers 200 as if the request were well formed with http/1.1
            theTargetIsVisibleAscii | ORIGIN_FORM | routes a target with a NUL in it (404)
            hostIsExactlyOneHostAndPort | HOST | answers 200 as if the request were well formed with Host:
                user@localhost
            aSecondClientIsServedWhileAFirstSendsGarbage | INVALID_REQUEST_LINE | never answers the garbage connection
                with a 400 (the bystander is served)
            aSilentConnectionIsClosedAtTheIdleTimeout | IDLE_TIMEOUT_CONTRACT | keeps a connection that sends nothing
                open past the configured idle timeout (t-io's heartbeat timeout is its own)
            closeEndsEveryConnectionAndThreadAndFreesThePort | CLOSE_CONTRACT | leaves its heartbeat timer thread
                (tio-timer-checkheartbeat) running after stop
            theJdkHttpClientGetsTheRightAnswers | PERSISTENT_CONNECTIONS | closes a JDK HttpClient connection with no
                answer ("header parser received no bytes")
            badInputGetsItsStatusAndTheConnectionCloses: garbage request line | INVALID_REQUEST_LINE | answers nothing
                and leaves the connection open (the kit's read timed out)
            badInputGetsItsStatusAndTheConnectionCloses: request line without version | INVALID_REQUEST_LINE | answers
                nothing and leaves the connection open (the kit's read timed out)
            badInputGetsItsStatusAndTheConnectionCloses: malformed version | HTTP_VERSION | answers 200 as if the
                request were well formed
            badInputGetsItsStatusAndTheConnectionCloses: unsupported version | VERSION_NOT_SUPPORTED | answers 200 as if
                the request were well formed to HTTP/2.0
            badInputGetsItsStatusAndTheConnectionCloses: HTTP/1.1 without Host | HOST | closes the connection without an
                answer
            badInputGetsItsStatusAndTheConnectionCloses: header without colon | FIELD_LINE | answers 200 as if the
                request were well formed
            badInputGetsItsStatusAndTheConnectionCloses: space before colon | WHITESPACE_BEFORE_COLON | closes the
                connection without an answer
            badInputGetsItsStatusAndTheConnectionCloses: obsolete line folding | OBS_FOLD | answers 200 as if the
                request were well formed
            badInputGetsItsStatusAndTheConnectionCloses: request line over the limit | URI_TOO_LONG | routes it (404)
                whatever its length
            badInputGetsItsStatusAndTheConnectionCloses: header fields over the limit | HEADER_FIELDS_TOO_LARGE | closes
                the connection without an answer
            badInputGetsItsStatusAndTheConnectionCloses: Content-Length over the limit | CONTENT_TOO_LARGE | answers
                nothing and leaves the connection open (the kit's read timed out)
            badInputGetsItsStatusAndTheConnectionCloses: chunk over the limit | CHUNKED_DECODED | answers 200 as if the
                request were well formed (it does not read the chunks)
            badInputGetsItsStatusAndTheConnectionCloses: Content-Length not a number | INVALID_CONTENT_LENGTH | closes
                the connection without an answer
            badInputGetsItsStatusAndTheConnectionCloses: negative Content-Length | CONTENT_LENGTH_GRAMMAR | answers 200
                as if the request were well formed
            badInputGetsItsStatusAndTheConnectionCloses: Content-Length list | INVALID_CONTENT_LENGTH | closes the
                connection without an answer
            badInputGetsItsStatusAndTheConnectionCloses: Content-Length and Transfer-Encoding (smuggling) | CONTENT_LENGTH_WITH_TRANSFER_ENCODING | closes
                the connection without an answer
            badInputGetsItsStatusAndTheConnectionCloses: unsupported Transfer-Encoding before chunked (RFC 9112 §6.1) | UNKNOWN_TRANSFER_CODING | answers
                200 as if the request were well formed
            """);

    private TioDeviations() {}

    /** Every case t-io answers differently, with what it does and the rule it breaks. */
    static List<Deviation> all() {
        return TABLE.all();
    }
}
