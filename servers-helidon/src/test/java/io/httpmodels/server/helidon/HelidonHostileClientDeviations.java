package io.httpmodels.server.helidon;

import io.httpmodels.server.Deviation;
import io.httpmodels.server.DeviationTable;

import java.util.List;

/**
 * Where Helidon 4.5.0's webserver fails the hostile-client kit, as the kit observed it ({@code HelidonHostileClientTest},
 * 2026-12-04, JDK 25): 11 of the 41 cases. Every other connection was served meanwhile (a virtual thread per
 * connection), and no hostile client was kept past the idle timeout. Three roots: a request line it cannot read as
 * HTTP/1.1 is closed without an answer; an empty method is taken as a method; and a bad chunk size throws Java's
 * {@code NumberFormatException} inside Helidon's chunk reader, answered 500, not 400.
 */
final class HelidonHostileClientDeviations {

    private static final DeviationTable TABLE = DeviationTable.parse("""
            aHostileRequestGetsItsAnswerWhileOthersAreServed: empty method | INVALID_REQUEST_LINE | takes the empty
                method as a method: the handler answers 405 ("" is not allowed on /plaintext)
            aHostileRequestGetsItsAnswerWhileOthersAreServed: four parts | INVALID_REQUEST_LINE | closes the connection
                without an answer (no 400)
            aHostileRequestGetsItsAnswerWhileOthersAreServed: only a method | INVALID_REQUEST_LINE | closes the
                connection without an answer (no 400)
            aHostileRequestGetsItsAnswerWhileOthersAreServed: version without digits | HTTP_VERSION | closes the
                connection without an answer (no 400)
            aHostileRequestGetsItsAnswerWhileOthersAreServed: long version | HTTP_VERSION | closes the connection
                without an answer (no 400) (no 400 or 505)
            aHostileRequestGetsItsAnswerWhileOthersAreServed: 10,000 headers | HEADER_FIELDS_TOO_LARGE | answers 400,
                not 431, past maxHeadersSize
            aHostileRequestGetsItsAnswerWhileOthersAreServed: chunk size that overflows a long | CHUNK_SIZE_OVERFLOW | answers
                500 (Internal Server Error) and closes: Helidon parses the size with Integer.parseUnsignedInt and the
                NumberFormatException escapes as an internal error
            aHostileRequestGetsItsAnswerWhileOthersAreServed: chunk size of 2^63 | CHUNK_SIZE_OVERFLOW | answers 500
                (Internal Server Error) and closes: Helidon parses the size with Integer.parseUnsignedInt and the
                NumberFormatException escapes as an internal error
            aHostileRequestGetsItsAnswerWhileOthersAreServed: negative chunk size | CHUNK_SIZE_OVERFLOW | answers 500
                (Internal Server Error) and closes: Helidon parses the size with Integer.parseUnsignedInt and the
                NumberFormatException escapes as an internal error
            aHostileRequestGetsItsAnswerWhileOthersAreServed: chunk size not hex | CHUNK_SIZE_OVERFLOW | answers 500
                (Internal Server Error) and closes: Helidon parses the size with Integer.parseUnsignedInt and the
                NumberFormatException escapes as an internal error
            aHostileRequestGetsItsAnswerWhileOthersAreServed: chunk longer than its size | CHUNK | answers 500 (Internal
                Server Error), not 400, to a chunk whose data runs past its size
            """);

    private HelidonHostileClientDeviations() {}

    /** Every case Helidon fails, with what it does and the rule it breaks. */
    static List<Deviation> all() {
        return TABLE.all();
    }
}
