package io.httpmodels.server.vertx;

import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.tls.ServerTls;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.Http2Settings;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.net.JdkSSLEngineOptions;
import io.vertx.core.net.KeyCertOptions;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.LinkedHashSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Starts a {@link Vertx} and deploys {@link HttpServerVerticle} once per event loop, sharing one listening socket;
 * closing it closes the {@code Vertx}, which undeploys the verticles, closes the servers and ends Vert.x's threads.
 */
final class VertxServer implements RunningServer {

    /** How long starting or closing Vert.x may take before the model gives up on it. */
    private static final long WAIT_SECONDS = 30;

    /** The port that asks Vert.x for a random port shared by every server asking for it. */
    private static final int SHARED_RANDOM_PORT = -1;

    /** The HTTP/2 streams a connection may have open at once, advertised in SETTINGS: netty's figure. */
    static final int MAX_CONCURRENT_STREAMS = 128;

    private final Vertx vertx;
    private final InetSocketAddress address;
    private final String description;
    private final AtomicBoolean closed = new AtomicBoolean();

    private VertxServer(Vertx vertx, InetSocketAddress address, String description) {
        this.vertx = vertx;
        this.address = address;
        this.description = description;
    }

    static RunningServer start(String name, ServerConfig config) throws IOException {
        config.tls().ifPresent(tls -> tls.requireJdkProvider(name));
        VertxOptions vertxOptions = new VertxOptions();
        if (config.threads().workers() > 0) {
            vertxOptions.setEventLoopPoolSize(config.threads().workers());
        }
        if (config.threads().workPool() > 0) {
            vertxOptions.setWorkerPoolSize(config.threads().workPool());
        }
        int eventLoops = vertxOptions.getEventLoopPoolSize();
        Vertx vertx = Vertx.vertx(vertxOptions);
        try {
            // Vert.x shares a socket among servers asking for the same address, but port 0 means a port of one's
            // own: a negative port is its shared random port, bound by the first server that asks for it.
            int port = config.address().port() == 0
                    ? SHARED_RANDOM_PORT
                    : config.address().port();
            HttpServerOptions options = serverOptions(config, port);
            int databaseConnections = config.database()
                    .map(database -> database.poolSizeOr(eventLoops))
                    .orElse(0);
            AtomicInteger instances = new AtomicInteger();
            // The first instance deployed alone, since only the server that binds knows the port it got.
            HttpServerVerticle first = new HttpServerVerticle(
                    name, config, options, connectionsOf(instances.getAndIncrement(), eventLoops, databaseConnections));
            await(vertx.deployVerticle(first));
            int actualPort = first.actualPort();
            if (eventLoops > 1) {
                await(vertx.deployVerticle(
                        () -> new HttpServerVerticle(
                                name,
                                config,
                                options,
                                connectionsOf(instances.getAndIncrement(), eventLoops, databaseConnections)),
                        new DeploymentOptions().setInstances(eventLoops - 1)));
            }
            String description = name + ": Vert.x " + eventLoops + " event loops (" + eventLoops
                    + " HttpServer verticle instances sharing the port), worker pool "
                    + vertxOptions.getWorkerPoolSize() + " for the work, HTTP/1.1"
                    + (config.http2() ? (config.tls().isPresent() ? " and h2 by ALPN" : " and h2c") : "")
                    + " on NIO"
                    + (config.database().isEmpty()
                            ? ""
                            : ", a pool of " + Math.max(databaseConnections, eventLoops)
                                    + " database connections (vertx-pg-client, one pipelined pool per event loop)")
                    + config.tls()
                            .map(tls -> ", TLS (" + tls.provider().id() + ")")
                            .orElse("");
            return new VertxServer(
                    vertx, new InetSocketAddress(config.address().bindAddress(), actualPort), description);
        } catch (IOException | RuntimeException e) {
            closeQuietly(vertx);
            throw e;
        }
    }

    /**
     * The database connections of verticle instance {@code index}: {@code total} spread over the event loops as evenly
     * as it goes, and at least one each (every loop queries on its own connections).
     */
    static int connectionsOf(int index, int eventLoops, int total) {
        if (total == 0) {
            return 0;
        }
        return Math.max(1, total / eventLoops + (index < total % eventLoops ? 1 : 0));
    }

    /**
     * HTTP/1.1, with {@link ServerConfig}'s idle timeout and head limits, and TLS when the config asks for it
     * ({@link #tls(HttpServerOptions, ServerTls, ServerConfig)}); with {@link ServerConfig#http2()} also Vert.x's own
     * HTTP/2: in cleartext h2c (a connection opening with the preface, or asking by {@code Upgrade: h2c}), over TLS
     * h2 by ALPN ({@code useAlpn}; Vert.x offers h2, then http/1.1). Everything else as Vert.x ships it.
     */
    static HttpServerOptions serverOptions(ServerConfig config, int port) {
        HttpServerOptions options = plainOptions(config, port);
        config.tls().ifPresent(tls -> tls(options, tls, config));
        return options;
    }

    /**
     * Vert.x's own TLS on the listener: key material from {@code tls}'s key managers
     * ({@code KeyCertOptions.wrap}), the JDK's engine (Vert.x's default without ALPN, named so that it stays so),
     * the protocols {@link ServerTls#PROTOCOLS} (Vert.x's default is the same two, named so they stay every model's),
     * and the handshake deadline ({@code sslHandshakeTimeout}, 10 s by default) set to
     * {@link ServerConfig.Timeouts#header()}, the bound every model keeps on a handshake.
     */
    static HttpServerOptions tls(HttpServerOptions options, ServerTls tls, ServerConfig config) {
        return options.setSsl(true)
                .setKeyCertOptions(KeyCertOptions.wrap(tls.keyManagerFactory()))
                .setSslEngineOptions(new JdkSSLEngineOptions())
                .setEnabledSecureTransportProtocols(new LinkedHashSet<>(ServerTls.PROTOCOLS))
                .setSslHandshakeTimeout(config.timeouts().header().toMillis())
                .setSslHandshakeTimeoutUnit(TimeUnit.MILLISECONDS);
    }

    private static HttpServerOptions plainOptions(ServerConfig config, int port) {
        return new HttpServerOptions()
                .setHost(config.address().bindAddress().getHostAddress())
                .setPort(port)
                // Vert.x takes h2c (prior knowledge and Upgrade: h2c) by default; only when HTTP/2 is asked for.
                .setHttp2ClearTextEnabled(config.http2() && config.tls().isEmpty())
                .setUseAlpn(config.http2() && config.tls().isPresent())
                .setInitialSettings(http2Settings(config))
                .setIdleTimeout(Math.toIntExact(config.timeouts().idle().toMillis()))
                .setIdleTimeoutUnit(TimeUnit.MILLISECONDS)
                // Vert.x (Netty's decoder) bounds the request line and the header fields separately; the config
                // bounds them together, so each gets the whole budget.
                .setMaxInitialLineLength(config.limits().maxHeaderBytes())
                .setMaxHeaderSize(config.limits().maxHeaderBytes());
    }

    /**
     * The SETTINGS an HTTP/2 connection opens with: Vert.x's (a 64 KiB window, 100 streams, no header list bound)
     * but for {@value #MAX_CONCURRENT_STREAMS} streams at once, as netty, and the header list bounded by {@link
     * ServerConfig.Limits#maxHeaderBytes()}, as HTTP/1.1's head is.
     */
    private static Http2Settings http2Settings(ServerConfig config) {
        return new Http2Settings()
                .setMaxConcurrentStreams(MAX_CONCURRENT_STREAMS)
                .setMaxHeaderListSize(config.limits().maxHeaderBytes());
    }

    @Override
    public InetSocketAddress address() {
        return address;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            closeQuietly(vertx);
        }
    }

    private static void closeQuietly(Vertx vertx) {
        try {
            await(vertx.close());
        } catch (IOException | RuntimeException e) {
            // close() never throws: Vert.x's threads are asked to stop either way
        }
    }

    private static <T> T await(Future<T> future) throws IOException {
        try {
            return future.toCompletionStage().toCompletableFuture().get(WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for Vert.x", e);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
        } catch (TimeoutException e) {
            throw new IOException("Vert.x did not answer within " + WAIT_SECONDS + " s", e);
        }
    }
}
