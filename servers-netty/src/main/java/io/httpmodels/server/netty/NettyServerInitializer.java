package io.httpmodels.server.netty;

import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.db.WorldStore;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpResponseEncoder;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import io.netty.handler.timeout.IdleStateHandler;

import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

/**
 * Builds each accepted connection's pipeline, and nothing else: for HTTPS an {@link SslHandler} first, its handshake
 * bounded by the header timeout (so every handler after it sees plaintext, and the deadlines below time decrypted
 * requests); then reader-idle timeout ({@link ReaderIdleHandler}), write deadline
 * ({@link WriteDeadlineHandler}), request decoder (with the config's limits) inside the two halves of a
 * {@link RequestDeadlineHandler} (raw bytes before it, requests after it), response encoder, then a
 * {@link NettyServerHandler} of its own. With {@link ServerConfig#http2()}, a {@link H2cPrefaceDetector} (plaintext)
 * or an {@link AlpnProtocolSwitch} (TLS) ahead of the HTTP/1.1 handlers turns a connection that speaks HTTP/2 over to
 * {@link NettyHttp2}'s handlers. No aggregator: a bodiless
 * GET never pays for one, and the handler gathers the few bodies itself.
 *
 * <p>Sharable and thread-safe: it holds only immutable settings.
 */
final class NettyServerInitializer extends ChannelInitializer<Channel> {

    /** Bodies arrive in pieces of at most this many bytes; the handler enforces the body limit on the sum. */
    private static final int MAX_CHUNK_BYTES = 8192;

    private final ServerConfig config;
    private final NettyResponses answers;
    private final Executor workExecutor;
    private final long idleMillis;
    private final HttpDecoderConfig decoderConfig;
    private final SslContext sslContext;
    private final long handshakeTimeoutMillis;
    private final WorldStore store;

    /** What turns a connection to HTTP/2, or {@code null} when {@code config.http2()} is false. */
    private final NettyHttp2 http2;

    /** The HTTP/1.1 handlers by name, in pipeline order: what {@link NettyHttp2#replaceHttp1} removes. */
    static final String[] HTTP1_HANDLERS = {"h1-bytes", "h1-decoder", "h1-deadlines", "h1-encoder", "h1-handler"};

    /** A plaintext pipeline without a database (what bench-jmh's codec benchmark drives). */
    NettyServerInitializer(ServerConfig config, Executor workExecutor, String model) {
        this(config, workExecutor, null, model, null);
    }

    /**
     * @param workExecutor where simulated work and queries run; {@code null} when {@code config.workMillis()} is 0
     *                     and there is no {@code store}
     * @param sslContext what encrypts each connection; {@code null} when {@code config.tls()} is empty
     * @param model the model's name, for the {@code Server} header
     * @param store what the database routes query, or {@code null} for none (they answer 503)
     */
    NettyServerInitializer(
            ServerConfig config, Executor workExecutor, SslContext sslContext, String model, WorldStore store) {
        this.answers = NettyResponses.forModel(model);
        this.config = config;
        this.store = store;
        this.workExecutor = workExecutor;
        this.sslContext = sslContext;
        this.handshakeTimeoutMillis = config.timeouts().header().toMillis();
        this.idleMillis = config.timeouts().idle().toMillis();
        this.decoderConfig = decoderConfig(config);
        this.http2 = config.http2() ? new NettyHttp2(config, workExecutor, answers, store) : null;
    }

    /**
     * The decoder's settings, from the config's limits: a request line longer than {@code maxHeaderBytes} fails
     * with {@code TooLongHttpLineException} (414), header fields larger than it with
     * {@code TooLongHttpHeaderException} (431). Strict CRLF line parsing, validated header names and values,
     * duplicate Content-Length values refused, and RFC 9112 framing (Content-Length with Transfer-Encoding
     * refused).
     */
    static HttpDecoderConfig decoderConfig(ServerConfig config) {
        return new HttpDecoderConfig()
                .setMaxInitialLineLength(config.limits().maxHeaderBytes())
                .setMaxHeaderSize(config.limits().maxHeaderBytes())
                .setMaxChunkSize(MAX_CHUNK_BYTES)
                .setChunkedSupported(true)
                .setValidateHeaders(true)
                .setAllowDuplicateContentLengths(false)
                .setStrictLineParsing(true)
                .setUseRfc9112TransferEncoding(true);
    }

    @Override
    protected void initChannel(Channel channel) {
        RequestDeadlineHandler deadlines = new RequestDeadlineHandler(config);
        ChannelPipeline pipeline = channel.pipeline();
        if (sslContext != null) {
            // The handshake's clock starts as the handler is added to this active channel, at the accept: a client
            // that sends nothing, half a ClientHello or stalls mid-handshake is closed at the header timeout.
            SslHandler tls = sslContext.newHandler(channel.alloc());
            tls.setHandshakeTimeoutMillis(handshakeTimeoutMillis);
            pipeline.addLast(tls);
        }
        pipeline.addLast(new ReaderIdleHandler(idleMillis), new WriteDeadlineHandler(config));
        if (http2 != null) {
            // HTTP/1.1 stays the pipeline until the connection shows it speaks HTTP/2: by ALPN, or by its preface.
            pipeline.addLast(sslContext != null ? new AlpnProtocolSwitch(http2) : new H2cPrefaceDetector(http2));
        }
        pipeline.addLast(HTTP1_HANDLERS[0], deadlines.bytesWatcher())
                .addLast(
                        HTTP1_HANDLERS[1],
                        new NettyRequestDecoder(decoderConfig, config.limits().maxBodyBytes()))
                .addLast(HTTP1_HANDLERS[2], deadlines)
                .addLast(HTTP1_HANDLERS[3], new HttpResponseEncoder())
                .addLast(HTTP1_HANDLERS[4], new NettyServerHandler(config, workExecutor, answers, store));
    }

    /**
     * The idle timeout: a connection that sends no request bytes for that long is closed. Its clock restarts when
     * a TLS handshake completes, so that the handshake's time, bounded by the header timeout of its own, is not
     * taken from the silence allowed after it: a client is idle from the moment it can send a request, at the
     * accept in plaintext, at the end of the handshake over TLS. It counts decrypted reads only, so a client that
     * trickles part of a TLS record is idle all the same.
     */
    static final class ReaderIdleHandler extends IdleStateHandler {
        ReaderIdleHandler(long idleMillis) {
            super(idleMillis, 0, 0, TimeUnit.MILLISECONDS);
        }

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
            if (evt instanceof SslHandshakeCompletionEvent handshake && handshake.isSuccess()) {
                resetReadTimeout();
            }
            super.userEventTriggered(ctx, evt);
        }
    }
}
