package io.httpmodels.server.jetty;

import io.httpmodels.server.Deviation;
import io.httpmodels.server.DeviationTable;

import java.util.List;

/**
 * Where Jetty 12.1.14's HTTP/2 ({@code HTTP2CServerConnectionFactory} with its defaults, as the models configure it)
 * answers the {@link io.httpmodels.server.Http2ConformanceKit} otherwise, as the kit observed it (2026-12-07): the
 * same for both models. The frame layer keeps the connection rules; a malformed request is answered 400 on Jetty's own
 * error page (then, from run to run, the stream reset NO_ERROR or not) rather than reset PROTOCOL_ERROR, and three
 * connection-specific fields (Keep-Alive, Transfer-Encoding, Upgrade) pass through to the handler, which serves them.
 */
final class JettyHttp2ConformanceDeviations {

    private static final String ANSWERS_400 = "answers 400 on its own error page (300 to 450 bytes) and ends the"
            + " stream, then resets it NO_ERROR or not, rather than resetting it PROTOCOL_ERROR";

    private static final DeviationTable TABLE = DeviationTable.parse("""
            aWindowUpdateOf0OnAStreamIsAStreamErrorOfTypeProtocolError | H2_FLOW_CONTROL | resets the stream with
                CANCEL, not PROTOCOL_ERROR
            aMalformedRequestIsAStreamErrorOfTypeProtocolError: Connection field | H2_MALFORMED | %1$s
            aMalformedRequestIsAStreamErrorOfTypeProtocolError: Keep-Alive field | H2_MALFORMED | serves it 200
            aMalformedRequestIsAStreamErrorOfTypeProtocolError: Transfer-Encoding field | H2_MALFORMED | serves it 200
            aMalformedRequestIsAStreamErrorOfTypeProtocolError: Upgrade field | H2_MALFORMED | serves it 200
            aMalformedRequestIsAStreamErrorOfTypeProtocolError: uppercase field name | H2_MALFORMED | %1$s
            aMalformedRequestIsAStreamErrorOfTypeProtocolError: TE other than trailers | H2_MALFORMED | %1$s
            aMalformedRequestIsAStreamErrorOfTypeProtocolError: no :method | H2_MALFORMED | %1$s
            aMalformedRequestIsAStreamErrorOfTypeProtocolError: no :scheme | H2_MALFORMED | %1$s
            aMalformedRequestIsAStreamErrorOfTypeProtocolError: no :path | H2_MALFORMED | %1$s
            aMalformedRequestIsAStreamErrorOfTypeProtocolError: empty :path | H2_MALFORMED | %1$s
            aMalformedRequestIsAStreamErrorOfTypeProtocolError: pseudo-header after a regular field | H2_MALFORMED | %1$s
            aMalformedRequestIsAStreamErrorOfTypeProtocolError: duplicate :path | H2_MALFORMED | %1$s
            aMalformedRequestIsAStreamErrorOfTypeProtocolError: undefined pseudo-header | H2_MALFORMED | %1$s
            aMalformedRequestIsAStreamErrorOfTypeProtocolError: response pseudo-header in a request | H2_MALFORMED |
                %1$s
            """.formatted(ANSWERS_400));

    private JettyHttp2ConformanceDeviations() {}

    /** The kit's cases the Jetty models answer differently. */
    static List<Deviation> of(String model) {
        return TABLE.of(model);
    }
}
