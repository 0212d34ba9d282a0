package io.httpmodels.server.undertow;

import static io.httpmodels.server.RuleWords.FOLD_RULE;
import static io.httpmodels.server.RuleWords.FOLD_WORDS;

import io.httpmodels.server.Deviation;

import java.util.ArrayList;
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

    private static final String BAD_INPUT = "badInputGetsItsStatusAndTheConnectionCloses";
    private static final String OWN_400 = "refuses it itself with 400 and a close, but with its own empty answer"
            + " (Content-Length: 0, no Content-Type, no body)";
    private static final String OWN_PAGE_RULE = "the workload's error answers (docs/models-and-workload.md)";
    private static final String OWN_PAGE_WORDS =
            "an error answer is text/plain and its body starts with its status code";
    private static final String ACCEPTS = "answers 200 as if the request were well formed";
    static final String FIELDS_IN_A_MAP = "hands the handler the fields in a HeaderMap (names as sent, but in the"
            + " map's order: Host after X-Test, after Content-Length), so /echo cannot return them as sent";
    static final String ECHO_RULE = "the workload's /echo (docs/models-and-workload.md)";
    static final String ECHO_WORDS = "/echo answers the request line and every header field as received, in order";

    private UndertowDeviations() {}

    /** Every case Undertow answers differently, with what it does and the rule's words. */
    static List<Deviation> all() {
        List<Deviation> all = new ArrayList<>();
        all.add(Deviation.of(
                "chunkedMustBeTheFinalTransferCoding",
                "reads Transfer-Encoding: chunked, gzip as chunked and answers 200",
                "RFC 9112 §6.3",
                "If a Transfer-Encoding header field is present in a request and the chunked transfer coding is not"
                        + " the final encoding, the message body length cannot be determined reliably; the server MUST"
                        + " respond with the 400 (Bad Request) status code and then close the connection."));
        for (String test : List.of("echoGetReturnsTheRequestLineAndHeaders", "echoPostReturnsTheBody")) {
            all.add(Deviation.of(test, FIELDS_IN_A_MAP, ECHO_RULE, ECHO_WORDS));
        }
        all.add(Deviation.of(
                "plaintextAnswersHelloWorldWithEveryRequiredHeader",
                "writes Connection: keep-alive on every HTTP/1.1 answer",
                "RFC 9112 §9.3",
                "HTTP/1.1 defaults to the use of \"persistent connections\""));
        all.add(Deviation.of(
                "expectContinueGetsAnInterimResponseBeforeTheBodyIsSent",
                "sends no 100 (Continue): Undertow's core leaves it to a handler (HttpContinue), so the client waits"
                        + " for it and the server for the body until the read times out",
                "RFC 9110 §10.1.1",
                "an origin server MUST send either: an immediate response with a final status code, if that status"
                        + " can be determined by examining just the method, target URI, and header fields, or an"
                        + " immediate 100 (Continue) response to encourage the client to send the request content."));
        all.add(Deviation.of(
                "connectIsNotImplemented",
                "closes the connection without an answer",
                "RFC 9110 §9.1",
                "When a request method is received that is unrecognized or not implemented by an origin server, the"
                        + " origin server SHOULD respond with the 501 (Not Implemented) status code."));
        all.add(Deviation.of(
                "chunkExtensionsFollowTheGrammar",
                ACCEPTS + " with a bare ; after the chunk size",
                "RFC 9112 §7.1.1",
                "chunk-ext = *( BWS \";\" BWS chunk-ext-name [ BWS \"=\" BWS chunk-ext-val ] )"));
        all.add(Deviation.of(
                "hostIsExactlyOneHostAndPort",
                ACCEPTS + " with an empty Host",
                "RFC 9112 §3.2",
                "A server MUST respond with a 400 (Bad Request) status code to any HTTP/1.1 request message that"
                        + " lacks a Host header field and to any request message that contains more than one Host"
                        + " header field line or a Host header field with an invalid field value."));
        all.add(Deviation.of(
                "asteriskFormIsForOptionsOnly",
                "refuses GET * itself with its own empty 400, before the handler runs",
                OWN_PAGE_RULE,
                OWN_PAGE_WORDS));
        all.add(Deviation.of(
                "aSilentConnectionIsClosedAtTheIdleTimeout",
                "closes a silent connection, but keeps one stalled mid-request past the 300 ms idle timeout (no close"
                        + " within the kit's 5 s read): a request being parsed seems to be timed by"
                        + " REQUEST_PARSE_TIMEOUT alone, here the 10 s head deadline (not checked further)",
                "ServerConfig's idle timeout (the HttpServerModel contract)",
                "a connection idle for the idle timeout is closed"));

        for (String caseName : List.of(
                "garbage request line",
                "request line without version",
                "malformed version",
                "HTTP/1.1 without Host",
                "header without colon",
                "space before colon",
                "Content-Length not a number",
                "negative Content-Length",
                "Content-Length list",
                "Content-Length and Transfer-Encoding (smuggling)")) {
            badInput(all, caseName, OWN_400, OWN_PAGE_RULE, OWN_PAGE_WORDS);
        }
        badInput(
                all,
                "unsupported version",
                "answers HTTP/2.0 with its own empty 400, not 505",
                "RFC 9110 §15.6.6",
                "The 505 (HTTP Version Not Supported) status code indicates that the server does not support, or"
                        + " refuses to support, the major version of HTTP that was used in the request message.");
        badInput(all, "obsolete line folding", ACCEPTS, FOLD_RULE, FOLD_WORDS);
        badInput(
                all,
                "request line over the limit",
                "answers its own empty 400, not 414 (MAX_HEADER_SIZE counts the request line too)",
                "RFC 9112 §3",
                "A server that receives a request-target longer than any URI it wishes to parse MUST"
                        + " respond with a 414 (URI Too Long) status code");
        badInput(
                all,
                "header fields over the limit",
                "answers its own empty 400, not 431",
                "RFC 6585 §5",
                "The 431 status code indicates that the server is unwilling to process the request because its header"
                        + " fields are too large.");
        badInput(
                all,
                "chunk over the limit",
                "closes the connection without an answer once the chunk size passes MAX_ENTITY_SIZE: the"
                        + " handler's 413 never reaches the client",
                "RFC 9110 §15.5.14",
                "The 413 (Content Too Large) status code indicates that the server is refusing to process a request"
                        + " because the request content is larger than the server is willing or able to process.");
        badInput(
                all,
                "unsupported Transfer-Encoding before chunked (RFC 9112 §6.1)",
                "does not refuse Transfer-Encoding: gzip, chunked: it waits for a body, and sends no answer",
                "RFC 9112 §6.1",
                "A server that receives a request message with a transfer coding it does not understand SHOULD respond"
                        + " with 501 (Not Implemented).");
        return List.copyOf(all);
    }

    private static void badInput(List<Deviation> all, String caseName, String instead, String rule, String words) {
        all.add(Deviation.ofCase(BAD_INPUT, caseName, instead, rule, words));
    }
}
