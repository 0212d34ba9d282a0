package io.httpmodels.server.netty;

import io.httpmodels.server.Workload;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.AsciiString;
import io.netty.util.ReferenceCountUtil;

import java.net.InetAddress;
import java.net.InetSocketAddress;

/**
 * The baseline of the netty model's cost: Netty's own {@code HttpServerCodec} and one handler that answers every
 * request with the plaintext response, on the same transport, one event loop group that also accepts, the same
 * child options and allocator as {@link NettyServer}; none of the model's own handlers (idle and request deadlines,
 * its request decoder and limits, ordered responses for pipelining, the write deadline). What the model costs beyond
 * this is its pipeline's; what this costs beyond nginx is Netty's. Not a model (it skips what a server must do to
 * survive hostile clients), so it lives with the tests and is started by {@code scripts/bench/netty-baseline.sh},
 * which measures it beside the model and nginx as an external target of one compare run.
 *
 * <p>Usage: {@code java -cp ... CodecBaselineServer PORT}; prints
 * {@code netty-codec listening on http://127.0.0.1:PORT (...)} once it accepts, and serves until killed.
 */
public final class CodecBaselineServer {

    private static final AsciiString TEXT_PLAIN = AsciiString.cached("text/plain");
    private static final AsciiString SERVER = AsciiString.cached("httpmodels-netty-codec");
    private static final ByteBuf BODY = Unpooled.unreleasableBuffer(
            Unpooled.directBuffer().writeBytes(Workload.plaintextBody()).asReadOnly());

    private CodecBaselineServer() {}

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        NettyTransport transport = NettyTransport.select("auto");
        EventLoopGroup loops = new MultiThreadIoEventLoopGroup(
                Runtime.getRuntime().availableProcessors(), transport.ioHandlerFactory());
        ServerBootstrap bootstrap = new ServerBootstrap()
                .group(loops)
                .channel(transport.serverChannelClass())
                .option(ChannelOption.SO_BACKLOG, 1024)
                .option(ChannelOption.SO_REUSEADDR, true)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childOption(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                .childHandler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel channel) {
                        channel.pipeline().addLast(new HttpServerCodec(), Plaintext.INSTANCE);
                    }
                });
        Channel server = bootstrap
                .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port))
                .sync()
                .channel();
        System.out.println("netty-codec listening on http://127.0.0.1:" + port + " (netty-codec: " + transport.id()
                + ", HttpServerCodec and one handler, pid "
                + ProcessHandle.current().pid() + ")");
        System.out.flush();
        server.closeFuture().sync();
    }

    /** Answers each request with the plaintext body; closes after it when the request asks to. */
    @ChannelHandler.Sharable
    private static final class Plaintext extends SimpleChannelInboundHandler<Object> {
        static final Plaintext INSTANCE = new Plaintext();

        private Plaintext() {
            super(false);
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, Object msg) {
            try {
                if (msg instanceof HttpRequest request) {
                    FullHttpResponse response = new DefaultFullHttpResponse(
                            HttpVersion.HTTP_1_1, HttpResponseStatus.OK, BODY.duplicate(), false, false);
                    response.headers()
                            .set(HttpHeaderNames.CONTENT_TYPE, TEXT_PLAIN)
                            .set(HttpHeaderNames.SERVER, SERVER)
                            .set(HttpHeaderNames.DATE, NettyResponses.date())
                            .setInt(HttpHeaderNames.CONTENT_LENGTH, BODY.readableBytes());
                    if (HttpUtil.isKeepAlive(request)) {
                        ctx.write(response, ctx.voidPromise());
                    } else {
                        response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
                        ctx.write(response).addListener(ChannelFutureListener.CLOSE);
                    }
                } else if (!(msg instanceof LastHttpContent)) {
                    // A body's pieces: nothing to do with them.
                }
            } finally {
                ReferenceCountUtil.release(msg);
            }
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            ctx.flush();
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }
}
