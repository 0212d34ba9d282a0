package io.httpmodels.server.jdk;

import static io.httpmodels.server.RuleWords.CHUNK_OVERFLOW_WORDS;
import static io.httpmodels.server.RuleWords.CHUNK_RULE;
import static io.httpmodels.server.RuleWords.FOLD_RULE;
import static io.httpmodels.server.RuleWords.FOLD_WORDS;
import static io.httpmodels.server.RuleWords.REQUEST_LINE_WORDS;
import static io.httpmodels.server.RuleWords.VERSION_RULE;
import static io.httpmodels.server.RuleWords.VERSION_WORDS;

import io.httpmodels.server.Deviation;

import java.util.ArrayList;
import java.util.List;

/**
 * Where the JDK's {@code com.sun.net.httpserver} (JDK 25, as shipped) fails the hostile-client kit, as the kit
 * observed it (2026-12-03): 18 of the 41 cases, for both models, each probed once more on /echo to see what the
 * handler was given. Three roots: the JDK's parser is lenient (it answers 200 to a request line, version, field or
 * Content-Length the kit refuses, and hands the handler a NUL or a bare CR in a value); a bad chunk size ends the
 * exchange with no answer (the JDK's chunked stream throws inside the handler's read); and it has no write
 * deadline and its own idle timeout (30 s), so a client that never reads is not closed.
 */
final class JdkHostileClientDeviations {

    private static final String HOSTILE = "aHostileRequestGetsItsAnswerWhileOthersAreServed";
    private static final String KEPT = ", and keeps the connection";
    private static final String FOLD_JOINED = " (the RFC's other choice; the kit, like the project's models, refuses)";
    private static final String NO_ANSWER = "closes the connection without an answer: the JDK's chunked stream throws"
            + " (\"invalid chunk length\" or \"invalid chunk header\") when the handler reads the body, and the"
            + " exchange ends unanswered";

    private JdkHostileClientDeviations() {}

    /** The hostile-client kit's cases {@code model} fails. */
    static List<Deviation> of(String model) {
        List<Deviation> all = new ArrayList<>();
        hostile(
                all,
                "empty method",
                "takes the empty method as a method: the handler answers 405 (\"\" is not allowed on /plaintext)"
                        + KEPT,
                "RFC 9112 §3",
                REQUEST_LINE_WORDS);
        hostile(
                all,
                "four parts",
                "answers 200, the last word taken as the version (the handler is given the protocol \"extra\")" + KEPT,
                "RFC 9112 §3",
                REQUEST_LINE_WORDS);
        hostile(
                all,
                "TLS ClientHello",
                model.equals(JdkModels.DISPATCHER)
                        ? "waits for a line end in the 64 binary bytes on its one dispatcher thread, with no deadline,"
                                + " so a client on another connection got no answer within 5 s (read timed out)"
                        : "neither answers nor closes within 5 s: it waits for a line end in the 64 binary bytes,"
                                + " with no deadline, past the 500 ms idle timeout",
                "RFC 9112 §3",
                REQUEST_LINE_WORDS);
        hostile(
                all,
                "version without digits",
                "answers 200 (the handler is given the protocol HTTP/x.y)" + KEPT,
                VERSION_RULE,
                VERSION_WORDS);
        hostile(
                all,
                "long version",
                "answers 200 (the handler is given the protocol HTTP/1.1111)" + KEPT,
                VERSION_RULE,
                VERSION_WORDS);
        for (String fold : List.of("obs-fold with a space", "obs-fold with a tab")) {
            hostile(
                    all,
                    fold,
                    "answers 200, the folded line joined to the value with a space (X-a: 1 2)" + FOLD_JOINED,
                    FOLD_RULE,
                    FOLD_WORDS);
        }
        hostile(
                all,
                "obs-fold of the Host",
                "answers 200, the folded line joined to the Host value: the handler is given Host: x y",
                "RFC 9112 §3.2",
                "A server MUST respond with a 400 (Bad Request) status code to any HTTP/1.1 request message that lacks"
                        + " a Host header field and to any request message that contains more than one Host header"
                        + " field line or a Host header field with an invalid field value.");
        hostile(
                all,
                "NUL in a header value",
                "answers 200, the NUL handed to the handler in the value (X-a: a\\0b)",
                "RFC 9110 §5.5",
                "a recipient of CR, LF, or NUL within a field value MUST either reject the message or replace each of"
                        + " those characters with SP before further processing or forwarding of that message.");
        hostile(
                all,
                "bare CR ending a header",
                "answers 200, the bare CR handed to the handler in the value (X-a: a\\r), then a 400 page of its own"
                        + " (\"Bad request line\") and a close",
                "RFC 9112 §2.2",
                "A recipient of such a bare CR MUST consider that element to be invalid or replace each bare CR with SP"
                        + " before processing the element or forwarding the message.");
        hostile(
                all,
                "bare LF then a fold",
                "answers 200, the bare LF taken as a line end and the fold joined to the value (X-a: a b)"
                        + FOLD_JOINED,
                FOLD_RULE,
                FOLD_WORDS);
        hostile(
                all,
                "Content-Length with a plus",
                "reads Content-Length: +5 as 5 and answers 200" + KEPT,
                "RFC 9112 §6.3",
                "If a message is received without Transfer-Encoding and with an invalid Content-Length header field,"
                        + " then the message framing is invalid and the recipient MUST treat it as an unrecoverable"
                        + " error ... the server MUST respond with a 400 (Bad Request) status code and then close the"
                        + " connection.");
        for (String overflow : List.of("chunk size that overflows a long", "chunk size of 2^63")) {
            hostile(all, overflow, NO_ANSWER, CHUNK_RULE, CHUNK_OVERFLOW_WORDS);
        }
        for (String invalid : List.of("negative chunk size", "chunk size not hex")) {
            hostile(all, invalid, NO_ANSWER, CHUNK_RULE, "chunk-size = 1*HEXDIG");
        }
        all.add(Deviation.of(
                "clientsThatSendAndNeverReadDoNotStopTheServer",
                "serves a client on another connection meanwhile, but closes neither of the two that never read:"
                        + " once the kit reads them, their answers stop and no close comes within 5 s (the JDK has no"
                        + " write deadline, and its idle timeout is sun.net.httpserver.idleInterval, 30 s)",
                "ServerConfig.maxPendingOutputBytes",
                "A connection held over it whose peer takes nothing for the idle timeout is closed"));
        all.add(Deviation.of(
                "requestsSplitAtEveryByteAreAnswered",
                "answers all three requests sent a byte at a time, but " + JdkDeviations.NAMES_NORMALISED,
                JdkDeviations.ECHO_RULE,
                JdkDeviations.ECHO_WORDS));
        return List.copyOf(all);
    }

    private static void hostile(List<Deviation> all, String caseName, String instead, String rule, String words) {
        all.add(Deviation.ofCase(HOSTILE, caseName, instead, rule, words));
    }
}
