package io.httpmodels.server.tio;

import static io.httpmodels.server.RuleWords.REQUEST_LINE_WORDS;

import io.httpmodels.server.Deviation;

import java.util.ArrayList;
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

    private static final String BAD_INPUT = "badInputGetsItsStatusAndTheConnectionCloses";
    private static final String CHUNKED_WORDS =
            "A recipient MUST be able to parse and decode the chunked transfer coding.";
    private static final String SERVER_WORDS = "A sender MUST NOT generate multiple field lines with the same name in a"
            + " message (whether in the headers or trailers) or append a field line when a field line of the same name"
            + " already exists in the message, unless that field's definition allows multiple field line values to be"
            + " recombined as a comma-separated list";
    private static final String SILENT = "answers nothing and leaves the connection open (the kit's read timed out)";
    private static final String CLOSES = "closes the connection without an answer";
    private static final String ACCEPTS = "answers 200 as if the request were well formed";

    private TioDeviations() {}

    /** Every case t-io answers differently, with what it does and the rule's words. */
    static List<Deviation> all() {
        List<Deviation> all = new ArrayList<>();
        String twoServers = "writes its own server: t-io field beside the handler's Server: httpmodels-tio, and the"
                + " handler cannot remove it";
        for (String test : List.of(
                "plaintextAnswersHelloWorldWithEveryRequiredHeader",
                "jsonAnswersTheSerialisedMessage",
                "unknownPathIs404AndTheConnectionStaysOpen")) {
            all.add(Deviation.of(test, twoServers, "RFC 9110 §5.3", SERVER_WORDS));
        }
        all.add(Deviation.of(
                "headAnswersGetsHeadersWithoutABody",
                "sends the GET body in answer to HEAD",
                "RFC 9110 §9.3.2",
                "The HEAD method is identical to GET except that the server MUST NOT send content in the response."));
        all.add(Deviation.of(
                "echoGetReturnsTheRequestLineAndHeaders",
                "hands the handler header names lower-cased and out of order, so /echo cannot return them as sent",
                "the workload's /echo (docs/models-and-workload.md)",
                "/echo answers the request line and every header field as received, in order"));
        all.add(Deviation.of(
                "echoPostReturnsTheBody",
                CLOSES + " to a 3 kB form POST on the kit's raw connection (asked by curl, it gzips the answer"
                        + " unasked)",
                "RFC 9112 §6.2",
                "If a message is received without Transfer-Encoding and with a valid Content-Length header field,"
                        + " the Content-Length field value defines the expected message body length"));
        all.add(Deviation.of(
                "echoPostDecodesAChunkedBody",
                "does not decode a chunked body: the handler sees none",
                "RFC 9112 §7.1",
                CHUNKED_WORDS));
        all.add(Deviation.of(
                "chunkExtensionsFollowTheGrammar",
                ACCEPTS + " (it does not read the chunks at all)",
                "RFC 9112 §7.1.1",
                "chunk-ext = *( BWS \";\" BWS chunk-ext-name [ BWS \"=\" BWS chunk-ext-val ] )"));
        all.add(Deviation.of(
                "chunkedMustBeTheFinalTransferCoding",
                ACCEPTS,
                "RFC 9112 §6.3",
                "If a Transfer-Encoding header field is present in a request and the chunked transfer coding is not"
                        + " the final encoding, the message body length cannot be determined reliably; the server MUST"
                        + " respond with the 400 (Bad Request) status code and then close the connection."));
        all.add(Deviation.of(
                "expectContinueGetsAnInterimResponseBeforeTheBodyIsSent",
                "sends no 100 (Continue) and waits for the body",
                "RFC 9110 §10.1.1",
                "A server that receives a 100-continue expectation in an HTTP/1.1 request that has content MAY"
                        + " omit sending a 100 (Continue) response if it has already received some or all of the"
                        + " content ... or if ... it will respond with a final status code"));
        all.add(Deviation.of(
                "expectContinueWithABodyOverTheLimitGets413InsteadOf100",
                SILENT,
                "RFC 9110 §15.5.14",
                "The 413 (Content Too Large) status code indicates that the server is refusing to process a request"
                        + " because the request content is larger than the server is willing or able to process."));
        for (String test : List.of("anHttp10ExpectationIsIgnored", "http10ClosesUnlessAskedToKeepAlive")) {
            all.add(Deviation.of(
                    test,
                    CLOSES + " to the kit's HTTP/1.0 requests",
                    "RFC 9112 §9.3",
                    "If the received protocol is HTTP/1.0, the \"keep-alive\" connection option is present, ... the"
                            + " connection will persist after the current response; otherwise, the connection will"
                            + " close after the current response."));
        }
        all.add(Deviation.of(
                "connectionCloseIsHonoured",
                "answers without a Connection: close field",
                "RFC 9112 §9.6",
                "A server that receives a \"close\" connection option MUST initiate closure of the connection after"
                        + " it sends the final response to the request that contained the \"close\" connection"
                        + " option. The server SHOULD send a \"close\" connection option in its final response"));
        all.add(Deviation.of(
                "connectIsNotImplemented",
                SILENT,
                "RFC 9110 §9.1",
                "When a request method is received that is unrecognized or not implemented by an origin server, the"
                        + " origin server SHOULD respond with the 501 (Not Implemented) status code."));
        all.add(Deviation.of(
                "aBareLineFeedEndingALineIs400",
                ACCEPTS + " (RFC 9112 allows it; the kit, like the other models, refuses a bare LF)",
                "RFC 9112 §2.2",
                "a recipient MAY recognize a single LF as a line terminator and ignore any preceding CR"));
        all.add(Deviation.of(
                "theRequestLineIsSeparatedBySingleSpaces",
                "answers a request line with two spaces or a tab without refusing and closing it",
                "RFC 9112 §3",
                REQUEST_LINE_WORDS));
        all.add(Deviation.of(
                "theVersionNameIsCaseSensitive",
                ACCEPTS + " with http/1.1",
                "RFC 9112 §2.3",
                "HTTP-name = %s\"HTTP\""));
        all.add(Deviation.of(
                "theTargetIsVisibleAscii",
                "routes a target with a NUL in it (404)",
                "RFC 9112 §3.2",
                "origin-form = absolute-path [ \"?\" query ]"));
        all.add(Deviation.of(
                "hostIsExactlyOneHostAndPort",
                ACCEPTS + " with Host: user@localhost",
                "RFC 9112 §3.2",
                "A server MUST respond with a 400 (Bad Request) status code to any HTTP/1.1 request message that"
                        + " lacks a Host header field and to any request message that contains more than one Host"
                        + " header field line or a Host header field with an invalid field value."));
        all.add(Deviation.of(
                "aSecondClientIsServedWhileAFirstSendsGarbage",
                "never answers the garbage connection with a 400 (the bystander is served)",
                "RFC 9112 §3",
                REQUEST_LINE_WORDS));
        all.add(Deviation.of(
                "aSilentConnectionIsClosedAtTheIdleTimeout",
                "keeps a connection that sends nothing open past the configured idle timeout (t-io's heartbeat"
                        + " timeout is its own)",
                "ServerConfig's idle timeout (the HttpServerModel contract)",
                "a connection idle for the idle timeout is closed"));
        all.add(Deviation.of(
                "closeEndsEveryConnectionAndThreadAndFreesThePort",
                "leaves its heartbeat timer thread (tio-timer-checkheartbeat) running after stop",
                "the HttpServerModel contract (RunningServer.close)",
                "close() ends every connection and thread the server started and frees its port"));
        all.add(Deviation.of(
                "theJdkHttpClientGetsTheRightAnswers",
                "closes a JDK HttpClient connection with no answer (\"header parser received no bytes\")",
                "RFC 9112 §9.3",
                "HTTP/1.1 defaults to the use of \"persistent connections\", allowing multiple requests and responses"
                        + " to be carried over a single connection."));

        badInput(all, "garbage request line", SILENT, "RFC 9112 §3", REQUEST_LINE_WORDS);
        badInput(all, "request line without version", SILENT, "RFC 9112 §3", REQUEST_LINE_WORDS);
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
                CLOSES,
                "RFC 9112 §3.2",
                "A server MUST respond with a 400 (Bad Request) status code to any HTTP/1.1 request message that"
                        + " lacks a Host header field");
        badInput(
                all,
                "header without colon",
                ACCEPTS,
                "RFC 9112 §5",
                "field-line = field-name \":\" OWS field-value OWS");
        badInput(
                all,
                "space before colon",
                CLOSES,
                "RFC 9112 §5.1",
                "A server MUST reject, with a response status code of 400 (Bad Request), any received request message"
                        + " that contains whitespace between a header field name and colon.");
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
                "routes it (404) whatever its length",
                "RFC 9112 §3",
                "A server that receives a request-target longer than any URI it wishes to parse MUST respond with a"
                        + " 414 (URI Too Long) status code");
        badInput(
                all,
                "header fields over the limit",
                CLOSES,
                "RFC 6585 §5",
                "The 431 status code indicates that the server is unwilling to process the request because its header"
                        + " fields are too large.");
        badInput(
                all,
                "Content-Length over the limit",
                SILENT,
                "RFC 9110 §15.5.14",
                "The 413 (Content Too Large) status code indicates that the server is refusing to process a request"
                        + " because the request content is larger than the server is willing or able to process.");
        badInput(
                all,
                "chunk over the limit",
                ACCEPTS + " (it does not read the chunks)",
                "RFC 9112 §7.1",
                CHUNKED_WORDS);
        badInput(
                all,
                "Content-Length not a number",
                CLOSES,
                "RFC 9112 §6.3",
                "If a message is received without Transfer-Encoding and with an invalid Content-Length header field,"
                        + " then the message framing is invalid and the recipient MUST treat it as an unrecoverable"
                        + " error ... the server MUST respond with a 400 (Bad Request) status code and then close the"
                        + " connection.");
        badInput(all, "negative Content-Length", ACCEPTS, "RFC 9110 §8.6", "Content-Length = 1*DIGIT");
        badInput(
                all,
                "Content-Length list",
                CLOSES,
                "RFC 9112 §6.3",
                "If a message is received without Transfer-Encoding and with an invalid Content-Length header field,"
                        + " then the message framing is invalid and the recipient MUST treat it as an unrecoverable"
                        + " error");
        badInput(
                all,
                "Content-Length and Transfer-Encoding (smuggling)",
                CLOSES,
                "RFC 9112 §6.1",
                "A server MAY reject a request that contains both Content-Length and Transfer-Encoding or process"
                        + " such a request in accordance with the Transfer-Encoding alone. Regardless, the server MUST"
                        + " close the connection after responding to such a request");
        badInput(
                all,
                "unsupported Transfer-Encoding before chunked (RFC 9112 §6.1)",
                ACCEPTS,
                "RFC 9112 §6.1",
                "A server that receives a request message with a transfer coding it does not understand SHOULD"
                        + " respond with 501 (Not Implemented).");
        return List.copyOf(all);
    }

    private static void badInput(List<Deviation> all, String caseName, String instead, String rule, String words) {
        all.add(Deviation.ofCase(BAD_INPUT, caseName, instead, rule, words));
    }
}
