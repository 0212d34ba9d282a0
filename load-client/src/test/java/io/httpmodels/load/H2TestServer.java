package io.httpmodels.load;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http2.DefaultHttp2DataFrame;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersFrame;
import io.netty.handler.codec.http2.DefaultHttp2ResetFrame;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2FrameCodec;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2FrameStream;
import io.netty.handler.codec.http2.Http2HeadersFrame;
import io.netty.handler.codec.http2.Http2Settings;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real HTTP/2 server for the client's tests: Netty's {@link Http2FrameCodec} with prior knowledge (h2c), answering
 * every request "Hello, World!" (or {@code bodyBytes} bytes), with knobs a test turns: the MAX_CONCURRENT_STREAMS it
 * announces, a GOAWAY after so many streams on a connection, an RST_STREAM for every so many. It answers the streams
 * of a read batch together in {@code channelReadComplete}, so the streams open at once on the server are what the
 * client had in flight, which it counts ({@link #maxOpenStreams()}).
 *
 * <pre>{@code
 * try (H2TestServer server = H2TestServer.start(H2TestServer.options())) { ... server.url("/") ... }
 * }</pre>
 */
final class H2TestServer implements AutoCloseable {

    static final byte[] HELLO = "Hello, World!".getBytes(StandardCharsets.US_ASCII);

    /**
     * What the server does besides answering.
     *
     * @param maxConcurrentStreams announced in its SETTINGS
     * @param bodyBytes            body length of every answer; 0 for "Hello, World!"
     * @param goAwayAfter          on each connection, after answering this many streams, a GOAWAY (NO_ERROR) whose
     *                             last stream id is the last one answered, then a close; 0 for never
     * @param resetEvery           every so many streams (the n-th, 2n-th, ...), an RST_STREAM CANCEL instead of an
     *                             answer; 0 for never
     * @param answerAfterMillis    each answer this long after its request was read; 0 for at the end of the read
     */
    record Options(long maxConcurrentStreams, int bodyBytes, int goAwayAfter, int resetEvery, long answerAfterMillis) {
        Options maxConcurrentStreams(long n) {
            return new Options(n, bodyBytes, goAwayAfter, resetEvery, answerAfterMillis);
        }

        Options bodyBytes(int n) {
            return new Options(maxConcurrentStreams, n, goAwayAfter, resetEvery, answerAfterMillis);
        }

        Options goAwayAfter(int n) {
            return new Options(maxConcurrentStreams, bodyBytes, n, resetEvery, answerAfterMillis);
        }

        Options resetEvery(int n) {
            return new Options(maxConcurrentStreams, bodyBytes, goAwayAfter, n, answerAfterMillis);
        }

        Options answerAfterMillis(long millis) {
            return new Options(maxConcurrentStreams, bodyBytes, goAwayAfter, resetEvery, millis);
        }
    }

    static Options options() {
        return new Options(1000, 0, 0, 0, 0);
    }

    private final EventLoopGroup group;
    private final Channel channel;
    private final Options options;
    private final AtomicInteger answered = new AtomicInteger();
    private final AtomicInteger resets = new AtomicInteger();
    private final AtomicInteger goAways = new AtomicInteger();
    private final AtomicInteger maxOpen = new AtomicInteger();

    private final io.netty.handler.ssl.SslContext tls;

    private H2TestServer(Options options, io.netty.handler.ssl.SslContext tls) throws InterruptedException {
        this.options = options;
        this.tls = tls;
        this.group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        this.channel = new ServerBootstrap()
                .group(group)
                .channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        Http2FrameCodec codec = Http2FrameCodecBuilder.forServer()
                                .initialSettings(Http2Settings.defaultSettings()
                                        .maxConcurrentStreams(options.maxConcurrentStreams()))
                                .build();
                        if (tls != null) {
                            ch.pipeline().addLast(tls.newHandler(ch.alloc()));
                        }
                        ch.pipeline().addLast(codec, new Handler(codec));
                    }
                })
                .bind(new InetSocketAddress("127.0.0.1", 0))
                .sync()
                .channel();
    }

    static H2TestServer start(Options options) throws InterruptedException {
        return new H2TestServer(options, null);
    }

    /**
     * The server over TLS with the certificate's key, offering {@code alpn} (h2, say) by ALPN, or nothing when null;
     * it speaks HTTP/2 whatever ALPN settles on.
     */
    static H2TestServer startTls(Options options, TestCertificate certificate, String alpn) throws Exception {
        java.security.KeyStore store = java.security.KeyStore.getInstance(
                certificate.keyStore().toFile(), certificate.password().toCharArray());
        javax.net.ssl.KeyManagerFactory keys =
                javax.net.ssl.KeyManagerFactory.getInstance(javax.net.ssl.KeyManagerFactory.getDefaultAlgorithm());
        keys.init(store, certificate.password().toCharArray());
        io.netty.handler.ssl.SslContextBuilder builder = io.netty.handler.ssl.SslContextBuilder.forServer(keys)
                .sslProvider(io.netty.handler.ssl.SslProvider.JDK);
        if (alpn != null) {
            builder.applicationProtocolConfig(new io.netty.handler.ssl.ApplicationProtocolConfig(
                    io.netty.handler.ssl.ApplicationProtocolConfig.Protocol.ALPN,
                    io.netty.handler.ssl.ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                    io.netty.handler.ssl.ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT,
                    alpn));
        }
        return new H2TestServer(options, builder.build());
    }

    String url(String path) {
        return (tls == null ? "http" : "https") + "://127.0.0.1:"
                + ((InetSocketAddress) channel.localAddress()).getPort() + path;
    }

    /** Streams answered with a response. */
    int answered() {
        return answered.get();
    }

    /** Streams reset with CANCEL. */
    int resets() {
        return resets.get();
    }

    /** GOAWAY frames sent. */
    int goAways() {
        return goAways.get();
    }

    /** The most streams one connection had open at once (read, not yet answered). */
    int maxOpenStreams() {
        return maxOpen.get();
    }

    @Override
    public void close() {
        channel.close().syncUninterruptibly();
        group.shutdownGracefully(0, 1, java.util.concurrent.TimeUnit.SECONDS).syncUninterruptibly();
    }

    /** One connection's streams: gathered over a read batch, answered at its end. */
    private final class Handler extends ChannelInboundHandlerAdapter {
        private final Http2FrameCodec codec;
        private final List<Http2FrameStream> batch = new ArrayList<>();
        private int streams;
        private boolean goneAway;

        Handler(Http2FrameCodec codec) {
            this.codec = codec;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof Http2HeadersFrame headers && headers.isEndStream() && !goneAway) {
                batch.add(headers.stream());
                maxOpen.accumulateAndGet(codec.connection().numActiveStreams(), Math::max);
            }
            io.netty.util.ReferenceCountUtil.release(msg);
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            for (Http2FrameStream stream : batch) {
                if (goneAway) {
                    break;
                }
                streams++;
                if (options.resetEvery() > 0 && streams % options.resetEvery() == 0) {
                    resets.incrementAndGet();
                    ctx.write(new DefaultHttp2ResetFrame(Http2Error.CANCEL).stream(stream));
                    continue;
                }
                if (options.answerAfterMillis() > 0) {
                    ctx.executor()
                            .schedule(
                                    () -> {
                                        answer(ctx, stream);
                                        ctx.flush();
                                    },
                                    options.answerAfterMillis(),
                                    java.util.concurrent.TimeUnit.MILLISECONDS);
                    continue;
                }
                answer(ctx, stream);
                if (options.goAwayAfter() > 0 && streams == options.goAwayAfter()) {
                    goneAway = true;
                    goAways.incrementAndGet();
                    ChannelHandlerContext codecContext = ctx.pipeline().context(codec);
                    codec.goAway(
                            codecContext,
                            stream.id(),
                            Http2Error.NO_ERROR.code(),
                            Unpooled.EMPTY_BUFFER,
                            codecContext.newPromise());
                    ctx.flush();
                    ctx.close();
                    break;
                }
            }
            batch.clear();
            ctx.flush();
        }

        private void answer(ChannelHandlerContext ctx, Http2FrameStream stream) {
            byte[] body = options.bodyBytes() > 0 ? new byte[options.bodyBytes()] : HELLO;
            ByteBuf content = Unpooled.wrappedBuffer(body);
            DefaultHttp2Headers headers = new DefaultHttp2Headers();
            headers.status("200").add("content-type", "text/plain").addInt("content-length", body.length);
            ctx.write(new DefaultHttp2HeadersFrame(headers).stream(stream));
            ctx.write(new DefaultHttp2DataFrame(content, true).stream(stream));
            answered.incrementAndGet();
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }
}
