package io.httpmodels.server.netty;

import io.httpmodels.server.Workload;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.util.AsciiString;

/**
 * Ahead of the encoder on a model other than {@code netty} that shares its handler: sets each response's
 * {@code Server} header to that model's name ({@link NettyResponses} writes {@code httpmodels-netty}, and
 * {@code netty}'s pipeline has no such handler). Stateless and shareable.
 */
@ChannelHandler.Sharable
final class ServerHeaderHandler extends ChannelOutboundHandlerAdapter {
    private final AsciiString server;

    ServerHeaderHandler(String model) {
        this.server = AsciiString.cached(Workload.serverHeader(model));
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (msg instanceof HttpResponse response) {
            response.headers().set(HttpHeaderNames.SERVER, server);
        }
        ctx.write(msg, promise);
    }
}
