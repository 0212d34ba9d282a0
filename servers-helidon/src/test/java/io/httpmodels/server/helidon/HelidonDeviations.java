package io.httpmodels.server.helidon;

import static io.httpmodels.server.RuleWords.REQUEST_LINE_WORDS;
import static io.httpmodels.server.RuleWords.VERSION_RULE;
import static io.httpmodels.server.RuleWords.VERSION_WORDS;

import io.httpmodels.server.Deviation;

import java.util.ArrayList;
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

    private static final String BAD_INPUT = "badInputGetsItsStatusAndTheConnectionCloses";
    private static final String OWN_ANSWER =
            "refuses it itself with the right status and Connection: close, but with no Content-Type";
    private static final String OWN_ANSWER_RULE = "the workload's error answers (docs/models-and-workload.md)";
    private static final String OWN_ANSWER_WORDS =
            "an error answer is text/plain and its body starts with its status code";
    private static final String CLOSES = "closes the connection without an answer";
    private static final String DATE_WORDS =
            "IMF-fixdate = day-name \",\" SP date1 SP time-of-day SP GMT ... day = 2DIGIT";
    private static final String CHUNK_EXT_WORDS =
            "chunk-ext = *( BWS \";\" BWS chunk-ext-name [ BWS \"=\" BWS chunk-ext-val ] )";
    private static final String HTTP10_WORDS = "A server SHOULD send a response version equal to the highest version"
            + " to which the server is conformant that has a major version less than or equal to the one received in"
            + " the request.";

    private HelidonDeviations() {}

    /** Every case Helidon answers differently, with what it does and the rule's words. */
    static List<Deviation> all() {
        List<Deviation> all = new ArrayList<>();
        for (String test :
                List.of("plaintextAnswersHelloWorldWithEveryRequiredHeader", "jsonAnswersTheSerialisedMessage")) {
            all.add(Deviation.of(
                    test,
                    "writes its own Date with a one-digit day (Fri, 4 Dec 2026 13:10:50 GMT), not an IMF-fixdate",
                    "RFC 9110 §5.6.7",
                    DATE_WORDS));
        }
        all.add(Deviation.of(
                "chunkExtensionsFollowTheGrammar",
                "answers 500 to a chunk extension with no name (5;): it parses the whole chunk-size line as hex",
                "RFC 9112 §7.1.1",
                CHUNK_EXT_WORDS));
        all.add(Deviation.of(
                "echoPostDecodesAChunkedBody",
                "answers 500 to a chunk with an extension (8;ext=1): it does not parse chunk extensions at all",
                "RFC 9112 §7.1.1",
                "A recipient MUST ignore unrecognized chunk extensions."));
        all.add(Deviation.of(
                "connectionCloseIsHonoured",
                "answers with Connection: close but does not close the connection within the kit's read",
                "RFC 9112 §9.6",
                "A server that receives a \"close\" connection option MUST initiate closure of the connection after"
                        + " it sends the final response to the request that contained the \"close\" connection"
                        + " option."));
        for (String test : List.of("http10ClosesUnlessAskedToKeepAlive", "anHttp10ExpectationIsIgnored")) {
            all.add(Deviation.of(
                    test,
                    CLOSES + " to an HTTP/1.0 request: Helidon 4 serves HTTP/1.1 only",
                    "RFC 9110 §6.2",
                    HTTP10_WORDS));
        }
        all.add(Deviation.of(
                "aBareLineFeedEndingALineIs400",
                CLOSES,
                "RFC 9112 §2.2",
                "a recipient MAY recognize a single LF as a"
                        + " line terminator and ignore any preceding CR; the kit, like the other models, answers 400"));
        all.add(Deviation.of("theVersionNameIsCaseSensitive", CLOSES + " to http/1.1", VERSION_RULE, VERSION_WORDS));
        all.add(Deviation.of(
                "aSecondClientIsServedWhileAFirstSendsGarbage",
                CLOSES + " to 2 kB of noise with no line end (no 400)",
                "RFC 9112 §3",
                REQUEST_LINE_WORDS));
        all.add(Deviation.of(
                "theRequestLineIsSeparatedBySingleSpaces",
                "answers 500 to two spaces between method and target",
                "RFC 9112 §3",
                REQUEST_LINE_WORDS));
        all.add(Deviation.of(
                "theTargetIsVisibleAscii",
                "routes a target with raw non-ASCII bytes (the handler's 404)",
                "RFC 9112 §3.2",
                "origin-form = absolute-path [ \"?\" query ]"));
        all.add(Deviation.of(
                "aSilentConnectionIsClosedAtTheIdleTimeout",
                "keeps a silent connection open past the configured 300 ms idle timeout within the kit's read: its"
                        + " idle clock ticks once a second and its timer looks every idleConnectionPeriod",
                "ServerConfig's idle timeout (the HttpServerModel contract)",
                "a connection idle for the idle timeout is closed"));
        all.add(Deviation.of(
                "closeEndsEveryConnectionAndThreadAndFreesThePort",
                "leaves its helidon-idle-connection-timer thread (a java.util.Timer made per server, with a periodic"
                        + " task, never cancelled by stop()) running after close()",
                "RunningServer.close()",
                "Closing it stops accepting, closes every connection, ends every thread the model started and frees"
                        + " the port before close() returns."));

        for (String caseName : List.of(
                "HTTP/1.1 without Host",
                "header without colon",
                "space before colon",
                "obsolete line folding",
                "request line over the limit",
                "Content-Length over the limit",
                "Content-Length not a number",
                "negative Content-Length",
                "Content-Length list",
                "Content-Length and Transfer-Encoding (smuggling)",
                "unsupported Transfer-Encoding before chunked (RFC 9112 §6.1)")) {
            all.add(Deviation.ofCase(BAD_INPUT, caseName, OWN_ANSWER, OWN_ANSWER_RULE, OWN_ANSWER_WORDS));
        }
        for (String caseName : List.of("garbage request line", "request line without version", "malformed version")) {
            all.add(Deviation.ofCase(BAD_INPUT, caseName, CLOSES, "RFC 9112 §3", REQUEST_LINE_WORDS));
        }
        all.add(Deviation.ofCase(
                BAD_INPUT,
                "unsupported version",
                CLOSES + " to HTTP/2.0",
                "RFC 9110 §15.6.6",
                "The 505 (HTTP Version Not Supported) status code indicates that the server does not support, or"
                        + " refuses to support, the major version of HTTP that was used in the request message."));
        all.add(Deviation.ofCase(
                BAD_INPUT,
                "header fields over the limit",
                "answers 400, not 431",
                "RFC 6585 §5",
                "The 431 status code indicates that the server is unwilling to process the request because its header"
                        + " fields are too large."));
        all.add(Deviation.ofCase(
                BAD_INPUT,
                "chunk over the limit",
                "sends no answer within the kit's read to a chunk size over maxPayloadSize",
                "RFC 9110 §15.5.14",
                "The 413 (Content Too Large) status code indicates that the server is refusing to process a request"
                        + " because the request content is larger than the server is willing or able to process."));
        return List.copyOf(all);
    }
}
