package io.httpmodels.server.netty;

import io.httpmodels.server.ServerConfig;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpResponseEncoder;
import io.netty.handler.timeout.IdleStateHandler;

import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

/**
 * Builds each accepted connection's pipeline, and nothing else: reader-idle timeout, write deadline
 * ({@link WriteDeadlineHandler}), request decoder (with the config's limits) inside the two halves of a
 * {@link RequestDeadlineHandler} (raw bytes before it, requests after it), response encoder, then a
 * {@link NettyServerHandler} of its own. No aggregator: a bodiless
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

    /**
     * @param workExecutor where simulated work runs; {@code null} when {@code config.workMillis()} is 0
     * @param model the model's name, for the {@code Server} header
     */
    NettyServerInitializer(ServerConfig config, Executor workExecutor, String model) {
        this.answers = NettyResponses.forModel(model);
        this.config = config;
        this.workExecutor = workExecutor;
        this.idleMillis = config.idleTimeout().toMillis();
        this.decoderConfig = decoderConfig(config);
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
                .setMaxInitialLineLength(config.maxHeaderBytes())
                .setMaxHeaderSize(config.maxHeaderBytes())
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
        channel.pipeline()
                .addLast(
                        new IdleStateHandler(idleMillis, 0, 0, TimeUnit.MILLISECONDS),
                        new WriteDeadlineHandler(config),
                        deadlines.bytesWatcher(),
                        new NettyRequestDecoder(decoderConfig, config.maxBodyBytes()),
                        deadlines,
                        new HttpResponseEncoder(),
                        new NettyServerHandler(config, workExecutor, answers));
    }
}
