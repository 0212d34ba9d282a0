package io.httpmodels.server.tomcat;

import static io.httpmodels.server.RuleWords.FOLD_RULE;
import static io.httpmodels.server.RuleWords.FOLD_WORDS;
import static io.httpmodels.server.RuleWords.REQUEST_LINE_WORDS;
import static io.httpmodels.server.RuleWords.VERSION_RULE;
import static io.httpmodels.server.RuleWords.VERSION_WORDS;

import io.httpmodels.server.Deviation;

import java.util.ArrayList;
import java.util.List;

/**
 * Where Tomcat 11.0.27 (embedded, NIO connector, as shipped) fails the hostile-client kit, as the kit observed it
 * (2026-12-04): 10 of the 41 cases a model, the same for both models. Security-relevant first: Content-Length with
 * Transfer-Encoding: chunked, in either order, is served (200, the body read as chunked) on a connection kept
 * open, the request-smuggling shape RFC 9112 §6.1 says must at least close. The rest: Tomcat's parser is lenient
 * (an empty method reaches the servlet, obs-folds are joined, a version of four digits is refused without a
 * close), it refuses some heads itself with 400 and its own page where the kit asks another status, and it sends
 * no reason phrase. No case held a bystander: every other connection was served throughout.
 */
final class TomcatHostileClientDeviations {

    private static final String HOSTILE = "aHostileRequestGetsItsAnswerWhileOthersAreServed";
    private static final String KEPT = ", and keeps the connection";
    private static final String SMUGGLING_WORDS = "A server MAY reject a request that contains both Content-Length"
            + " and Transfer-Encoding or process such a request in accordance with the Transfer-Encoding alone."
            + " Regardless, the server MUST close the connection after responding to such a request";

    private TomcatHostileClientDeviations() {}

    /** The hostile-client kit's cases {@code model} fails. */
    static List<Deviation> of(String model) {
        List<Deviation> all = new ArrayList<>();
        for (String order : List.of("Content-Length then Transfer-Encoding", "Transfer-Encoding then Content-Length")) {
            hostile(
                    all,
                    order,
                    "answers 200, the body read as chunked and the Content-Length ignored" + KEPT,
                    "RFC 9112 §6.1",
                    SMUGGLING_WORDS);
        }
        hostile(
                all,
                "empty method",
                "hands the servlet the empty method, which answers 405 (\"\" is not allowed on /plaintext)" + KEPT,
                "RFC 9112 §3",
                REQUEST_LINE_WORDS);
        hostile(
                all,
                "no target",
                "takes \"HTTP/1.1\" as the target of an HTTP/0.9 request and answers its 400 page with no status line",
                "RFC 9112 §3",
                REQUEST_LINE_WORDS);
        hostile(all, "long version", "refuses it without Connection: close" + KEPT, VERSION_RULE, VERSION_WORDS);
        for (String fold : List.of("obs-fold with a space", "obs-fold with a tab", "bare LF then a fold")) {
            hostile(all, fold, "answers 200, the fold joined to the field's value" + KEPT, FOLD_RULE, FOLD_WORDS);
        }
        hostile(
                all,
                "10,000 headers",
                "answers 400 (its own text/html page, the head over maxHttpRequestHeaderSize), not 431",
                "RFC 6585 §5",
                "The 431 status code indicates that the server is unwilling to process the request because its"
                        + " header fields are too large.");
        all.add(Deviation.of(
                "aResetInTheMiddleOfAResponseLeavesTheServerServing",
                "sends no reason phrase (\"HTTP/1.1 200 \"), which the kit's check of the first answer reads; the"
                        + " server then serves on",
                "RFC 9112 §4",
                "status-line = HTTP-version SP status-code SP [ reason-phrase ] (the kit, as the project's models,"
                        + " expects the reason phrase)"));
        return all;
    }

    private static void hostile(List<Deviation> all, String caseName, String instead, String rule, String words) {
        all.add(Deviation.ofCase(HOSTILE, caseName, instead, rule, words));
    }
}
