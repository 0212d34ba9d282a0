package io.httpmodels.server.vertx;

import io.httpmodels.server.HttpProtocol;
import io.httpmodels.server.HttpServerModel;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
import io.vertx.core.VertxOptions;

import java.io.IOException;
import java.util.EnumSet;
import java.util.Set;

/**
 * The {@code vertx} model: Vert.x core's {@code HttpServer} (HTTP/1.1) on a {@code Vertx} with its default options:
 * {@link VertxOptions#DEFAULT_EVENT_LOOP_POOL_SIZE} event loops (2 x cores) and a worker pool of
 * {@link VertxOptions#DEFAULT_WORKER_POOL_SIZE} (20) threads.
 *
 * <p>Threading. The server is deployed as one {@code HttpServerVerticle} instance per event loop, each creating an
 * {@code HttpServer} on the same address: Vert.x binds the socket once and hands new connections to the instances
 * in turn, each instance's handlers running on its one event loop. That is how the core manual says to scale a
 * server over cores ("Specifying number of verticle instances": "useful for scaling easily across multiple
 * cores"; "Server sharing": the servers "scale over available cores while each Vert.x verticle instance remains
 * strictly single threaded"); a server created outside a verticle would run every connection on one event loop.
 * With no work the answer is written on the event loop. With {@code workMillis} the sleep runs where the manual's
 * "Running blocking code" puts blocking code, {@code executeBlocking} on the worker pool ("never block the event
 * loop"; a worker verticle is its other way, which would move the whole handler off the event loop), and the
 * answer is written back on the event loop. The one change from its defaults there: {@code ordered = false}. The
 * manual: "By default, if executeBlocking is called several times from the same context (e.g. the same verticle
 * instance) then the different executeBlocking are executed serially"; "If you don't care about ordering you can
 * call executeBlocking specifying false". Ordered, each verticle instance (every connection on its event loop)
 * would sleep one request at a time; Vert.x already answers one connection's pipelined requests in order.
 *
 * <p>Changes from Vert.x's defaults, all to serve the workload as every model does: h2c off unless HTTP/2 is asked
 * for (below); the
 * idle timeout ({@code HttpServerOptions.idleTimeout}, none by default) from {@link ServerConfig.Timeouts#idle()};
 * the request-line (4,096 by default) and header (8,192) limits each set to {@link
 * ServerConfig.Limits#maxHeaderBytes()}; {@link ServerConfig.Threads#workers()} and {@link
 * ServerConfig.Threads#workPool()}, when set, size the event loops and the worker pool (else Vert.x's 2 x cores and
 * 20). Vert.x core has no body limit (the handler enforces {@link ServerConfig.Limits#maxBodyBytes()}), no head or body
 * deadline and no bound on a connection's unsent answers of {@code HttpServerOptions}; the transport is NIO (no native
 * transport on the class path).
 *
 * <p>TLS, when {@link ServerConfig#tls()} is present: Vert.x's own, {@code HttpServerOptions.setSsl(true)} on the
 * shared listener, key material {@code KeyCertOptions.wrap(tls.keyManagerFactory())}, the JDK's engine
 * ({@code JdkSSLEngineOptions}, Netty's {@code SslHandler} over a JDK {@code SSLEngine} on the event loop), the
 * enabled protocols {@link io.httpmodels.server.tls.ServerTls#PROTOCOLS} (the same as Vert.x's default) and
 * {@code sslHandshakeTimeout} (10 s by default) set to {@link ServerConfig.Timeouts#header()}: a handshake not done by
 * then is closed. Only the JDK provider (OpenSSL would need netty-tcnative, which the project gives netty only).
 *
 * <p>HTTP/2, when {@link ServerConfig#http2()}: Vert.x's own, on the same listener ({@code VertxServer.serverOptions}):
 * in cleartext {@code http2ClearTextEnabled} (Vert.x takes a connection opening with the preface, and
 * {@code Upgrade: h2c}), over TLS {@code useAlpn} (h2, then http/1.1). Each stream reaches the same handler on the
 * connection's event loop as a request does, and its work goes to the worker pool unordered, so a connection's
 * streams are worked side by side. SETTINGS as Vert.x's but for 128 concurrent streams (Vert.x's default 100; netty's
 * 128) and the header list bounded by {@link ServerConfig.Limits#maxHeaderBytes()} (unbounded by default). A body over
 * the limit is answered 413 on its stream alone.
 *
 * <p>The database routes ({@link ServerConfig#database()}) on Vert.x's own reactive PostgreSQL client
 * ({@code vertx-pg-client}, {@link PgWorlds}), as TechEmpower's vertx entry queries: each verticle instance opens a
 * pooled client of its own on its event loop at start, and its requests' queries are pipelined on those connections
 * without blocking the loop; the answer is written when the rows arrive. A pool per event loop rather than one
 * shared: a shared pool's connections live on other loops, so every query and its answer would hop between threads.
 * The connections default to one per event loop (TechEmpower's choice: pipelining keeps one busy); {@code --db-pool N}
 * spreads N over the loops, at least one each. The answers are rendered by the shared {@code DatabaseRoutes}, so they
 * are byte for byte every model's. Vert.x's pool times no waits, so this model gives no pool-wait figures.
 *
 * <p>Where it breaks: a handler that blocks stalls every connection of its event loop; with work, concurrency is
 * the worker pool's 20 threads (about 20 x 1000 / workMillis requests/s), and requests beyond it queue unbounded
 * in the pool. A head or body trickled a byte at a time is cut only by the idle timeout. With a database, a loop's
 * queries share its few connections in order, so one slow query delays the loop's others behind it on that
 * connection, and queries beyond what the connections pipeline (256 each) wait in the pool's unbounded queue.
 */
public final class VertxModel implements HttpServerModel {

    static final String NAME = "vertx";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Vert.x core HttpServer: " + VertxOptions.DEFAULT_EVENT_LOOP_POOL_SIZE
                + " event loops (2 x cores), one server verticle each; blocking work on its worker pool of "
                + VertxOptions.DEFAULT_WORKER_POOL_SIZE;
    }

    /** HTTP/1.1, h2c (prior knowledge and {@code Upgrade: h2c}) and h2 by ALPN: Vert.x's own HTTP/2. */
    @Override
    public Set<HttpProtocol> protocols() {
        return EnumSet.allOf(HttpProtocol.class);
    }

    @Override
    public RunningServer start(ServerConfig config) throws IOException {
        config.requireSpokenBy(this);
        return VertxServer.start(NAME, config);
    }
}
