package io.httpmodels.server.netty;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.ApplicationProtocolNegotiationHandler;

/**
 * On a TLS listener serving h2, reads what ALPN agreed once the handshake is done: {@code h2} turns the pipeline to
 * HTTP/2 ({@link NettyHttp2#replaceHttp1}); {@code http/1.1}, or no ALPN at all (a client that offers none), keeps
 * HTTP/1.1. It then removes itself. Reads that arrive before the handshake ends are held until the pipeline is set.
 *
 * <p>One per connection: not sharable.
 */
final class AlpnProtocolSwitch extends ApplicationProtocolNegotiationHandler {

    private final NettyHttp2 http2;

    AlpnProtocolSwitch(NettyHttp2 http2) {
        super(ApplicationProtocolNames.HTTP_1_1);
        this.http2 = http2;
    }

    @Override
    protected void configurePipeline(ChannelHandlerContext ctx, String protocol) {
        if (ApplicationProtocolNames.HTTP_2.equals(protocol)) {
            http2.replaceHttp1(ctx.pipeline());
        }
    }

    @Override
    protected void handshakeFailure(ChannelHandlerContext ctx, Throwable cause) {
        // A failed handshake is the client's business, as NettyServerHandler treats it: close without a log line.
        ctx.close();
    }
}
