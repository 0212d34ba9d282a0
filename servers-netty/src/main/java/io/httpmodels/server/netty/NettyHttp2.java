package io.httpmodels.server.netty;

import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.db.WorldStore;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http2.Http2FrameCodec;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2MultiplexHandler;
import io.netty.handler.codec.http2.Http2Settings;
import io.netty.handler.codec.http2.Http2StreamChannel;
import io.netty.handler.codec.http2.Http2StreamFrameToHttpObjectCodec;
import io.netty.handler.timeout.IdleStateEvent;

import java.util.concurrent.Executor;

/**
 * The netty model over HTTP/2: turns a connection's pipeline from HTTP/1.1 to HTTP/2 once the connection is known to
 * speak it (the h2c preface read by {@link H2cPrefaceDetector}, or {@code h2} agreed by ALPN), and builds each
 * stream's pipeline.
 *
 * <p>A connection gets Netty's {@link Http2FrameCodec} and {@link Http2MultiplexHandler}: each stream is a child
 * channel whose pipeline is {@link RequestPseudoHeaders} (a request missing a pseudo-header is reset),
 * {@link Http2StreamFrameToHttpObjectCodec} then a {@link NettyServerHandler} of its own,
 * the very handler that answers HTTP/1.1. So a stream is routed and answered by the one definition of the workload,
 * and its simulated work and queries are handed to the work executor exactly as a request's are (a stream is a
 * connection with one request). The price is a child channel, a pipeline and a handler per stream, plus the
 * conversion between frames and HTTP/1.1 objects: a few hundred bytes of garbage per request that a handler on the
 * parent channel, answering frames directly, would not make, at the cost of a second copy of the routing, bodies,
 * errors and work hand-off. One definition first; the frame handler is the step if CPU per request demands it.
 *
 * <p>Where it breaks: the HTTP/1.1 head and body deadlines ({@link RequestDeadlineHandler}) do not apply to streams
 * (a stream's headers come in one HEADERS block, bounded by {@code maxHeaderListSize}); the idle timeout closes a
 * connection with no open stream; answers say the request's version was HTTP/1.1 where they echo it
 * ({@code /echo}), as the conversion names it.
 *
 * <p>Thread-safe: immutable settings; each pipeline it builds is used on its connection's loop only.
 */
final class NettyHttp2 {

    /** The most streams a client may open at once: h2load's {@code -m 100} and a margin, as nginx's 128. */
    static final int MAX_CONCURRENT_STREAMS = 128;

    private final ServerConfig config;
    private final Executor workExecutor;
    private final NettyResponses answers;
    private final WorldStore store;

    NettyHttp2(ServerConfig config, Executor workExecutor, NettyResponses answers, WorldStore store) {
        this.config = config;
        this.workExecutor = workExecutor;
        this.answers = answers;
        this.store = store;
    }

    /**
     * Replaces the HTTP/1.1 handlers of {@code pipeline} (those {@link NettyServerInitializer} names) with the HTTP/2
     * ones; the reader-idle and write deadline handlers stay, ahead of them.
     */
    void replaceHttp1(ChannelPipeline pipeline) {
        for (String name : NettyServerInitializer.HTTP1_HANDLERS) {
            pipeline.remove(name);
        }
        Http2FrameCodec codec = Http2FrameCodecBuilder.forServer()
                .initialSettings(Http2Settings.defaultSettings()
                        .maxConcurrentStreams(MAX_CONCURRENT_STREAMS)
                        .maxHeaderListSize(config.limits().maxHeaderBytes()))
                .build();
        pipeline.addLast(codec, new Http2MultiplexHandler(new StreamInitializer()), new IdleConnectionCloser(codec));
    }

    /** Each stream's pipeline: its head checked, frames to HTTP/1.1 objects and back, then the HTTP/1.1 handler. */
    private final class StreamInitializer extends ChannelInitializer<Http2StreamChannel> {
        @Override
        protected void initChannel(Http2StreamChannel stream) {
            stream.pipeline()
                    .addLast(
                            new RequestPseudoHeaders(),
                            new Http2StreamFrameToHttpObjectCodec(true),
                            new NettyServerHandler(config, workExecutor, answers, store));
        }

        @Override
        public boolean isSharable() {
            return true;
        }
    }

    /**
     * Closes a connection silent for the idle timeout ({@link NettyServerInitializer.ReaderIdleHandler}'s event), as
     * {@link NettyServerHandler} does in HTTP/1.1, unless a stream is still open (waiting for its work).
     */
    private static final class IdleConnectionCloser extends ChannelInboundHandlerAdapter {
        private final Http2FrameCodec codec;

        IdleConnectionCloser(Http2FrameCodec codec) {
            this.codec = codec;
        }

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
            if (evt instanceof IdleStateEvent) {
                if (codec.connection().numActiveStreams() == 0) {
                    ctx.close();
                }
                return;
            }
            super.userEventTriggered(ctx, evt);
        }
    }
}
