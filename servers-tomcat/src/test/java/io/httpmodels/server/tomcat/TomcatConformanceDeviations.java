package io.httpmodels.server.tomcat;

import static io.httpmodels.server.RuleWords.FOLD_RULE;
import static io.httpmodels.server.RuleWords.FOLD_WORDS;
import static io.httpmodels.server.RuleWords.REQUEST_LINE_WORDS;

import io.httpmodels.server.Deviation;

import java.util.ArrayList;
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

    private static final String BAD_INPUT = "badInputGetsItsStatusAndTheConnectionCloses";
    private static final String OWN_PAGE =
            "refuses it itself (400, or 501 for an unknown coding) and closes, but with its own text/html page";
    private static final String OWN_PAGE_RULE = "the workload's error answers (docs/models-and-workload.md)";
    private static final String OWN_PAGE_WORDS =
            "an error answer is text/plain and its body starts with its status code";
    private static final String NO_REASON =
            "sends no reason phrase: \"HTTP/1.1 200 \" (Tomcat has sent none since 8.5)";
    private static final String STATUS_LINE_RULE = "RFC 9112 §4";
    private static final String STATUS_LINE_WORDS = "status-line = HTTP-version SP status-code SP [ reason-phrase ]"
            + " (the kit, as the project's models, expects the reason phrase)";
    private static final String ACCEPTS = "answers 200 as if the request were well formed";

    private TomcatConformanceDeviations() {}

    /** Every case Tomcat answers differently, for either model, with what it does and the rule's words. */
    static List<Deviation> of(String model) {
        List<Deviation> all = new ArrayList<>();
        all.add(Deviation.ofCase(
                BAD_INPUT,
                "Content-Length and Transfer-Encoding (smuggling)",
                "answers 200, the body read as chunked and the Content-Length ignored, and keeps the connection",
                "RFC 9112 §6.1",
                "A server MAY reject a request that contains both Content-Length and Transfer-Encoding or process"
                        + " such a request in accordance with the Transfer-Encoding alone. Regardless, the server"
                        + " MUST close the connection after responding to such a request"));
        for (String test : List.of("plaintextAnswersHelloWorldWithEveryRequiredHeader", "curlGetsTheRightAnswers")) {
            all.add(Deviation.of(test, NO_REASON, STATUS_LINE_RULE, STATUS_LINE_WORDS));
        }
        for (String badCase : List.of(
                "garbage request line",
                "malformed version",
                "HTTP/1.1 without Host",
                "header without colon",
                "space before colon",
                "Content-Length not a number",
                "negative Content-Length",
                "Content-Length list",
                "unsupported Transfer-Encoding before chunked (RFC 9112 §6.1)")) {
            all.add(Deviation.ofCase(BAD_INPUT, badCase, OWN_PAGE, OWN_PAGE_RULE, OWN_PAGE_WORDS));
        }
        all.add(Deviation.ofCase(
                BAD_INPUT,
                "request line without version",
                "takes it as an HTTP/0.9 request and answers the body alone, with no status line",
                "RFC 9112 §3",
                REQUEST_LINE_WORDS));
        all.add(Deviation.ofCase(
                BAD_INPUT,
                "unsupported version",
                "refuses it with no Connection: close and keeps the connection open",
                "the workload's error answers (docs/models-and-workload.md)",
                "bad input gets its own status and closes the connection"));
        all.add(Deviation.ofCase(
                BAD_INPUT,
                "obsolete line folding",
                "answers 200, the fold joined to the field's value",
                FOLD_RULE,
                FOLD_WORDS));
        all.add(Deviation.ofCase(
                BAD_INPUT,
                "request line over the limit",
                "answers 400 (its own text/html page), not 414",
                "RFC 9112 §3",
                "A server that receives a request-target longer than any URI it wishes to parse MUST respond with a"
                        + " 414 (URI Too Long) status code"));
        all.add(Deviation.ofCase(
                BAD_INPUT,
                "header fields over the limit",
                "answers 400 (its own text/html page), not 431",
                "RFC 6585 §5",
                "The 431 status code indicates that the server is unwilling to process the request because its"
                        + " header fields are too large."));
        all.add(Deviation.ofCase(
                BAD_INPUT,
                "Content-Length over the limit",
                "the servlet answers 413 with Connection: close, but Tomcat then waits to read off (swallow) the"
                        + " declared body, up to its maxSwallowSize (2 MiB), before it closes: the kit's read of"
                        + " the close times out",
                "the workload's error answers (docs/models-and-workload.md)",
                "bad input gets its own status and closes the connection"));
        all.add(Deviation.ofCase(
                BAD_INPUT,
                "chunk over the limit",
                "sends nothing: Tomcat has no chunk-size limit of its own, so the servlet, reading up to the limit"
                        + " and one byte, waits for the chunk's bytes until the idle timeout",
                "RFC 9110 §15.5.14",
                "The 413 (Content Too Large) status code indicates that the server is refusing to process a request"
                        + " because the request content is larger than the server is willing or able to process."));
        all.add(Deviation.of(
                "expectContinueWithABodyOverTheLimitGets413InsteadOf100",
                "sends 100 (Continue) itself when the servlet first reads, before it can see the body's size",
                "RFC 9110 §10.1.1",
                "A server that responds with a final status code before reading the entire request content SHOULD"
                        + " indicate whether it intends to close the connection"));
        all.add(Deviation.of(
                "aBareLineFeedEndingALineIs400",
                ACCEPTS + " (RFC 9112 allows it; the kit, like the project's models, refuses a bare LF)",
                "RFC 9112 §2.2",
                "a recipent MAY recognize a single LF as a line terminator and ignore any preceding CR"));
        all.add(Deviation.of(
                "theRequestLineIsSeparatedBySingleSpaces",
                ACCEPTS + " (two spaces taken as one)",
                "RFC 9112 §3",
                REQUEST_LINE_WORDS));
        all.add(Deviation.of(
                "hostIsExactlyOneHostAndPort",
                ACCEPTS + " (an empty Host value)",
                "RFC 9112 §3.2",
                "A server MUST respond with a 400 (Bad Request) status code to any HTTP/1.1 request message that lacks"
                        + " a Host header field and to any request message that contains more than one Host header"
                        + " field line or a Host header field with an invalid field value."));
        all.add(Deviation.of(
                "chunkExtensionsFollowTheGrammar",
                "refuses whitespace around ; and = in a chunk extension with 400 (its own page)",
                "RFC 9112 §7.1.1",
                "chunk-ext = *( BWS \";\" BWS chunk-ext-name [ BWS \"=\" BWS chunk-ext-val ] )"));
        all.add(Deviation.of(
                "chunkedMustBeTheFinalTransferCoding",
                "answers 501 (its own text/html page) rather than 400",
                "RFC 9112 §6.3",
                "If a Transfer-Encoding header field is present in a request and the chunked transfer coding is not"
                        + " the final encoding, the message body length cannot be determined reliably; the server MUST"
                        + " respond with the 400 (Bad Request) status code and then close the connection."));
        all.add(Deviation.of(
                "connectIsNotImplemented",
                "closes the connection without an answer",
                "RFC 9110 §9.1",
                "When a request method is received that is unrecognized or not implemented by an origin server, the"
                        + " origin server SHOULD respond with the 501 (Not Implemented) status code."));
        all.add(Deviation.of(
                "optionsAsteriskAnswers200WithTheServersMethods",
                "answers OPTIONS * itself, before the servlet, with Allow: GET, HEAD, POST, PUT, DELETE, OPTIONS",
                "RFC 9110 §9.3.7",
                "An OPTIONS request with an asterisk (\"*\") as the request target applies to the server in general"
                        + " rather than to a specific resource"));
        all.add(Deviation.of(
                "asteriskFormIsForOptionsOnly",
                "refuses it itself with 400 and its own text/html page",
                OWN_PAGE_RULE,
                OWN_PAGE_WORDS));
        return all;
    }
}
