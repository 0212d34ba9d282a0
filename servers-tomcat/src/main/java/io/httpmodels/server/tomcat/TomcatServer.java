package io.httpmodels.server.tomcat;

import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.db.JdbcWorldStore;
import io.httpmodels.server.db.WorldStore;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.LifecycleState;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.core.StandardContext;
import org.apache.catalina.session.StandardManager;
import org.apache.catalina.startup.Tomcat;
import org.apache.catalina.util.ServerInfo;
import org.apache.coyote.http11.Http11NioProtocol;
import org.apache.coyote.http2.Http2Protocol;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;

/**
 * Starts an embedded {@link Tomcat} with the least it needs to run one servlet: one NIO HTTP/1.1 connector
 * ({@link Http11NioProtocol}; with {@link ServerConfig#http2()} also Tomcat's HTTP/2, {@link #http2}), one {@link Context} at "" with the {@link WorkloadServlet} mapped
 * to "/" and nothing else (no JSP, no default servlet, no welcome files, no web.xml or annotation scanning), in a
 * temporary base directory deleted on close.
 *
 * <p>What it changes from Tomcat's defaults, each from {@link ServerConfig}:
 *
 * <ul>
 *   <li>{@code address} and {@code port}: {@link ServerConfig.Address#bindAddress()}, {@link
 *       ServerConfig.Address#port()} (0 as Tomcat allows, the bound port read back from {@link
 *       Connector#getLocalPort()});
 *   <li>{@code connectionTimeout} (Tomcat's 60 s; the wait for the request line and, with its
 *       {@code disableUploadTimeout} default, every read and blocking write after it) and {@code keepAliveTimeout}
 *       (the wait for the next request; defaults to {@code connectionTimeout}): both
 *       {@link ServerConfig.Timeouts#idle()}. Tomcat has no whole-head or whole-body deadline, so
 *       {@link ServerConfig.Timeouts#header()} and {@link ServerConfig.Timeouts#body()} have no knob;
 *   <li>{@code maxKeepAliveRequests} (100): -1, no limit. The workload's connections persist until the idle
 *       timeout, as in every model: with Tomcat's 100 a benchmark's keep-alive client would reconnect every 100
 *       requests, and the conformance kit's thousand requests on one connection (and its Date test, which no
 *       deviation can cover) fail;
 *   <li>{@code maxThreads} (200) only when {@link ServerConfig.Threads#workers()} is set (and
 *       {@code minSpareThreads}, 10, down to it if lower); ignored by the virtual-thread executor;
 *   <li>{@code maxHttpRequestHeaderSize} (the request line and header fields; by default Tomcat's
 *       {@code maxHttpHeaderSize}, 8 KiB): {@link ServerConfig.Limits#maxHeaderBytes()};
 *   <li>{@code maxPostSize} (2 MiB; it bounds only the form parameters Tomcat parses itself, which the workload
 *       never asks for): {@link ServerConfig.Limits#maxBodyBytes()}, which the servlet enforces itself on /echo;
 *   <li>the context's {@code clearReferencesThreadLocals} and {@code clearReferencesRmiTargets} (true): false, as
 *       the context loads no class of its own, so its stop does not warn for want of an {@code --add-opens};
 *   <li>the session manager's persistence ({@code StandardManager} pathname {@code SESSIONS.ser}): off, so a stop
 *       writes nothing; Tomcat starts a manager for every context, the workload makes no session;
 *   <li>the engine's name (Tomcat's "Tomcat"): the model's name and a number, since it names the JMX domain its
 *       MBeans register in, and a second server started in the same JVM before the first is closed fails to start
 *       on the first one's names;
 *   <li>logging: Tomcat logs through JULI onto {@code java.util.logging}; the {@code org.apache.catalina},
 *       {@code org.apache.coyote} and {@code org.apache.tomcat} loggers are held at {@code WARNING} in this JVM, so
 *       the start-up lines and the once-per-connector parse-error notes stay off the console;
 *   <li>with {@link ServerConfig#tls()}, the same connector serves HTTPS through Tomcat's own TLS
 *       ({@code SSLEnabled}, {@code secure}, {@code scheme} https, an {@code SSLHostConfig} with the key store in
 *       memory, {@code ServerTls.PROTOCOLS}, the JDK's JSSE rather than OpenSSL): {@link TomcatTls}. Only the JDK's
 *       TLS: {@code TlsProvider.OPENSSL} is refused at start. A handshake is bounded by {@code connectionTimeout}
 *       alone, not by the head deadline.
 * </ul>
 *
 * <p>Left as shipped: {@code maxThreads} 200 and {@code minSpareThreads} 10 by default, {@code maxConnections} 8192,
 * {@code acceptCount} 100, one acceptor and one poller thread,
 * {@code maxSwallowSize} 2 MiB, the Server's two utility threads and the Host's {@code ErrorReportValve}.
 * {@link ServerConfig.Limits#maxPendingOutputBytes()} has no knob: a servlet's write blocks its worker once the
 * socket's buffers are full, until {@code connectionTimeout}.
 *
 * <p>The database routes ({@link ServerConfig#database()}) query in the servlet, on the worker that runs it; the
 * pool's default is {@link #databasePool}'s. The store is opened before Tomcat binds (the context takes its servlet
 * before the start) and closed after the stop, once the workers have ended.
 */
final class TomcatServer {

    /** Pinned: java.util.logging holds loggers weakly, and a collected one loses its level. */
    private static final List<Logger> QUIET_LOGGERS = Stream.of(
                    "org.apache.catalina", "org.apache.coyote", "org.apache.tomcat")
            .map(Logger::getLogger)
            .toList();

    static {
        QUIET_LOGGERS.forEach(logger -> logger.setLevel(Level.WARNING));
    }

    /** Numbers each server's engine: its name is the JMX domain, and two servers alive at once must not share it. */
    private static final AtomicInteger ENGINES = new AtomicInteger();

    /** The system properties a Tomcat reads and sets for its directories (its {@code Globals}). */
    private static final List<String> CATALINA_PROPERTIES = List.of("catalina.home", "catalina.base");

    /** The HTTP/2 streams a connection may have open at once, advertised in SETTINGS: netty's figure. */
    static final int MAX_CONCURRENT_STREAMS = 128;

    private TomcatServer() {}

    /**
     * The database pool's default: one connection per worker that can run the servlet at once. On the connector's
     * platform pool that is {@code maxThreads} (Tomcat's 200, or {@link ServerConfig.Threads#workers()}): the pool is
     * the model's bound on requests in the servlet, and it bounds the queries, as in fixed-pool; a connection for
     * each means no request holds a worker while it waits for a connection, and a larger pool would never be used.
     * With virtual threads nothing bounds the servlets, so the general {@link ServerConfig#fourTimesCores()}: the
     * requests beyond it wait in the pool, holding only a virtual thread.
     */
    static int databasePool(Http11NioProtocol protocol, boolean virtualThreads) {
        return virtualThreads ? ServerConfig.fourTimesCores() : protocol.getMaxThreads();
    }

    /**
     * @param virtualThreads the connector's {@code useVirtualThreads}: a virtual thread per request in place of
     *                       the connector's platform worker pool
     */
    static RunningServer start(String name, ServerConfig config, boolean virtualThreads) throws IOException {
        config.tls().ifPresent(tls -> tls.requireJdkProvider(name));
        Path baseDir = Files.createTempDirectory("httpmodels-tomcat-");
        Tomcat tomcat = new Tomcat();
        WorldStore store = null;
        try {
            tomcat.setBaseDir(baseDir.toString());
            createServer(tomcat);
            tomcat.getEngine().setName(name + "-" + ENGINES.incrementAndGet());

            Connector connector = new Connector(Http11NioProtocol.class.getName());
            connector.setPort(config.address().port());
            connector.setMaxPostSize(config.limits().maxBodyBytes());
            Http11NioProtocol protocol = (Http11NioProtocol) connector.getProtocolHandler();
            protocol.setAddress(config.address().bindAddress());
            protocol.setConnectionTimeout((int) config.timeouts().idle().toMillis());
            protocol.setKeepAliveTimeout((int) config.timeouts().idle().toMillis());
            protocol.setMaxHttpRequestHeaderSize(config.limits().maxHeaderBytes());
            protocol.setMaxKeepAliveRequests(-1);
            if (config.threads().workers() > 0) {
                protocol.setMaxThreads(config.threads().workers());
                // the pool's core size: above its maximum the pool would not start
                protocol.setMinSpareThreads(
                        Math.min(protocol.getMinSpareThreads(), config.threads().workers()));
            }
            // the endpoint's setting, which the protocol exposes only as a property
            if (!connector.setProperty("useVirtualThreads", String.valueOf(virtualThreads))) {
                throw new IllegalStateException("the connector has no useVirtualThreads");
            }
            config.tls().ifPresent(tls -> TomcatTls.configure(connector, protocol, tls));
            if (config.http2()) {
                connector.addUpgradeProtocol(http2(config));
            }
            tomcat.setConnector(connector);

            StandardContext context = (StandardContext) tomcat.addContext("", baseDir.toString());
            // The context loads no class of its own: nothing for the class loader's leak checks on stop to find,
            // and on JDK 17+ each would only warn that it needs an --add-opens.
            context.setClearReferencesThreadLocals(false);
            context.setClearReferencesRmiTargets(false);
            StandardManager sessions = new StandardManager();
            sessions.setPathname(null);
            context.setManager(sessions);
            store = JdbcWorldStore.openIfSet(config.database(), databasePool(protocol, virtualThreads), name);
            Tomcat.addServlet(context, "workload", new WorkloadServlet(name, config, store));
            context.addServletMappingDecoded("/", "workload");

            tomcat.start();
            if (connector.getState() != LifecycleState.STARTED || connector.getLocalPort() <= 0) {
                throw new IOException(name + ": Tomcat's connector did not start on "
                        + config.address().bindAddress() + ":"
                        + config.address().port() + " (state " + connector.getState() + ")");
            }
            InetSocketAddress address = new InetSocketAddress(config.address().bindAddress(), connector.getLocalPort());
            return new Running(
                    name,
                    tomcat,
                    address,
                    describe(name, protocol, virtualThreads, config, store),
                    baseDir,
                    protocol.getExecutor(),
                    store);
        } catch (LifecycleException | IOException | RuntimeException e) {
            stop(tomcat, baseDir, null, store);
            throw e instanceof IOException io ? io : new IOException(name + ": Tomcat did not start", e);
        }
    }

    /**
     * Tomcat's own HTTP/2, the connector's upgrade protocol as the HTTP Connector's reference sets it up ({@code
     * <UpgradeProtocol className="org.apache.coyote.http2.Http2Protocol"/>}): in cleartext Tomcat's HTTP/1.1
     * processor turns to it a connection that opens with the preface (prior knowledge) or asks by {@code Upgrade:
     * h2c}; over TLS it is ALPN's h2 beside http/1.1. Changed from its defaults, each from {@link ServerConfig} as
     * the HTTP/1.1 connector is: {@code maxConcurrentStreams} (100) 128, as netty; {@code keepAliveTimeout} (20 s, the wait
     * for a connection's next stream) and {@code readTimeout} (5 s, the wait for the rest of a frame's bytes) {@link
     * ServerConfig.Timeouts#idle()}. The header list's bound is the connector's {@code maxHttpRequestHeaderSize},
     * which Tomcat 11's HTTP/2 takes from it ({@link ServerConfig.Limits#maxHeaderBytes()}). Left as shipped: {@code maxConcurrentStreamExecution} 20 (the streams of one
     * connection on workers at once; the others wait for one of them), the windows, the overhead protection.
     */
    static Http2Protocol http2(ServerConfig config) {
        Http2Protocol http2 = new Http2Protocol();
        http2.setMaxConcurrentStreams(MAX_CONCURRENT_STREAMS);
        http2.setKeepAliveTimeout(config.timeouts().idle().toMillis());
        http2.setReadTimeout(config.timeouts().idle().toMillis());
        return http2;
    }

    private static String describe(
            String name, Http11NioProtocol protocol, boolean virtualThreads, ServerConfig config, WorldStore store) {
        String workers = virtualThreads
                ? "a virtual thread per request (useVirtualThreads)"
                : "worker pool minSpareThreads " + protocol.getMinSpareThreads() + " maxThreads "
                        + protocol.getMaxThreads();
        return name + ": Tomcat " + ServerInfo.getServerNumber() + " NIO HTTP/1.1 connector, 1 acceptor, 1 poller, "
                + workers + ", maxConnections " + protocol.getMaxConnections() + ", 2 utility threads"
                + config.tls().map(tls -> ", TLS (" + tls.provider().id() + ")").orElse("")
                + (config.http2() ? ", HTTP/2 (" + (config.tls().isPresent() ? "h2 by ALPN" : "h2c") + ")" : "")
                + (store == null ? "" : ", a pool of " + store.poolWaits().poolSize() + " database connections");
    }

    /**
     * Creates the Tomcat's server, which takes its home from the {@code catalina.home} system property when set,
     * makes the directory if missing, and sets {@code catalina.base} and {@code catalina.home} for the whole JVM:
     * left set, the next server in the JVM would take the first one's deleted base directory as its home and make
     * it again. So both are cleared first, under a lock for servers starting side by side.
     */
    private static void createServer(Tomcat tomcat) {
        synchronized (CATALINA_PROPERTIES) {
            CATALINA_PROPERTIES.forEach(System::clearProperty);
            tomcat.getServer();
        }
    }

    /** Clears the {@code catalina.*} directories Tomcat set to {@code baseDir}, so no later server makes it again. */
    private static void forgetBaseDir(Path baseDir) {
        synchronized (CATALINA_PROPERTIES) {
            for (String property : CATALINA_PROPERTIES) {
                if (baseDir.toString().equals(System.getProperty(property))) {
                    System.clearProperty(property);
                }
            }
        }
    }

    /**
     * Stops and destroys what started, then deletes the base directory; never throws.
     *
     * @param workers the connector's executor, joined after the stop (for at most 5 s): Tomcat waits for its own
     *                pool's threads but not for the virtual threads of {@code useVirtualThreads}, which may still be
     *                finishing a request, and so writing under the base directory, when the stop returns
     * @param store   the database routes' store, closed once the workers have ended, or {@code null}
     */
    private static void stop(Tomcat tomcat, Path baseDir, Executor workers, WorldStore store) {
        try {
            tomcat.stop();
        } catch (LifecycleException | RuntimeException e) {
            // going on to destroy: it releases the port and the threads whatever the stop left
        }
        if (workers instanceof ExecutorService service) {
            service.shutdown();
            try {
                service.awaitTermination(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (store != null) {
            store.close();
        }
        try {
            tomcat.destroy();
        } catch (LifecycleException | RuntimeException e) {
            // nothing more to release
        }
        forgetBaseDir(baseDir);
        deleteTree(baseDir);
    }

    private static void deleteTree(Path root) {
        // A second walk, and a third, for what a stopping component wrote while the first one ran.
        for (int attempt = 0; attempt < 3 && Files.exists(root); attempt++) {
            try (Stream<Path> paths = Files.walk(root)) {
                paths.sorted(Comparator.reverseOrder()).forEach(path -> {
                    try {
                        Files.deleteIfExists(path);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
            } catch (IOException | UncheckedIOException e) {
                // tried again; a temporary directory left behind is litter, not a failure to stop
            }
        }
    }

    private static final class Running implements RunningServer {

        private final String name;
        private final Tomcat tomcat;
        private final InetSocketAddress address;
        private final String description;
        private final Path baseDir;
        private final Executor workers;
        private final WorldStore store;
        private final AtomicBoolean closed = new AtomicBoolean();

        Running(
                String name,
                Tomcat tomcat,
                InetSocketAddress address,
                String description,
                Path baseDir,
                Executor workers,
                WorldStore store) {
            this.name = name;
            this.tomcat = tomcat;
            this.address = address;
            this.description = description;
            this.baseDir = baseDir;
            this.workers = workers;
            this.store = store;
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
                stop(tomcat, baseDir, workers, store);
            }
        }

        @Override
        public String toString() {
            return name + " on " + address;
        }
    }
}
