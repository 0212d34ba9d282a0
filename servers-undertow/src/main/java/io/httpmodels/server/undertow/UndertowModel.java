package io.httpmodels.server.undertow;

import io.httpmodels.server.HttpProtocol;
import io.httpmodels.server.HttpServerModel;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.db.JdbcWorldStore;
import io.httpmodels.server.db.WorldStore;
import io.httpmodels.server.tls.ServerTls;
import io.undertow.Undertow;
import io.undertow.UndertowOptions;
import io.undertow.Version;
import org.xnio.Options;
import org.xnio.Sequence;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The {@code undertow} model: Undertow's core server ({@code io.undertow:undertow-core}, no servlet container),
 * {@link Undertow#builder()} with one HTTP listener and the workload's {@link UndertowWorkloadHandler}, on Undertow's
 * defaults.
 *
 * <p>Threading, as Undertow ships it: an XNIO worker of {@code max(cores, 2)} I/O threads (each a selector loop that
 * accepts, reads, parses and writes its connections) and a worker pool of 8 x the I/O threads for blocking tasks.
 * Without work every answer is written on the connection's I/O thread; simulated work and {@code /echo}'s blocking
 * read are dispatched to the worker pool, as Undertow's documentation tells users (see
 * {@link UndertowWorkloadHandler}). {@link ServerConfig.Threads#workers()} sets the I/O threads (the event loops, as
 * Netty's) and {@link ServerConfig.Threads#workPool()} the worker pool, each when set (0 keeps Undertow's default).
 *
 * <p>Changed from Undertow's defaults, each to honour {@link ServerConfig} where Undertow has the knob:
 * {@link UndertowOptions#MAX_HEADER_SIZE} (default 1 MiB) = {@code maxHeaderBytes};
 * {@link UndertowOptions#MAX_ENTITY_SIZE} (default unlimited) = {@code maxBodyBytes};
 * {@link UndertowOptions#IDLE_TIMEOUT} (default none) and {@link UndertowOptions#NO_REQUEST_TIMEOUT} (the builder's
 * 60 s) = {@code idleTimeout}; {@link UndertowOptions#REQUEST_PARSE_TIMEOUT} (default none) = {@code headerTimeout};
 * and {@link UndertowOptions#SHUTDOWN_TIMEOUT} (default none: {@code stop()} waits for running tasks for ever) = 5 s,
 * so that {@code close()} is bounded. Undertow has no knob for {@code bodyTimeout} (a deadline on the whole body) nor
 * for {@code maxPendingOutputBytes}. The handler writes the {@code Date} field itself (the project's
 * {@link io.httpmodels.server.http.HttpDate}), so Undertow adds none of its own: Undertow's date cache is static and
 * freezes once the server that filled it stops (see {@link UndertowWorkloadHandler}).
 *
 * <p>TLS, when {@link ServerConfig#tls()} is present: the one listener is Undertow's HTTPS listener,
 * {@link Undertow.Builder#addHttpsListener(int, String, javax.net.ssl.SSLContext)} with
 * {@link ServerTls#sslContext()}, encrypted by the JDK's {@code SSLEngine} in Undertow's own wrapper (on the I/O
 * threads; the engine's delegated tasks run on the worker pool, Undertow's default). Changed from its defaults:
 * XNIO's {@link Options#SSL_ENABLED_PROTOCOLS} (default: the context's, which on JDK 25 are also TLS 1.3 and 1.2)
 * set to {@link ServerTls#PROTOCOLS}. Undertow has no handshake deadline: the handshake is read as the request's
 * first bytes, so a client that stalls in it is cut as one that sends nothing, by {@code NO_REQUEST_TIMEOUT} and
 * {@code IDLE_TIMEOUT} (the config's idle timeout), not by the header timeout. Only the JDK provider: Undertow's
 * core has no OpenSSL engine of its own.
 *
 * <p>HTTP/2, when {@link ServerConfig#http2()}: Undertow's own ({@link UndertowOptions#ENABLE_HTTP2}, default off), on
 * the same listener. In cleartext Undertow's HTTP/1.1 reader turns a connection that opens with HTTP/2's preface
 * into an HTTP/2 one (prior knowledge), and the builder puts its {@code Http2UpgradeHandler} before the handler, so
 * {@code Upgrade: h2c} is taken up too; over TLS its ALPN listener offers h2, then http/1.1. Each stream reaches
 * the same handler as a request (on the connection's I/O thread, dispatched to the worker pool for work), so the
 * streams of a connection are worked side by side on the pool. The HTTP/2 limits set beside HTTP/1.1's:
 * {@link UndertowOptions#HTTP2_SETTINGS_MAX_CONCURRENT_STREAMS} (default unlimited) = {@value #MAX_CONCURRENT_STREAMS},
 * as netty's, and {@link UndertowOptions#HTTP2_SETTINGS_MAX_HEADER_LIST_SIZE} (default unlimited) and
 * {@code MAX_HEADER_SIZE} = {@code maxHeaderBytes}.
 *
 * <p>Where it breaks: a blocking call on an I/O thread stalls every connection on that thread, which is why the work
 * is dispatched; under work, requests/s is bounded by the worker pool (16 threads on 2 cores: about 16 x 1000 /
 * workMillis), and requests beyond it queue in the pool without bound.
 *
 * <p>The database routes ({@link ServerConfig#database()}) block on their queries, so they too are dispatched to the
 * worker pool, never run on an I/O thread. The database pool's default is one connection per worker thread (16 on
 * 2 cores): the worker pool, Undertow's own bound on blocking tasks, then bounds the queries in flight, and no task
 * holds a worker while waiting for a connection; a larger pool would never be used. The store is opened before
 * Undertow binds (the handler is built first) and closed after the stop has ended the workers.
 */
public final class UndertowModel implements HttpServerModel {

    static final String NAME = "undertow";

    /** How long {@code close()} lets running worker tasks finish before XNIO interrupts them. */
    static final int SHUTDOWN_TIMEOUT_MILLIS = 5_000;

    /** The HTTP/2 streams a connection may have open at once, advertised in SETTINGS: netty's figure. */
    static final int MAX_CONCURRENT_STREAMS = 128;

    /** Undertow's default I/O threads ({@code Undertow.Builder}): the cores, at least two. */
    static int defaultIoThreads() {
        return Math.max(Runtime.getRuntime().availableProcessors(), 2);
    }

    /** Undertow's default worker pool ({@code Undertow.Builder}): 8 per I/O thread. */
    static int defaultWorkerThreads(int ioThreads) {
        return ioThreads * 8;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        int io = defaultIoThreads();
        return "Undertow's core HttpHandler on XNIO: " + io + " I/O threads, a worker pool of "
                + defaultWorkerThreads(io) + " (8 x I/O threads) for blocking work";
    }

    /** HTTP/1.1, h2c (prior knowledge and {@code Upgrade: h2c}) and h2 by ALPN: Undertow's own HTTP/2. */
    @Override
    public Set<HttpProtocol> protocols() {
        return EnumSet.allOf(HttpProtocol.class);
    }

    @Override
    public RunningServer start(ServerConfig config) throws IOException {
        config.requireSpokenBy(this);
        int ioThreads = config.threads().workersOr(defaultIoThreads());
        int workerThreads =
                config.threads().workPool() > 0 ? config.threads().workPool() : defaultWorkerThreads(ioThreads);
        Optional<ServerTls> tls = config.tls();
        tls.ifPresent(t -> t.requireJdkProvider(NAME));
        WorldStore store = JdbcWorldStore.openIfSet(config.database(), workerThreads, NAME);
        try {
            return start(config, ioThreads, workerThreads, store);
        } catch (IOException | RuntimeException e) {
            if (store != null) {
                store.close();
            }
            throw e;
        }
    }

    private static RunningServer start(ServerConfig config, int ioThreads, int workerThreads, WorldStore store)
            throws IOException {
        Optional<ServerTls> tls = config.tls();
        Undertow.Builder builder = Undertow.builder();
        String host = config.address().bindAddress().getHostAddress();
        if (tls.isPresent()) {
            builder.addHttpsListener(config.address().port(), host, tls.get().sslContext())
                    .setSocketOption(Options.SSL_ENABLED_PROTOCOLS, Sequence.of(ServerTls.PROTOCOLS));
        } else {
            builder.addHttpListener(config.address().port(), host);
        }
        Undertow server = builder.setIoThreads(ioThreads)
                .setWorkerThreads(workerThreads)
                .setServerOption(
                        UndertowOptions.MAX_HEADER_SIZE, config.limits().maxHeaderBytes())
                .setServerOption(
                        UndertowOptions.MAX_ENTITY_SIZE, (long) config.limits().maxBodyBytes())
                .setServerOption(
                        UndertowOptions.IDLE_TIMEOUT, millis(config.timeouts().idle()))
                .setServerOption(
                        UndertowOptions.NO_REQUEST_TIMEOUT,
                        millis(config.timeouts().idle()))
                .setServerOption(
                        UndertowOptions.REQUEST_PARSE_TIMEOUT,
                        millis(config.timeouts().header()))
                .setServerOption(UndertowOptions.SHUTDOWN_TIMEOUT, SHUTDOWN_TIMEOUT_MILLIS)
                .setServerOption(UndertowOptions.ENABLE_HTTP2, config.http2())
                .setServerOption(UndertowOptions.HTTP2_SETTINGS_MAX_CONCURRENT_STREAMS, MAX_CONCURRENT_STREAMS)
                .setServerOption(
                        UndertowOptions.HTTP2_SETTINGS_MAX_HEADER_LIST_SIZE,
                        config.limits().maxHeaderBytes())
                .setHandler(new UndertowWorkloadHandler(NAME, config, store))
                .build();
        try {
            server.start(); // binds and resumes accepting before it returns
        } catch (RuntimeException e) {
            // Undertow wraps what failed (a port in use) in a RuntimeException, having shut its worker down.
            if (e.getCause() instanceof IOException cause) {
                throw cause;
            }
            throw e;
        }
        InetSocketAddress address =
                (InetSocketAddress) server.getListenerInfo().getFirst().getAddress();
        return new Running(server, address, ioThreads, workerThreads, tls, config.http2(), store);
    }

    // ServerConfig bounds every timeout to an int of milliseconds.
    private static int millis(Duration duration) {
        return (int) duration.toMillis();
    }

    private static final class Running implements RunningServer {

        private final Undertow server;
        private final InetSocketAddress address;
        private final int ioThreads;
        private final int workerThreads;
        private final Optional<ServerTls> tls;
        private final boolean http2;
        private final WorldStore store;
        private final AtomicBoolean closed = new AtomicBoolean();

        Running(
                Undertow server,
                InetSocketAddress address,
                int ioThreads,
                int workerThreads,
                Optional<ServerTls> tls,
                boolean http2,
                WorldStore store) {
            this.server = server;
            this.address = address;
            this.ioThreads = ioThreads;
            this.workerThreads = workerThreads;
            this.tls = tls;
            this.http2 = http2;
            this.store = store;
        }

        @Override
        public InetSocketAddress address() {
            return address;
        }

        @Override
        public String description() {
            return NAME + ": Undertow " + Version.getVersionString() + " core, XNIO " + ioThreads
                    + " I/O threads, worker pool " + workerThreads + " (Undertow's default: 8 x I/O threads)"
                    + tls.map(t -> ", TLS (" + t.provider().id() + ")").orElse("")
                    + (http2 ? ", HTTP/2 (" + (tls.isPresent() ? "h2 by ALPN" : "h2c") + ")" : "")
                    + (store == null ? "" : ", a pool of " + store.poolWaits().poolSize() + " database connections");
        }

        /**
         * Closes the listener, then shuts the XNIO worker down (its I/O threads close every connection) and waits
         * for it, at most {@link #SHUTDOWN_TIMEOUT_MILLIS} before the worker's tasks are interrupted; then closes the
         * database pool, which only the worker's threads query.
         */
        @Override
        public void close() {
            if (closed.compareAndSet(false, true)) {
                server.stop();
                if (store != null) {
                    store.close();
                }
            }
        }
    }
}
