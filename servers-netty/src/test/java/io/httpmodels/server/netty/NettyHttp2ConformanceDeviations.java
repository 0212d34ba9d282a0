package io.httpmodels.server.netty;

import io.httpmodels.server.Deviation;
import io.httpmodels.server.DeviationTable;

import java.util.List;

/**
 * Where netty 4.2.18's HTTP/2 codec ({@code Http2FrameCodec} with {@code Http2StreamFrameToHttpObjectCodec}, as
 * {@code NettyHttp2} builds it with netty's defaults) answers the {@link io.httpmodels.server.Http2ConformanceKit}
 * otherwise, as the kit observed it (2026-12-07): the same for netty and netty-virtual, which share the codec. The
 * frame layer keeps every rule; what it lets through are requests missing a pseudo-header, which the conversion to
 * HTTP/1.x then serves, fails on (a reset CANCEL) or drops, and a lower stream id, which it resets as a closed
 * stream rather than ending the connection.
 */
final class NettyHttp2ConformanceDeviations {

    private static final DeviationTable TABLE = DeviationTable.parse("""
            aStreamIdLowerThanOneOpenedBeforeIsAConnectionErrorOfTypeProtocolError | H2_STREAM_STATES, silent | resets
                the lower stream with RST_STREAM STREAM_CLOSED, serves the higher one and keeps the connection open
            aMalformedRequestIsAStreamErrorOfTypeProtocolError: no :method | H2_MALFORMED, silent | neither answers
                nor resets the stream (the conversion to HTTP/1.x drops it)
            aMalformedRequestIsAStreamErrorOfTypeProtocolError: no :scheme | H2_MALFORMED | serves it 200
            aMalformedRequestIsAStreamErrorOfTypeProtocolError: no :path | H2_MALFORMED | resets the stream with
                CANCEL, not PROTOCOL_ERROR (the conversion to HTTP/1.x throws on the missing path)
            """);

    private NettyHttp2ConformanceDeviations() {}

    /** The kit's cases the netty models answer differently. */
    static List<Deviation> of() {
        return TABLE.of("netty");
    }
}
