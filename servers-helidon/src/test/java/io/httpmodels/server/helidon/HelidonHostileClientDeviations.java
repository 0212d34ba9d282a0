package io.httpmodels.server.helidon;

import static io.httpmodels.server.RuleWords.CHUNK_OVERFLOW_WORDS;
import static io.httpmodels.server.RuleWords.CHUNK_RULE;
import static io.httpmodels.server.RuleWords.REQUEST_LINE_WORDS;
import static io.httpmodels.server.RuleWords.VERSION_RULE;
import static io.httpmodels.server.RuleWords.VERSION_WORDS;

import io.httpmodels.server.Deviation;

import java.util.ArrayList;
import java.util.List;

/**
 * Where Helidon 4.5.0's webserver fails the hostile-client kit, as the kit observed it ({@code HelidonHostileClientTest},
 * 2026-12-04, JDK 25): 11 of the 41 cases. Every other connection was served meanwhile (a virtual thread per
 * connection), and no hostile client was kept past the idle timeout. Three roots: a request line it cannot read as
 * HTTP/1.1 is closed without an answer; an empty method is taken as a method; and a bad chunk size throws Java's
 * {@code NumberFormatException} inside Helidon's chunk reader, answered 500, not 400.
 */
final class HelidonHostileClientDeviations {

    private static final String HOSTILE = "aHostileRequestGetsItsAnswerWhileOthersAreServed";
    private static final String CLOSES = "closes the connection without an answer (no 400)";
    private static final String CHUNK_500 = "answers 500 (Internal Server Error) and closes: Helidon parses the size"
            + " with Integer.parseUnsignedInt and the NumberFormatException escapes as an internal error";

    private HelidonHostileClientDeviations() {}

    /** Every case Helidon fails, with what it does and the rule's words. */
    static List<Deviation> all() {
        List<Deviation> all = new ArrayList<>();
        hostile(
                all,
                "empty method",
                "takes the empty method as a method: the handler answers 405 (\"\" is not allowed on /plaintext)",
                "RFC 9112 §3",
                REQUEST_LINE_WORDS);
        hostile(all, "four parts", CLOSES, "RFC 9112 §3", REQUEST_LINE_WORDS);
        hostile(all, "only a method", CLOSES, "RFC 9112 §3", REQUEST_LINE_WORDS);
        hostile(all, "version without digits", CLOSES, VERSION_RULE, VERSION_WORDS);
        hostile(all, "long version", CLOSES + " (no 400 or 505)", VERSION_RULE, VERSION_WORDS);
        hostile(
                all,
                "10,000 headers",
                "answers 400, not 431, past maxHeadersSize",
                "RFC 6585 §5",
                "The 431 status code indicates that the server is unwilling to process the request because its header"
                        + " fields are too large.");
        for (String chunk : List.of(
                "chunk size that overflows a long",
                "chunk size of 2^63",
                "negative chunk size",
                "chunk size not hex")) {
            hostile(all, chunk, CHUNK_500, CHUNK_RULE, CHUNK_OVERFLOW_WORDS);
        }
        hostile(
                all,
                "chunk longer than its size",
                "answers 500 (Internal Server Error), not 400, to a chunk whose data runs past its size",
                CHUNK_RULE,
                "chunk = chunk-size [ chunk-ext ] CRLF chunk-data CRLF");
        return List.copyOf(all);
    }

    private static void hostile(List<Deviation> all, String caseName, String instead, String rule, String words) {
        all.add(Deviation.ofCase(HOSTILE, caseName, instead, rule, words));
    }
}
