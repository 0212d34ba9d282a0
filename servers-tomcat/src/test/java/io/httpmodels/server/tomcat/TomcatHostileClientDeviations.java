package io.httpmodels.server.tomcat;

import io.httpmodels.server.Deviation;
import io.httpmodels.server.DeviationTable;

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

    private static final DeviationTable TABLE = DeviationTable.parse("""
            aHostileRequestGetsItsAnswerWhileOthersAreServed: Content-Length then Transfer-Encoding | CONTENT_LENGTH_WITH_TRANSFER_ENCODING | answers
                200, the body read as chunked and the Content-Length ignored, and keeps the connection
            aHostileRequestGetsItsAnswerWhileOthersAreServed: Transfer-Encoding then Content-Length | CONTENT_LENGTH_WITH_TRANSFER_ENCODING | answers
                200, the body read as chunked and the Content-Length ignored, and keeps the connection
            aHostileRequestGetsItsAnswerWhileOthersAreServed: empty method | INVALID_REQUEST_LINE | hands the servlet
                the empty method, which answers 405 ("" is not allowed on /plaintext), and keeps the connection
            aHostileRequestGetsItsAnswerWhileOthersAreServed: no target | INVALID_REQUEST_LINE | takes "HTTP/1.1" as the
                target of an HTTP/0.9 request and answers its 400 page with no status line
            aHostileRequestGetsItsAnswerWhileOthersAreServed: long version | HTTP_VERSION | refuses it without
                Connection: close, and keeps the connection
            aHostileRequestGetsItsAnswerWhileOthersAreServed: obs-fold with a space | OBS_FOLD | answers 200, the fold
                joined to the field's value, and keeps the connection
            aHostileRequestGetsItsAnswerWhileOthersAreServed: obs-fold with a tab | OBS_FOLD | answers 200, the fold
                joined to the field's value, and keeps the connection
            aHostileRequestGetsItsAnswerWhileOthersAreServed: bare LF then a fold | OBS_FOLD | answers 200, the fold
                joined to the field's value, and keeps the connection
            aHostileRequestGetsItsAnswerWhileOthersAreServed: 10,000 headers | HEADER_FIELDS_TOO_LARGE | answers 400
                (its own text/html page, the head over maxHttpRequestHeaderSize), not 431
            aResetInTheMiddleOfAResponseLeavesTheServerServing | STATUS_LINE | sends no reason phrase ("HTTP/1.1 200 "),
                which the kit's check of the first answer reads; the server then serves on
            """);

    private TomcatHostileClientDeviations() {}

    /** The hostile-client kit's cases {@code model} fails. */
    static List<Deviation> of(String model) {
        return TABLE.of(model);
    }
}
