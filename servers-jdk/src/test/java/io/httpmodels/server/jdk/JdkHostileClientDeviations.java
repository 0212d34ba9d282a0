package io.httpmodels.server.jdk;

import io.httpmodels.server.Deviation;
import io.httpmodels.server.DeviationTable;

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

    private static final DeviationTable TABLE = DeviationTable.parse("""
            aHostileRequestGetsItsAnswerWhileOthersAreServed: empty method | INVALID_REQUEST_LINE | takes the empty
                method as a method: the handler answers 405 ("" is not allowed on /plaintext), and keeps the connection
            aHostileRequestGetsItsAnswerWhileOthersAreServed: four parts | INVALID_REQUEST_LINE | answers 200, the last
                word taken as the version (the handler is given the protocol "extra"), and keeps the connection
            [jdk-httpserver] aHostileRequestGetsItsAnswerWhileOthersAreServed: TLS ClientHello | INVALID_REQUEST_LINE | waits
                for a line end in the 64 binary bytes on its one dispatcher thread, with no deadline, so a client on
                another connection got no answer within 5 s (read timed out)
            [jdk-httpserver-virtual] aHostileRequestGetsItsAnswerWhileOthersAreServed: TLS ClientHello | INVALID_REQUEST_LINE | neither
                answers nor closes within 5 s: it waits for a line end in the 64 binary bytes, with no deadline, past
                the 500 ms idle timeout
            aHostileRequestGetsItsAnswerWhileOthersAreServed: version without digits | HTTP_VERSION | answers 200 (the
                handler is given the protocol HTTP/x.y), and keeps the connection
            aHostileRequestGetsItsAnswerWhileOthersAreServed: long version | HTTP_VERSION | answers 200 (the handler is
                given the protocol HTTP/1.1111), and keeps the connection
            aHostileRequestGetsItsAnswerWhileOthersAreServed: obs-fold with a space | OBS_FOLD | answers 200, the folded
                line joined to the value with a space (X-a: 1 2) (the RFC's other choice; the kit, like the project's
                models, refuses)
            aHostileRequestGetsItsAnswerWhileOthersAreServed: obs-fold with a tab | OBS_FOLD | answers 200, the folded
                line joined to the value with a space (X-a: 1 2) (the RFC's other choice; the kit, like the project's
                models, refuses)
            aHostileRequestGetsItsAnswerWhileOthersAreServed: obs-fold of the Host | HOST | answers 200, the folded line
                joined to the Host value: the handler is given Host: x y
            aHostileRequestGetsItsAnswerWhileOthersAreServed: NUL in a header value | CR_LF_NUL_IN_A_FIELD_VALUE | answers
                200, the NUL handed to the handler in the value (X-a: a\\0b)
            aHostileRequestGetsItsAnswerWhileOthersAreServed: bare CR ending a header | BARE_CR | answers 200, the bare
                CR handed to the handler in the value (X-a: a\\r), then a 400 page of its own ("Bad request line") and a
                close
            aHostileRequestGetsItsAnswerWhileOthersAreServed: bare LF then a fold | OBS_FOLD | answers 200, the bare LF
                taken as a line end and the fold joined to the value (X-a: a b) (the RFC's other choice; the kit, like
                the project's models, refuses)
            aHostileRequestGetsItsAnswerWhileOthersAreServed: Content-Length with a plus | INVALID_CONTENT_LENGTH | reads
                Content-Length: +5 as 5 and answers 200, and keeps the connection
            aHostileRequestGetsItsAnswerWhileOthersAreServed: chunk size that overflows a long | CHUNK_SIZE_OVERFLOW | closes
                the connection without an answer: the JDK's chunked stream throws ("invalid chunk length" or "invalid
                chunk header") when the handler reads the body, and the exchange ends unanswered
            aHostileRequestGetsItsAnswerWhileOthersAreServed: chunk size of 2^63 | CHUNK_SIZE_OVERFLOW | closes the
                connection without an answer: the JDK's chunked stream throws ("invalid chunk length" or "invalid chunk
                header") when the handler reads the body, and the exchange ends unanswered
            aHostileRequestGetsItsAnswerWhileOthersAreServed: negative chunk size | CHUNK_SIZE | closes the connection
                without an answer: the JDK's chunked stream throws ("invalid chunk length" or "invalid chunk header")
                when the handler reads the body, and the exchange ends unanswered
            aHostileRequestGetsItsAnswerWhileOthersAreServed: chunk size not hex | CHUNK_SIZE | closes the connection
                without an answer: the JDK's chunked stream throws ("invalid chunk length" or "invalid chunk header")
                when the handler reads the body, and the exchange ends unanswered
            clientsThatSendAndNeverReadDoNotStopTheServer | PENDING_OUTPUT | serves a client on another connection
                meanwhile, but closes neither of the two that never read: once the kit reads them, their answers stop
                and no close comes within 5 s (the JDK has no write deadline, and its idle timeout is
                sun.net.httpserver.idleInterval, 30 s)
            requestsSplitAtEveryByteAreAnswered | ECHO | answers all three requests sent a byte at a time, but hands the
                handler field names normalised (X-test, Content-length) and in a map, so /echo cannot return them as
                sent
            """);

    private JdkHostileClientDeviations() {}

    /** The hostile-client kit's cases {@code model} fails. */
    static List<Deviation> of(String model) {
        return TABLE.of(model);
    }
}
