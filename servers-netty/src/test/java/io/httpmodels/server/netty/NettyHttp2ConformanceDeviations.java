package io.httpmodels.server.netty;

import io.httpmodels.server.Deviation;
import io.httpmodels.server.DeviationTable;

import java.util.List;

/**
 * Where netty 4.2.18's HTTP/2 codec ({@code Http2FrameCodec} with {@code Http2StreamFrameToHttpObjectCodec}, as
 * {@code NettyHttp2} builds it with netty's defaults) answers the {@link io.httpmodels.server.Http2ConformanceKit}
 * otherwise, as the kit observed it (2026-12-07): the same for netty and netty-virtual, which share the codec. The
 * frame layer keeps every rule but one: a lower stream id, which it resets as a closed stream rather than ending the
 * connection. (Requests missing a pseudo-header, which the conversion to HTTP/1.x served, dropped or cancelled, are
 * reset by the model's {@code RequestPseudoHeaders}.)
 */
final class NettyHttp2ConformanceDeviations {

    private static final DeviationTable TABLE = DeviationTable.parse("""
            aStreamIdLowerThanOneOpenedBeforeIsAConnectionErrorOfTypeProtocolError | H2_STREAM_STATES, silent | resets
                the lower stream with RST_STREAM STREAM_CLOSED, serves the higher one and keeps the connection open
            """);

    private NettyHttp2ConformanceDeviations() {}

    /** The kit's cases the netty models answer differently. */
    static List<Deviation> of() {
        return TABLE.of("netty");
    }
}
