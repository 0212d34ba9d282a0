package io.httpmodels.server.jdk;

import static io.httpmodels.server.RuleWords.REQUEST_LINE_WORDS;

import io.httpmodels.server.Deviation;

import java.util.ArrayList;
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

    private static final String BAD_INPUT = "badInputGetsItsStatusAndTheConnectionCloses";
    private static final String OWN_PAGE =
            "refuses it itself with the right status and closes, but with its own text/html page";
    private static final String OWN_PAGE_RULE = "the workload's error answers (docs/models-and-workload.md)";
    private static final String OWN_PAGE_WORDS =
            "an error answer is text/plain and its body starts with its status code";
    private static final String ACCEPTS = "answers 200 as if the request were well formed";
    private static final String NO_CONTEXT =
            "answers 404 (\"No context found for request\"): the target matches no context";
    static final String NAMES_NORMALISED = "hands the handler field names normalised (X-test, Content-length)"
            + " and in a map, so /echo cannot return them as sent";

    static final String ECHO_RULE = "the workload's /echo (docs/models-and-workload.md)";
    static final String ECHO_WORDS = "/echo answers the request line and every header field as received, in order";

    private JdkDeviations() {}

    /** Every case the JDK's server answers differently, with what it does and the rule's words. */
    static List<Deviation> all() {
        List<Deviation> all = new ArrayList<>();
        for (String test : List.of("echoGetReturnsTheRequestLineAndHeaders", "echoPostReturnsTheBody")) {
            all.add(Deviation.of(test, NAMES_NORMALISED, ECHO_RULE, ECHO_WORDS));
        }
        all.add(Deviation.of(
                "chunkExtensionsFollowTheGrammar",
                ACCEPTS,
                "RFC 9112 §7.1.1",
                "chunk-ext = *( BWS \";\" BWS chunk-ext-name [ BWS \"=\" BWS chunk-ext-val ] )"));
        all.add(Deviation.of(
                "chunkedMustBeTheFinalTransferCoding",
                "answers 501 rather than 400",
                "RFC 9112 §6.3",
                "If a Transfer-Encoding header field is present in a request and the chunked transfer coding is not"
                        + " the final encoding, the message body length cannot be determined reliably; the server MUST"
                        + " respond with the 400 (Bad Request) status code and then close the connection."));
        all.add(Deviation.of(
                "expectContinueWithABodyOverTheLimitGets413InsteadOf100",
                "sends 100 (Continue) itself before the handler runs, so the body is invited whatever its size",
                "RFC 9110 §10.1.1",
                "A server that responds with a final status code before reading the entire request content SHOULD"
                        + " indicate whether it intends to close the connection"));
        all.add(Deviation.of(
                "anHttp10ExpectationIsIgnored",
                "sends 100 (Continue) to an HTTP/1.0 request",
                "RFC 9110 §10.1.1",
                "A server that receives a 100-continue expectation in an HTTP/1.0 request MUST ignore that"
                        + " expectation."));
        all.add(Deviation.of(
                "connectIsNotImplemented",
                "closes the connection without an answer",
                "RFC 9110 §9.1",
                "When a request method is received that is unrecognized or not implemented by an origin server, the"
                        + " origin server SHOULD respond with the 501 (Not Implemented) status code."));
        all.add(Deviation.of(
                "connectionCloseIsHonoured",
                "answers without a Connection: close field",
                "RFC 9112 §9.6",
                "The server SHOULD send a \"close\" connection option in its final response on that connection."));
        all.add(Deviation.of(
                "aBareLineFeedEndingALineIs400",
                ACCEPTS + " (RFC 9112 allows it; the kit, like the other models, refuses a bare LF)",
                "RFC 9112 §2.2",
                "a recipient MAY recognize a single LF as a line terminator and ignore any preceding CR"));
        all.add(Deviation.of("theRequestLineIsSeparatedBySingleSpaces", NO_CONTEXT, "RFC 9112 §3", REQUEST_LINE_WORDS));
        all.add(Deviation.of(
                "theVersionNameIsCaseSensitive",
                ACCEPTS + " with http/1.1",
                "RFC 9112 §2.3",
                "HTTP-name = %s\"HTTP\""));
        all.add(Deviation.of(
                "theTargetIsVisibleAscii",
                "routes a target with raw non-ASCII bytes (404)",
                "RFC 9112 §3.2",
                "origin-form = absolute-path [ \"?\" query ]"));
        all.add(Deviation.of(
                "aTargetInNoFormIs400",
                NO_CONTEXT,
                "RFC 9112 §3.2",
                "request-target = origin-form / absolute-form / authority-form / asterisk-form"));
        all.add(Deviation.of(
                "asteriskFormIsForOptionsOnly",
                NO_CONTEXT,
                "RFC 9112 §3.2.4",
                "The asterisk-form of request-target is only used for a server-wide OPTIONS request"));
        all.add(Deviation.of(
                "optionsAsteriskAnswers200WithTheServersMethods",
                NO_CONTEXT + " for OPTIONS *",
                "RFC 9110 §9.3.7",
                "An OPTIONS request with an asterisk (\"*\") as the request-target applies to the server in general"
                        + " rather than to a specific resource."));
        all.add(Deviation.of(
                "hostIsExactlyOneHostAndPort",
                ACCEPTS + " with Host: user@localhost",
                "RFC 9112 §3.2",
                "A server MUST respond with a 400 (Bad Request) status code to any HTTP/1.1 request message that"
                        + " lacks a Host header field and to any request message that contains more than one Host"
                        + " header field line or a Host header field with an invalid field value."));
        all.add(Deviation.of(
                "aSecondClientIsServedWhileAFirstSendsGarbage",
                "answers nothing to 2 kB of noise with no line end (it waits for the line)",
                "RFC 9112 §3",
                REQUEST_LINE_WORDS));
        all.add(Deviation.of(
                "aSilentConnectionIsClosedAtTheIdleTimeout",
                "keeps a silent connection past the configured idle timeout: its own is"
                        + " sun.net.httpserver.idleInterval (30 s), read once per JVM",
                "ServerConfig's idle timeout (the HttpServerModel contract)",
                "a connection idle for the idle timeout is closed"));

        for (String caseName : List.of(
                "garbage request line",
                "request line without version",
                "header without colon",
                "space before colon",
                "Content-Length not a number",
                "negative Content-Length",
                "Content-Length list",
                "Content-Length and Transfer-Encoding (smuggling)",
                "unsupported Transfer-Encoding before chunked (RFC 9112 §6.1)")) {
            all.add(Deviation.ofCase(BAD_INPUT, caseName, OWN_PAGE, OWN_PAGE_RULE, OWN_PAGE_WORDS));
        }
        badInput(
                all, "malformed version", ACCEPTS, "RFC 9112 §2.3", "HTTP-version = HTTP-name \"/\" DIGIT \".\" DIGIT");
        badInput(
                all,
                "unsupported version",
                ACCEPTS + " to HTTP/2.0",
                "RFC 9110 §15.6.6",
                "The 505 (HTTP Version Not Supported) status code indicates that the server does not support, or"
                        + " refuses to support, the major version of HTTP that was used in the request message.");
        badInput(
                all,
                "HTTP/1.1 without Host",
                ACCEPTS,
                "RFC 9112 §3.2",
                "A server MUST respond with a 400 (Bad Request) status code to any HTTP/1.1 request message that"
                        + " lacks a Host header field");
        badInput(
                all,
                "obsolete line folding",
                ACCEPTS,
                "RFC 9112 §5.2",
                "A server that receives an obs-fold in a request message that is not within a \"message/http\""
                        + " container MUST either reject the message by sending a 400 (Bad Request) ... or replace each"
                        + " received obs-fold with one or more SP octets");
        badInput(
                all,
                "request line over the limit",
                "routes it (404): the ServerConfig limit does not reach it",
                "RFC 9112 §3",
                "A server that receives a request-target longer than any URI it wishes to parse MUST"
                        + " respond with a 414 (URI Too Long) status code");
        badInput(
                all,
                "header fields over the limit",
                ACCEPTS + ": its own limit is sun.net.httpserver.maxReqHeaderSize, read once per JVM",
                "RFC 6585 §5",
                "The 431 status code indicates that the server is unwilling to process the request because its header"
                        + " fields are too large.");
        badInput(
                all,
                "Content-Length over the limit",
                "the handler's 413 with Connection: close is sent, but the JDK keeps the connection to drain the"
                        + " unread body first, so it stays open while the client sends nothing",
                "RFC 9112 §9.6",
                "A server that receives a \"close\" connection option MUST initiate closure of the connection after"
                        + " it sends the final response to the request that contained the \"close\" connection"
                        + " option.");
        badInput(
                all,
                "chunk over the limit",
                "hands the handler a stream without the chunk's size, so the handler waits for the chunk's bytes",
                "RFC 9110 §15.5.14",
                "The 413 (Content Too Large) status code indicates that the server is refusing to process a request"
                        + " because the request content is larger than the server is willing or able to process.");
        return List.copyOf(all);
    }

    private static void badInput(List<Deviation> all, String caseName, String instead, String rule, String words) {
        all.add(Deviation.ofCase(BAD_INPUT, caseName, instead, rule, words));
    }
}
