package io.httpmodels.server.vertx;

import static io.httpmodels.server.RuleWords.FOLD_RULE;
import static io.httpmodels.server.RuleWords.FOLD_WORDS;
import static io.httpmodels.server.RuleWords.REQUEST_LINE_WORDS;
import static io.httpmodels.server.RuleWords.VERSION_RULE;
import static io.httpmodels.server.RuleWords.VERSION_WORDS;

import io.httpmodels.server.Deviation;

import java.util.ArrayList;
import java.util.List;

/**
 * Where Vert.x core 5.0.7's HTTP/1.1 server (Netty 4.2's decoder underneath) answers the conformance kit differently,
 * as the kit observed it (2026-12-04): 23 of its 52 cases. The project does not wrap Vert.x in a fix, so each is a
 * finding, which the kit still runs and requires to fail. Three roots: Vert.x refuses what Netty's decoder cannot
 * parse with the right status but without a {@code Connection: close} field (the Content-Length and
 * Transfer-Encoding smuggling case among them); it parses some malformed heads leniently and serves them; and it has
 * no check of a chunk's declared size or of a transfer coding before {@code chunked}, so it waits for the body.
 */
final class VertxDeviations {

    static final String BAD_INPUT = "badInputGetsItsStatusAndTheConnectionCloses";
    static final String NO_CLOSE_FIELD =
            "answers the right status itself (Netty's decoder refuses the head), but without a Connection: close field";
    static final String CLOSE_RULE = "RFC 9112 §9.6";
    static final String CLOSE_WORDS =
            "The server SHOULD send a \"close\" connection option in its final response on that connection.";
    private static final String ACCEPTS = "answers 200 as if the request were well formed";

    private VertxDeviations() {}

    /** Every conformance case Vert.x answers differently, with what it does and the rule's words. */
    static List<Deviation> all() {
        List<Deviation> all = new ArrayList<>();
        for (String caseName : List.of(
                "garbage request line",
                "request line without version",
                "header without colon",
                "space before colon",
                "request line over the limit",
                "header fields over the limit",
                "Content-Length not a number",
                "negative Content-Length",
                "Content-Length list",
                "Content-Length and Transfer-Encoding (smuggling)")) {
            all.add(Deviation.ofCase(BAD_INPUT, caseName, NO_CLOSE_FIELD, CLOSE_RULE, CLOSE_WORDS));
        }
        all.add(Deviation.of(
                "aBareLineFeedEndingALineIs400",
                NO_CLOSE_FIELD + " (RFC 9112 allows a bare LF; the kit, like the other models, refuses it)",
                CLOSE_RULE,
                CLOSE_WORDS));
        all.add(Deviation.of(
                "chunkedMustBeTheFinalTransferCoding",
                "answers 400 without a Connection: close field",
                "RFC 9112 §6.3",
                "If a Transfer-Encoding header field is present in a request and the chunked transfer coding is not"
                        + " the final encoding, the message body length cannot be determined reliably; the server MUST"
                        + " respond with the 400 (Bad Request) status code and then close the connection."));
        all.add(Deviation.ofCase(
                BAD_INPUT,
                "malformed version",
                "answers 501 with the request's own version in the status line (HTTX/1.1 501 Not Implemented)",
                VERSION_RULE,
                VERSION_WORDS));
        all.add(Deviation.ofCase(
                BAD_INPUT,
                "unsupported version",
                "answers 501 with the request's own version in the status line (HTTP/2.0 501 Not Implemented), not"
                        + " 505",
                "RFC 9110 §15.6.6",
                "The 505 (HTTP Version Not Supported) status code indicates that the server does not support, or"
                        + " refuses to support, the major version of HTTP that was used in the request message."));
        all.add(Deviation.ofCase(
                BAD_INPUT,
                "HTTP/1.1 without Host",
                ACCEPTS,
                "RFC 9112 §3.2",
                "A server MUST respond with a 400 (Bad Request) status code to any HTTP/1.1 request message that lacks"
                        + " a Host header field"));
        all.add(Deviation.ofCase(BAD_INPUT, "obsolete line folding", ACCEPTS, FOLD_RULE, FOLD_WORDS));
        all.add(Deviation.ofCase(
                BAD_INPUT,
                "chunk over the limit",
                "neither answers nor closes within the kit's 5 s: a chunk's declared size is not checked, so Vert.x"
                        + " waits for the chunk's data, which the handler's body limit would refuse only as it arrives",
                "RFC 9110 §15.5.14",
                "The 413 (Content Too Large) status code indicates that the server is refusing to process a request"
                        + " because the request content is larger than the server is willing or able to process."));
        all.add(Deviation.ofCase(
                BAD_INPUT,
                "unsupported Transfer-Encoding before chunked (RFC 9112 §6.1)",
                "neither answers nor closes within the kit's 5 s: it waits for a body",
                "RFC 9112 §6.1",
                "A server that receives a request message with a transfer coding it does not understand SHOULD"
                        + " respond with 501 (Not Implemented)."));
        all.add(Deviation.of(
                "chunkExtensionsFollowTheGrammar",
                ACCEPTS + " (a chunk extension without its '=' value)",
                "RFC 9112 §7.1.1",
                "chunk-ext = *( BWS \";\" BWS chunk-ext-name [ BWS \"=\" BWS chunk-ext-val ] )"));
        all.add(Deviation.of(
                "theRequestLineIsSeparatedBySingleSpaces",
                ACCEPTS + " (two spaces after the method)",
                "RFC 9112 §3",
                REQUEST_LINE_WORDS));
        all.add(Deviation.of(
                "hostIsExactlyOneHostAndPort",
                ACCEPTS + " (Host: user@localhost)",
                "RFC 9112 §3.2",
                "A server MUST respond with a 400 (Bad Request) status code to any HTTP/1.1 request message that lacks"
                        + " a Host header field and to any request message that contains more than one Host header"
                        + " field line or a Host header field with an invalid field value."));
        all.add(Deviation.of(
                "theTargetIsVisibleAscii",
                "hands the handler a target with a NUL in it (the handler answers 404, no route)",
                "RFC 9112 §3",
                REQUEST_LINE_WORDS));
        all.add(Deviation.of(
                "theVersionNameIsCaseSensitive", "answers 501 to http/1.1, not 400", VERSION_RULE, VERSION_WORDS));
        return all;
    }
}
