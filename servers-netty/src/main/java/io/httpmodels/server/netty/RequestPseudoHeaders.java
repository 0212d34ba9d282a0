package io.httpmodels.server.netty;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http2.DefaultHttp2ResetFrame;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2HeadersFrame;
import io.netty.util.ReferenceCountUtil;

/**
 * Resets a stream whose request lacks a pseudo-header field RFC 9113 §8.3.1 requires (a malformed request, §8.1.1: a
 * stream error of type PROTOCOL_ERROR). Netty's frame codec lets such a request through, and its conversion to
 * HTTP/1.x ({@code Http2StreamFrameToHttpObjectCodec}) then serves one without {@code :scheme}, drops one without
 * {@code :method} unanswered and cancels one without {@code :path}: found by the HTTP/2 conformance kit.
 *
 * <p>Only the stream's first HEADERS frame is a request's head; a later one carries trailers, which have no
 * pseudo-header fields. {@code CONNECT} (§8.5) has neither {@code :scheme} nor {@code :path} and is left to the
 * conversion, which answers it as HTTP/1.1 would.
 *
 * <p>One per stream, on its child channel's loop: not sharable.
 */
final class RequestPseudoHeaders extends ChannelInboundHandlerAdapter {

    private boolean headSeen;

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof Http2HeadersFrame frame && !headSeen) {
            headSeen = true;
            if (problem(frame.headers()) != null) {
                ReferenceCountUtil.release(msg);
                ctx.writeAndFlush(new DefaultHttp2ResetFrame(Http2Error.PROTOCOL_ERROR));
                return;
            }
        }
        ctx.fireChannelRead(msg);
    }

    /** What makes {@code headers} a malformed request head, or null when nothing does. */
    static String problem(Http2Headers headers) {
        CharSequence method = headers.method();
        if (method == null) {
            return "no :method";
        }
        if ("CONNECT".contentEquals(method)) {
            return null;
        }
        if (headers.scheme() == null) {
            return "no :scheme";
        }
        CharSequence path = headers.path();
        if (path == null || path.length() == 0) {
            return path == null ? "no :path" : "an empty :path";
        }
        return null;
    }
}
