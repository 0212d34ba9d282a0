package io.httpmodels.server.tio;

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
 * Where t-io 3.8.6's HTTP server fails the hostile-client kit, as the kit observed it ({@code TioHostileClientTest},
 * 2026-12-03, JDK 25): 37 of the 41 cases. The roots are the conformance kit's ({@link TioDeviations}): t-io parses
 * leniently and answers 200 to what it understood (obs-folds, NUL, bare CR, non-token bytes in names, chunk sizes it
 * never reads); it closes without an answer on a Content-Length it cannot use; it answers nothing, and keeps the
 * connection, to a request line it cannot parse; it closes a POST of 6 bytes or more sent in pieces, or pipelined
 * large, without an answer; and it has no write deadline of the configured idle timeout.
 */
final class TioHostileClientDeviations {

    private static final String HOSTILE = "aHostileRequestGetsItsAnswerWhileOthersAreServed";
    private static final String SILENT =
            "neither answers nor closes within the kit's 5 s read (it keeps the connection)";
    private static final String ACCEPTS = "answers 200 as if the request were well formed";
    private static final String CLOSES = "closes the connection without an answer (no 400)";
    private static final String REQUEST_LINE_RULE = "RFC 9112 §3";
    private static final String FIELD_VALUE_RULE = "RFC 9110 §5.5";
    private static final String FIELD_VALUE_WORDS = "a recipient of CR, LF, or NUL within a field value MUST either"
            + " reject the message or replace each of those characters with SP before further processing or"
            + " forwarding of that message.";
    private static final String FIELD_NAME_RULE = "RFC 9110 §5.1";
    private static final String FIELD_NAME_WORDS = "field-name = token";
    private static final String LENGTH_RULE = "RFC 9112 §6.3";
    private static final String LENGTH_WORDS = "If a message is received without Transfer-Encoding and with an invalid"
            + " Content-Length header field, then the message framing is invalid and the recipient MUST treat it as"
            + " an unrecoverable error ... the server MUST respond with a 400 (Bad Request) status code and then close"
            + " the connection.";
    private static final String CHUNK_UNREAD = ACCEPTS + " (t-io does not read the chunks)";

    private TioHostileClientDeviations() {}

    /** The hostile-client kit's cases t-io fails. */
    static List<Deviation> all() {
        List<Deviation> all = new ArrayList<>();
        for (String silent : List.of("empty method", "no target", "only a method", "binary noise", "TLS ClientHello")) {
            hostile(all, silent, SILENT, REQUEST_LINE_RULE, REQUEST_LINE_WORDS);
        }
        hostile(all, "four parts", ACCEPTS, REQUEST_LINE_RULE, REQUEST_LINE_WORDS);
        hostile(all, "version without digits", ACCEPTS, VERSION_RULE, VERSION_WORDS);
        hostile(all, "long version", ACCEPTS, VERSION_RULE, VERSION_WORDS);
        for (String fold : List.of("obs-fold with a space", "obs-fold with a tab", "bare LF then a fold")) {
            hostile(all, fold, ACCEPTS, FOLD_RULE, FOLD_WORDS);
        }
        hostile(
                all,
                "obs-fold of the Host",
                ACCEPTS,
                "RFC 9112 §3.2",
                "A server MUST respond with a 400 (Bad Request) status code to any HTTP/1.1 request message that lacks"
                        + " a Host header field and to any request message that contains more than one Host header"
                        + " field line or a Host header field with an invalid field value.");
        hostile(all, "NUL in a header value", ACCEPTS, FIELD_VALUE_RULE, FIELD_VALUE_WORDS);
        for (String name : List.of("NUL in a header name", "UTF-8 in a field name", "Latin-1 byte in a field name")) {
            hostile(all, name, ACCEPTS, FIELD_NAME_RULE, FIELD_NAME_WORDS);
        }
        for (String bareCr : List.of("bare CR in a header value", "bare CR ending a header")) {
            hostile(
                    all,
                    bareCr,
                    ACCEPTS,
                    "RFC 9112 §2.2",
                    "A recipient of such a bare CR MUST consider that element to be invalid or replace each bare CR"
                            + " with SP before processing the element or forwarding the message.");
        }
        hostile(
                all,
                "bare LF then no colon",
                ACCEPTS,
                "RFC 9112 §5",
                "field-line = field-name \":\" OWS field-value OWS");
        hostile(all, "negative Content-Length", ACCEPTS, "RFC 9110 §8.6", "Content-Length = 1*DIGIT");
        hostile(all, "empty Content-Length", ACCEPTS, "RFC 9110 §8.6", "Content-Length = 1*DIGIT");
        for (String length : List.of(
                "Content-Length with a plus",
                "overflowing Content-Length",
                "Content-Length of 2^63",
                "conflicting Content-Lengths",
                "Content-Length list",
                "Content-Length in hex")) {
            hostile(all, length, CLOSES, LENGTH_RULE, LENGTH_WORDS);
        }
        for (String both : List.of("Content-Length then Transfer-Encoding", "Transfer-Encoding then Content-Length")) {
            hostile(
                    all,
                    both,
                    CLOSES,
                    "RFC 9112 §6.1",
                    "A server MAY reject a request that contains both Content-Length and Transfer-Encoding or process"
                            + " such a request in accordance with the Transfer-Encoding alone. Regardless, the server"
                            + " MUST close the connection after responding to such a request");
        }
        for (String overflow : List.of("chunk size that overflows a long", "chunk size of 2^63")) {
            hostile(all, overflow, CHUNK_UNREAD, CHUNK_RULE, CHUNK_OVERFLOW_WORDS);
        }
        for (String invalid : List.of("negative chunk size", "chunk size not hex", "chunk longer than its size")) {
            hostile(all, invalid, CHUNK_UNREAD, CHUNK_RULE, "chunk = chunk-size [ chunk-ext ] CRLF chunk-data CRLF");
        }
        all.add(Deviation.of(
                "requestsSplitAtEveryByteAreAnswered",
                "closes the connection without an answer to three requests sent a byte at a time (\"connection"
                        + " closed before a status line\")",
                "RFC 9112 §9.3",
                "HTTP/1.1 defaults to the use of \"persistent connections\", allowing multiple requests and responses"
                        + " to be carried over a single connection."));
        all.add(Deviation.of(
                "aResetInTheMiddleOfAResponseLeavesTheServerServing",
                "closes the connection without an answer to 40 pipelined 32 KB POSTs to /echo (0 of the kit's 100"
                        + " bytes read), so there is no response to reset",
                "RFC 9112 §6.2",
                "If a message is received without Transfer-Encoding and with a valid Content-Length header field,"
                        + " the Content-Length field value defines the expected message body length"));
        all.add(Deviation.of(
                "clientsThatSendAndNeverReadDoNotStopTheServer",
                "serves a client on another connection meanwhile, but does not close the clients that never read"
                        + " once they have been silent for the idle timeout",
                "ServerConfig.maxPendingOutputBytes",
                "A connection held over it whose peer takes nothing for the idle timeout is closed"));
        return List.copyOf(all);
    }

    private static void hostile(List<Deviation> all, String caseName, String instead, String rule, String words) {
        all.add(Deviation.ofCase(HOSTILE, caseName, instead, rule, words));
    }
}
