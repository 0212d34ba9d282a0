package io.httpmodels.server.jetty;

import io.httpmodels.server.Deviation;
import io.httpmodels.server.DeviationTable;

import java.util.List;

/**
 * Where Jetty 12.1.14 (its default {@code HttpCompliance.RFC9110}, as the models configure it) answers the
 * conformance kit differently, as the kit observed it (2026-12-04): 21 of the 52 cases, the same for both models,
 * which share Jetty's parser. The project does not wrap Jetty in a fix, so each is a finding; the kit still runs
 * every case and requires it to fail. Three roots: Jetty refuses bad framing itself, with the right status but its
 * own {@code ErrorHandler} page ({@code text/html}), and answers a bad request line 400 without
 * {@code Connection: close}; it parses some request lines leniently (two spaces, {@code http/1.1}, a bare LF); and it
 * answers a version it cannot read 505 (and {@code HTTP/2.0} 426) rather than 400 and 505. Request smuggling
 * (Content-Length with Transfer-Encoding) is refused with 400, as the rule asks, but on Jetty's own page.
 *
 * <p>Not here: the kit's {@code closeEndsEveryConnectionAndThreadAndFreesThePort}, which Jetty answers one way or
 * the other from run to run; {@link JettyCloseTest} runs it instead ({@link JettyCloseCase}).
 */
final class JettyConformanceDeviations {

    private static final DeviationTable TABLE = DeviationTable.parse("""
            aBareLineFeedEndingALineIs400 | BARE_LF | answers 200 as if the request were well formed (RFC 9112 allows
                it; the kit, like the project's models, refuses a bare LF)
            theRequestLineIsSeparatedBySingleSpaces | INVALID_REQUEST_LINE | answers 200 as if the request were well
                formed to GET with two spaces
            theVersionNameIsCaseSensitive | HTTP_NAME | answers 200 as if the request were well formed with http/1.1
            theTargetIsVisibleAscii | CLOSE_SENT | answers a NUL in the target 400 itself, but without a Connection:
                close field
            asteriskFormIsForOptionsOnly | ERROR_ANSWER | refuses GET * itself with 400 ("Bad URI path") on its own
                text/html page, before the handler
            badInputGetsItsStatusAndTheConnectionCloses: garbage request line | CLOSE_SENT | answers 400 itself, but
                without a Connection: close field (the kit reads no further)
            badInputGetsItsStatusAndTheConnectionCloses: request line over the limit | CLOSE_SENT | answers 414 itself,
                but without a Connection: close field
            badInputGetsItsStatusAndTheConnectionCloses: request line without version | HTTP_VERSION | answers 505 (HTTP
                Version Not Supported) rather than 400
            badInputGetsItsStatusAndTheConnectionCloses: malformed version | HTTP_VERSION | answers 505 (HTTP Version
                Not Supported) rather than 400
            badInputGetsItsStatusAndTheConnectionCloses: unsupported version | VERSION_NOT_SUPPORTED | answers HTTP/2.0
                with 426 (Upgrade Required) rather than 505
            badInputGetsItsStatusAndTheConnectionCloses: HTTP/1.1 without Host | ERROR_ANSWER | refuses it itself with
                the right status, before the handler runs, but with its own ErrorHandler page
                (text/html;charset=iso-8859-1)
            badInputGetsItsStatusAndTheConnectionCloses: header without colon | ERROR_ANSWER | refuses it itself with
                the right status, before the handler runs, but with its own ErrorHandler page
                (text/html;charset=iso-8859-1)
            badInputGetsItsStatusAndTheConnectionCloses: space before colon | ERROR_ANSWER | refuses it itself with the
                right status, before the handler runs, but with its own ErrorHandler page (text/html;charset=iso-8859-1)
            badInputGetsItsStatusAndTheConnectionCloses: obsolete line folding | ERROR_ANSWER | refuses it itself with
                the right status, before the handler runs, but with its own ErrorHandler page
                (text/html;charset=iso-8859-1)
            badInputGetsItsStatusAndTheConnectionCloses: header fields over the limit | ERROR_ANSWER | refuses it itself
                with the right status, before the handler runs, but with its own ErrorHandler page
                (text/html;charset=iso-8859-1)
            badInputGetsItsStatusAndTheConnectionCloses: Content-Length not a number | ERROR_ANSWER | refuses it itself
                with the right status, before the handler runs, but with its own ErrorHandler page
                (text/html;charset=iso-8859-1)
            badInputGetsItsStatusAndTheConnectionCloses: negative Content-Length | ERROR_ANSWER | refuses it itself with
                the right status, before the handler runs, but with its own ErrorHandler page
                (text/html;charset=iso-8859-1)
            badInputGetsItsStatusAndTheConnectionCloses: Content-Length list | ERROR_ANSWER | refuses it itself with the
                right status, before the handler runs, but with its own ErrorHandler page (text/html;charset=iso-8859-1)
            badInputGetsItsStatusAndTheConnectionCloses: Content-Length and Transfer-Encoding (smuggling) | ERROR_ANSWER | refuses
                it itself with the right status, before the handler runs, but with its own ErrorHandler page
                (text/html;charset=iso-8859-1)
            badInputGetsItsStatusAndTheConnectionCloses: chunk over the limit | CONTENT_TOO_LARGE | hands the handler
                the body as a stream, the chunk's size unseen, so the handler, reading up to the limit, waits for the
                chunk's bytes: no answer within 5 s
            badInputGetsItsStatusAndTheConnectionCloses: unsupported Transfer-Encoding before chunked (RFC 9112 §6.1) | UNKNOWN_TRANSFER_CODING | takes
                Transfer-Encoding: gzip, chunked as a chunked body and runs the handler, which waits for it: no answer
                within 5 s
            """);

    private JettyConformanceDeviations() {}

    /** The kit's cases {@code model} answers differently (the same for both models). */
    static List<Deviation> of(String model) {
        return TABLE.of(model);
    }
}
