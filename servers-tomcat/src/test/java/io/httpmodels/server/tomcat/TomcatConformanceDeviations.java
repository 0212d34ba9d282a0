package io.httpmodels.server.tomcat;

import io.httpmodels.server.Deviation;
import io.httpmodels.server.DeviationTable;

import java.util.List;

/**
 * Where Tomcat 11.0.27 (embedded, NIO connector, as shipped) answers the conformance kit differently, as the kit
 * observed it (2026-12-04): 28 of the 103 cases a model, the same for both models, which share Tomcat's parser.
 * Security-relevant first: a request with both Content-Length and Transfer-Encoding: chunked is served (200, the
 * body read as chunked, Content-Length ignored), not refused: RFC 9112 §6.3 allows it, the kit and the project's
 * models refuse it as a smuggling vector. Three roots explain the rest: Tomcat sends no reason phrase
 * ({@code HTTP/1.1 200 }); it refuses bad input itself with the right class of status but its own
 * {@code text/html} page (the Host's ErrorReportValve) and 400 where the kit asks 414 or 431; it parses leniently
 * (an obs-fold, a bare LF, two spaces in the request line, an empty Host, a request line without a version taken
 * as HTTP/0.9).
 */
final class TomcatConformanceDeviations {

    private static final DeviationTable TABLE = DeviationTable.parse("""
            badInputGetsItsStatusAndTheConnectionCloses: Content-Length and Transfer-Encoding (smuggling) | CONTENT_LENGTH_WITH_TRANSFER_ENCODING | answers
                200, the body read as chunked and the Content-Length ignored, and keeps the connection
            plaintextAnswersHelloWorldWithEveryRequiredHeader | STATUS_LINE | sends no reason phrase: "HTTP/1.1 200 "
                (Tomcat has sent none since 8.5)
            curlGetsTheRightAnswers | STATUS_LINE | sends no reason phrase: "HTTP/1.1 200 " (Tomcat has sent none since
                8.5)
            badInputGetsItsStatusAndTheConnectionCloses: garbage request line | ERROR_ANSWER | refuses it itself (400,
                or 501 for an unknown coding) and closes, but with its own text/html page
            badInputGetsItsStatusAndTheConnectionCloses: malformed version | ERROR_ANSWER | refuses it itself (400, or
                501 for an unknown coding) and closes, but with its own text/html page
            badInputGetsItsStatusAndTheConnectionCloses: HTTP/1.1 without Host | ERROR_ANSWER | refuses it itself (400,
                or 501 for an unknown coding) and closes, but with its own text/html page
            badInputGetsItsStatusAndTheConnectionCloses: header without colon | ERROR_ANSWER | refuses it itself (400,
                or 501 for an unknown coding) and closes, but with its own text/html page
            badInputGetsItsStatusAndTheConnectionCloses: space before colon | ERROR_ANSWER | refuses it itself (400, or
                501 for an unknown coding) and closes, but with its own text/html page
            badInputGetsItsStatusAndTheConnectionCloses: Content-Length not a number | ERROR_ANSWER | refuses it itself
                (400, or 501 for an unknown coding) and closes, but with its own text/html page
            badInputGetsItsStatusAndTheConnectionCloses: negative Content-Length | ERROR_ANSWER | refuses it itself
                (400, or 501 for an unknown coding) and closes, but with its own text/html page
            badInputGetsItsStatusAndTheConnectionCloses: Content-Length list | ERROR_ANSWER | refuses it itself (400, or
                501 for an unknown coding) and closes, but with its own text/html page
            badInputGetsItsStatusAndTheConnectionCloses: unsupported Transfer-Encoding before chunked (RFC 9112 §6.1) | ERROR_ANSWER | refuses
                it itself (400, or 501 for an unknown coding) and closes, but with its own text/html page
            badInputGetsItsStatusAndTheConnectionCloses: request line without version | INVALID_REQUEST_LINE | takes it
                as an HTTP/0.9 request and answers the body alone, with no status line
            badInputGetsItsStatusAndTheConnectionCloses: unsupported version | BAD_INPUT_CLOSES | refuses it with no
                Connection: close and keeps the connection open
            badInputGetsItsStatusAndTheConnectionCloses: obsolete line folding | OBS_FOLD | answers 200, the fold joined
                to the field's value
            badInputGetsItsStatusAndTheConnectionCloses: request line over the limit | URI_TOO_LONG | answers 400 (its
                own text/html page), not 414
            badInputGetsItsStatusAndTheConnectionCloses: header fields over the limit | HEADER_FIELDS_TOO_LARGE | answers
                400 (its own text/html page), not 431
            badInputGetsItsStatusAndTheConnectionCloses: Content-Length over the limit | BAD_INPUT_CLOSES | the servlet
                answers 413 with Connection: close, but Tomcat then waits to read off (swallow) the declared body, up to
                its maxSwallowSize (2 MiB), before it closes: the kit's read of the close times out
            badInputGetsItsStatusAndTheConnectionCloses: chunk over the limit | CONTENT_TOO_LARGE | sends nothing:
                Tomcat has no chunk-size limit of its own, so the servlet, reading up to the limit and one byte, waits
                for the chunk's bytes until the idle timeout
            expectContinueWithABodyOverTheLimitGets413InsteadOf100 | EXPECT_FINAL_STATUS_FIRST | sends 100 (Continue)
                itself when the servlet first reads, before it can see the body's size
            aBareLineFeedEndingALineIs400 | BARE_LF | answers 200 as if the request were well formed (RFC 9112 allows
                it; the kit, like the project's models, refuses a bare LF)
            theRequestLineIsSeparatedBySingleSpaces | INVALID_REQUEST_LINE | answers 200 as if the request were well
                formed (two spaces taken as one)
            hostIsExactlyOneHostAndPort | HOST | answers 200 as if the request were well formed (an empty Host value)
            chunkExtensionsFollowTheGrammar | CHUNK_EXTENSION | refuses whitespace around ; and = in a chunk extension
                with 400 (its own page)
            chunkedMustBeTheFinalTransferCoding | CHUNKED_NOT_FINAL | answers 501 (its own text/html page) rather than
                400
            connectIsNotImplemented | METHOD_NOT_IMPLEMENTED | closes the connection without an answer
            optionsAsteriskAnswers200WithTheServersMethods | OPTIONS_ASTERISK | answers OPTIONS * itself, before the
                servlet, with Allow: GET, HEAD, POST, PUT, DELETE, OPTIONS
            asteriskFormIsForOptionsOnly | ERROR_ANSWER | refuses it itself with 400 and its own text/html page
            """);

    private TomcatConformanceDeviations() {}

    /** Every case Tomcat answers differently, for either model, with what it does and the rule it breaks. */
    static List<Deviation> of(String model) {
        return TABLE.of(model);
    }
}
