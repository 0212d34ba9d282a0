package io.httpmodels.server.undertow;

import io.httpmodels.server.Deviation;
import io.httpmodels.server.DeviationTable;

import java.util.List;

/**
 * Where Undertow's core server (2.4.4.Final, on the model's settings) answers the conformance kit differently, as
 * the kit observed it (2026-12-04): the project does not wrap Undertow in a fix, so each is a finding; the kit still
 * runs every case and requires it to fail. Security-relevant first: {@code Transfer-Encoding: chunked, gzip} is read
 * as chunked and answered 200 (RFC 9112 §6.3 wants 400 and a close: a front end that reads the framing otherwise is
 * a smuggling risk); Content-Length with Transfer-Encoding is refused (400 and a close, its own page). The roots of the
 * rest: Undertow refuses what its parser rejects itself, with {@code 400}, {@code Content-Length: 0}, no
 * Content-Type and no body (even where 414, 431 or 505 is the status), or closes with no answer; it accepts an
 * obs-fold, an empty Host and a bare {@code ;} chunk extension; it keeps the fields in a map, so /echo cannot return
 * them in order; and it says {@code Connection: keep-alive} on every HTTP/1.1 answer.
 */
final class UndertowDeviations {

    private static final DeviationTable TABLE = DeviationTable.parse("""
            chunkedMustBeTheFinalTransferCoding | CHUNKED_NOT_FINAL | reads Transfer-Encoding: chunked, gzip as chunked
                and answers 200
            echoGetReturnsTheRequestLineAndHeaders | ECHO | hands the handler the fields in a HeaderMap (names as sent,
                but in the map's order: Host after X-Test, after Content-Length), so /echo cannot return them as sent
            echoPostReturnsTheBody | ECHO | hands the handler the fields in a HeaderMap (names as sent, but in the map's
                order: Host after X-Test, after Content-Length), so /echo cannot return them as sent
            plaintextAnswersHelloWorldWithEveryRequiredHeader | PERSISTENT_CONNECTIONS | writes Connection: keep-alive
                on every HTTP/1.1 answer
            expectContinueGetsAnInterimResponseBeforeTheBodyIsSent | EXPECT_IMMEDIATE_RESPONSE | sends no 100
                (Continue): Undertow's core leaves it to a handler (HttpContinue), so the client waits for it and the
                server for the body until the read times out
            connectIsNotImplemented | METHOD_NOT_IMPLEMENTED | closes the connection without an answer
            chunkExtensionsFollowTheGrammar | CHUNK_EXTENSION | answers 200 as if the request were well formed with a
                bare ; after the chunk size
            hostIsExactlyOneHostAndPort | HOST | answers 200 as if the request were well formed with an empty Host
            asteriskFormIsForOptionsOnly | ERROR_ANSWER | refuses GET * itself with its own empty 400, before the
                handler runs
            aSilentConnectionIsClosedAtTheIdleTimeout | IDLE_TIMEOUT_CONTRACT | closes a silent connection, but keeps
                one stalled mid-request past the 300 ms idle timeout (no close within the kit's 5 s read): a request
                being parsed seems to be timed by REQUEST_PARSE_TIMEOUT alone, here the 10 s head deadline (not checked
                further)
            badInputGetsItsStatusAndTheConnectionCloses: garbage request line | ERROR_ANSWER | refuses it itself with
                400 and a close, but with its own empty answer (Content-Length: 0, no Content-Type, no body)
            badInputGetsItsStatusAndTheConnectionCloses: request line without version | ERROR_ANSWER | refuses it itself
                with 400 and a close, but with its own empty answer (Content-Length: 0, no Content-Type, no body)
            badInputGetsItsStatusAndTheConnectionCloses: malformed version | ERROR_ANSWER | refuses it itself with 400
                and a close, but with its own empty answer (Content-Length: 0, no Content-Type, no body)
            badInputGetsItsStatusAndTheConnectionCloses: HTTP/1.1 without Host | ERROR_ANSWER | refuses it itself with
                400 and a close, but with its own empty answer (Content-Length: 0, no Content-Type, no body)
            badInputGetsItsStatusAndTheConnectionCloses: header without colon | ERROR_ANSWER | refuses it itself with
                400 and a close, but with its own empty answer (Content-Length: 0, no Content-Type, no body)
            badInputGetsItsStatusAndTheConnectionCloses: space before colon | ERROR_ANSWER | refuses it itself with 400
                and a close, but with its own empty answer (Content-Length: 0, no Content-Type, no body)
            badInputGetsItsStatusAndTheConnectionCloses: Content-Length not a number | ERROR_ANSWER | refuses it itself
                with 400 and a close, but with its own empty answer (Content-Length: 0, no Content-Type, no body)
            badInputGetsItsStatusAndTheConnectionCloses: negative Content-Length | ERROR_ANSWER | refuses it itself with
                400 and a close, but with its own empty answer (Content-Length: 0, no Content-Type, no body)
            badInputGetsItsStatusAndTheConnectionCloses: Content-Length list | ERROR_ANSWER | refuses it itself with 400
                and a close, but with its own empty answer (Content-Length: 0, no Content-Type, no body)
            badInputGetsItsStatusAndTheConnectionCloses: Content-Length and Transfer-Encoding (smuggling) | ERROR_ANSWER | refuses
                it itself with 400 and a close, but with its own empty answer (Content-Length: 0, no Content-Type, no
                body)
            badInputGetsItsStatusAndTheConnectionCloses: unsupported version | VERSION_NOT_SUPPORTED | answers HTTP/2.0
                with its own empty 400, not 505
            badInputGetsItsStatusAndTheConnectionCloses: obsolete line folding | OBS_FOLD | answers 200 as if the
                request were well formed
            badInputGetsItsStatusAndTheConnectionCloses: request line over the limit | URI_TOO_LONG | answers its own
                empty 400, not 414 (MAX_HEADER_SIZE counts the request line too)
            badInputGetsItsStatusAndTheConnectionCloses: header fields over the limit | HEADER_FIELDS_TOO_LARGE | answers
                its own empty 400, not 431
            badInputGetsItsStatusAndTheConnectionCloses: chunk over the limit | CONTENT_TOO_LARGE | closes the
                connection without an answer once the chunk size passes MAX_ENTITY_SIZE: the handler's 413 never reaches
                the client
            badInputGetsItsStatusAndTheConnectionCloses: unsupported Transfer-Encoding before chunked (RFC 9112 §6.1) | UNKNOWN_TRANSFER_CODING | does
                not refuse Transfer-Encoding: gzip, chunked: it waits for a body, and sends no answer
            """);

    private UndertowDeviations() {}

    /** Every case Undertow answers differently, with what it does and the rule it breaks. */
    static List<Deviation> all() {
        return TABLE.all();
    }
}
