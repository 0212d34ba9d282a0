package io.httpmodels.server.netty;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.codec.http2.Http2CodecUtil;

import java.util.List;

/**
 * On a plaintext listener serving h2c, tells HTTP/2 with prior knowledge from HTTP/1.1 by a connection's first bytes:
 * the client connection preface ({@code PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n}, RFC 9113 §3.4) turns the pipeline to
 * HTTP/2 ({@link NettyHttp2#replaceHttp1}); the first byte that differs leaves HTTP/1.1 in place. Either way it
 * removes itself, handing what it read on, so it costs one comparison per connection, not per request.
 *
 * <p>No HTTP/1.1 request starts with the preface ({@code PRI} is no method the workload knows, and its {@code *}
 * with {@code HTTP/2.0} is refused by the HTTP/1.1 path anyway), so nothing HTTP/1.1 is lost. {@code Upgrade: h2c}
 * (RFC 7540 §3.2, deprecated by RFC 9113) is not taken up: such a request is answered in HTTP/1.1, which the RFC
 * allows, so a client that asks for the upgrade (the JDK's {@code HttpClient}) goes on in HTTP/1.1.
 *
 * <p>One per connection: not sharable.
 */
final class H2cPrefaceDetector extends ByteToMessageDecoder {

    private static final ByteBuf PREFACE = Http2CodecUtil.connectionPrefaceBuf();

    private final NettyHttp2 http2;

    H2cPrefaceDetector(NettyHttp2 http2) {
        this.http2 = http2;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        int length = Math.min(in.readableBytes(), PREFACE.readableBytes());
        if (!ByteBufUtil.equals(in, in.readerIndex(), PREFACE, PREFACE.readerIndex(), length)) {
            ctx.pipeline().remove(this);
        } else if (length == PREFACE.readableBytes()) {
            http2.replaceHttp1(ctx.pipeline());
            ctx.pipeline().remove(this);
        }
        // Else a prefix of the preface so far: wait for more.
    }
}
