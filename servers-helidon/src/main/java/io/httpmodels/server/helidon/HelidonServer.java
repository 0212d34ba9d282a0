package io.httpmodels.server.helidon;

import io.helidon.common.tls.Tls;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.http1.Http1Config;
import io.helidon.webserver.http2.Http2Config;
import io.helidon.webserver.spi.ProtocolConfig;
import io.httpmodels.server.HttpProtocol;
import io.httpmodels.server.HttpServerModel;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.db.JdbcWorldStore;
import io.httpmodels.server.db.WorldStore;
import io.httpmodels.server.tls.ServerTls;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The {@code helidon} model: the Helidon SE 4 webserver ({@code io.helidon.webserver}, "Níma"), one HTTP/1.1 listener
 * whose routing sends every method and path to one {@link HelidonHandler}, which serves the workload.
 *
 * <p>Threading, as Helidon ships it: one platform thread per listener ({@code server-@default-listener}) accepts
 * in a blocking {@code ServerSocketChannel.accept()} loop and hands each connection to a new virtual thread, which
 * reads its requests, runs the handler and writes its answers, one request at a time in order; nothing bounds the
 * connections or requests in flight (Helidon's {@code maxTcpConnections} and {@code maxConcurrentRequests} are
 * unlimited by default). A daemon {@code java.util.Timer} thread per server ({@code helidon-idle-connection-timer})
 * closes connections idle past the idle timeout, and one static daemon thread ({@code helidon-http-timer}) refreshes
 * the cached {@code Date} once a second. Helidon's docs tell users to block on those threads: "users do not
 * need to worry about thread management and are able to run any type of task on virtual threads provided by the
 * Helidon Webserver" (helidon.io/docs/latest/mp/threading.html), and Helidon SE 4 "moves from an asynchronous-style
 * API to a blocking-style API that is optimized for use with virtual threads" (the SE 4.x upgrade guide). So the
 * simulated work sleeps in the handler, on the connection's virtual thread, and unmounts from its carrier.
 *
 * <p>The database routes ({@link ServerConfig#database()}) query there too, the virtual thread unmounting while it
 * waits on the database. Nothing bounds the connections that query at once but the pool, so its default is the
 * general one, {@link ServerConfig#fourTimesCores()}: requests beyond it wait in the pool for a connection (at most
 * {@code JdbcWorldStore.CONNECTION_WAIT}, then 503), holding only their virtual threads. The pool is opened before
 * the server starts and closed after Helidon's stop has ended the connections' threads.
 *
 * <p>Changed from Helidon's defaults, each to honour {@link ServerConfig}:
 * <ul>
 *   <li>{@code maxPrologueLength} (request line, default 4096) and {@code maxHeadersSize} (fields, default 16384)
 *       both set to {@link ServerConfig.Limits#maxHeaderBytes()}: Helidon bounds the two apart, so a head may reach
 *       about twice the limit before it is refused;
 *   <li>{@code maxPayloadSize} (default unlimited) set to {@link ServerConfig.Limits#maxBodyBytes()};
 *   <li>{@code idleConnectionTimeout} (default 5 min) set to {@link ServerConfig.Timeouts#idle()}, and
 *       {@code idleConnectionPeriod}, how often the timer looks (default 2 min), to half of it, capped at the
 *       default; Helidon's connection clock ticks once a second, so a connection is closed up to a second late;
 *   <li>{@code shutdownHook} off: the caller owns the server's life, and a JVM hook per server is not wanted.
 * </ul>
 * Helidon has no head or body deadline and no knob for {@link ServerConfig.Timeouts#header()} or
 * {@link ServerConfig.Timeouts#body()}; {@link ServerConfig.Limits#maxPendingOutputBytes()} is met as in the blocking
 * models, since Helidon writes an answer on the connection's thread with a blocking write (its default
 * {@code writeQueueLength} 0). {@link ServerConfig.Threads#workers()} and the work pool do not apply.
 *
 * <p>TLS, when {@link ServerConfig#tls()} is present: the listener's own {@code tls(Tls)}, built as
 * {@code Tls.builder().sslContext(...)} from {@link ServerTls#sslContext()} (Helidon takes a ready context, so no
 * key store is written anywhere) with {@code enabledProtocols} (default: the context's, on JDK 25 also TLS 1.3 and
 * 1.2) set to {@link ServerTls#PROTOCOLS}. Helidon wraps each connection's channel in the JDK's {@code SSLEngine}
 * ({@code TlsNioSocket}, its default {@code useNio}) on the connection's virtual thread, which does the handshake
 * as it reads the first request. Helidon has no handshake deadline, as it has no head deadline: a client that
 * stalls in the handshake holds its virtual thread until it goes away. Only the JDK provider.
 *
 * <p>HTTP/2, when {@link ServerConfig#http2()}: Helidon's own ({@code helidon-webserver-http2}), on the same
 * listener ({@link #protocols(ServerConfig)}): h2c by prior knowledge and by {@code Upgrade: h2c}, h2 by ALPN over
 * the listener's TLS. Helidon runs each stream's handler on a virtual thread of its own (the connection's thread
 * reads the frames), so a connection's streams are worked side by side; its limits are set as HTTP/1.1's.
 *
 * <p>Where it breaks: the virtual-threads model's weaknesses (pinned carriers, nothing bounding work in flight, no
 * gain for CPU-bound work), with Helidon's HTTP parser in front; see docs/model-notes/helidon.md for what the kits
 * found. Helidon's INFO logging (its start and stop lines, feature listing) is turned down to WARNING for the
 * {@code io.helidon} loggers when this class loads, so a measured server prints only its problems.
 */
public final class HelidonServer implements HttpServerModel {

    static final String NAME = "helidon";

    /** Helidon's default for how often idle connections are looked for. */
    static final Duration DEFAULT_IDLE_CHECK_PERIOD = Duration.ofMinutes(2);

    /** The HTTP/2 streams a connection may have open at once, advertised in SETTINGS: netty's figure. */
    static final int MAX_CONCURRENT_STREAMS = 128;

    // Held: java.util.logging keeps loggers weakly, and a collected logger would forget its level.
    private static final Logger HELIDON_LOGGER = Logger.getLogger("io.helidon");

    static {
        HELIDON_LOGGER.setLevel(Level.WARNING);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Helidon SE 4 webserver: a virtual thread per connection, one acceptor thread";
    }

    /** HTTP/1.1, h2c (prior knowledge and {@code Upgrade: h2c}) and h2 by ALPN: {@code helidon-webserver-http2}. */
    @Override
    public Set<HttpProtocol> protocols() {
        return EnumSet.allOf(HttpProtocol.class);
    }

    @Override
    public RunningServer start(ServerConfig config) throws IOException {
        config.requireSpokenBy(this);
        Optional<ServerTls> tls = config.tls();
        tls.ifPresent(t -> t.requireJdkProvider(NAME));
        WebServerConfig.Builder builder = WebServer.builder();
        tls.ifPresent(t -> builder.tls(tls(t)));
        WorldStore store = JdbcWorldStore.openIfSet(config.database(), ServerConfig.fourTimesCores(), NAME);
        try {
            return start(config, builder, store);
        } catch (IOException | RuntimeException e) {
            if (store != null) {
                store.close();
            }
            throw e;
        }
    }

    private static RunningServer start(ServerConfig config, WebServerConfig.Builder builder, WorldStore store)
            throws IOException {
        WebServer server = builder.address(config.address().bindAddress())
                .port(config.address().port())
                .shutdownHook(false)
                .maxPayloadSize(config.limits().maxBodyBytes())
                .idleConnectionTimeout(config.timeouts().idle())
                .idleConnectionPeriod(idleCheckPeriod(config.timeouts().idle()))
                // Only the protocols named here: with helidon-webserver-http2 on the class path, Helidon would
                // otherwise find HTTP/2 by its service loader and speak it on every listener.
                .protocolsDiscoverServices(false)
                .protocols(protocols(config))
                .routing(routing -> routing.any(new HelidonHandler(config, store)))
                .build()
                .start();
        if (!server.isRunning()) {
            // Helidon logs a failed start (a port in use, say) and returns a stopped server rather than throwing
            throw new IOException("Helidon did not start on " + config.address().bindAddress() + ":"
                    + config.address().port());
        }
        return new Running(
                server,
                new InetSocketAddress(config.address().bindAddress(), server.port()),
                config.tls(),
                config.http2(),
                store);
    }

    /**
     * The listener's protocols: HTTP/1.1 with the head limits; with {@link ServerConfig#http2()} also Helidon's
     * HTTP/2, whose connection selector takes a connection opening with the preface (h2c by prior knowledge) or
     * agreeing h2 by ALPN, and whose upgrader takes {@code Upgrade: h2c} on HTTP/1.1. Changed from its defaults:
     * {@code maxConcurrentStreams} (8192) {@value #MAX_CONCURRENT_STREAMS}, as netty, and {@code maxHeaderListSize}
     * (8192) {@link ServerConfig.Limits#maxHeaderBytes()}, as HTTP/1.1's head.
     *
     * <p>Without HTTP/2, the model's HTTP/1.1 configuration and a default one beside it: what Helidon's service
     * discovery gave the listener before HTTP/2 was on the class path (discovery is off now, or it would add HTTP/2
     * too), named so that HTTP/1.1 is served as before. Two protocols, like HTTP/1.1 and HTTP/2, make Helidon sniff
     * a connection's first bytes for one that supports them (the model's, being first, serves every HTTP/1.1
     * connection), and close without an answer a connection that opens with bytes none supports: the conformance
     * kit's garbage, bare-LF and {@code http/1.1} cases. With one protocol Helidon skips the sniffing and its
     * HTTP/1.1 parser answers those 400.
     */
    static List<ProtocolConfig> protocols(ServerConfig config) {
        List<ProtocolConfig> protocols = new ArrayList<>();
        protocols.add(Http1Config.builder()
                .maxPrologueLength(config.limits().maxHeaderBytes())
                .maxHeadersSize(config.limits().maxHeaderBytes())
                .build());
        if (!config.http2()) {
            protocols.add(Http1Config.create()); // what discovery added: see above
        } else {
            protocols.add(Http2Config.builder()
                    .maxConcurrentStreams(MAX_CONCURRENT_STREAMS)
                    .maxHeaderListSize(config.limits().maxHeaderBytes())
                    .build());
        }
        return protocols;
    }

    /** Helidon's TLS for the listener: {@code tls}'s context, offering {@link ServerTls#PROTOCOLS} only. */
    static Tls tls(ServerTls tls) {
        return Tls.builder()
                .sslContext(tls.sslContext())
                .enabledProtocols(ServerTls.PROTOCOLS)
                .build();
    }

    /** How often Helidon's timer looks for idle connections: half the timeout, at most Helidon's default. */
    static Duration idleCheckPeriod(Duration idleTimeout) {
        Duration half = idleTimeout.dividedBy(2);
        return half.compareTo(DEFAULT_IDLE_CHECK_PERIOD) < 0 ? half : DEFAULT_IDLE_CHECK_PERIOD;
    }

    /** @param store the database routes' store, closed last, or {@code null} */
    private record Running(
            WebServer server, InetSocketAddress address, Optional<ServerTls> tls, boolean http2, WorldStore store)
            implements RunningServer {

        @Override
        public String description() {
            return NAME + ": Helidon SE 4 webserver, 1 acceptor thread, a virtual thread per connection (on "
                    + Runtime.getRuntime().availableProcessors()
                    + " carrier threads by default), 1 idle-connection timer thread, 1 Date timer thread (shared)"
                    + tls.map(t -> ", TLS (" + t.provider().id() + ")").orElse("")
                    + (http2 ? ", HTTP/2 (" + (tls.isPresent() ? "h2 by ALPN" : "h2c") + ")" : "")
                    + (store == null ? "" : ", a pool of " + store.poolWaits().poolSize() + " database connections");
        }

        /**
         * Stops Helidon: it closes the listening socket, then each connection (letting a request in progress finish
         * within its 0.5 s grace period, then interrupting it), and joins its acceptor thread. Idempotent: Helidon's
         * {@code stop()} does nothing on a stopped server. Then the database pool: a request still querying
         * past the grace period was interrupted, and its query fails once the pool is closed.
         */
        @Override
        public void close() {
            server.stop();
            if (store != null) {
                store.close();
            }
        }
    }
}
