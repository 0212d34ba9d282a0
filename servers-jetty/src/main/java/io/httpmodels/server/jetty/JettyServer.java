package io.httpmodels.server.jetty;

import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.db.JdbcWorldStore;
import io.httpmodels.server.db.WorldStore;
import io.httpmodels.server.tls.ServerTls;
import org.eclipse.jetty.alpn.server.ALPNServerConnectionFactory;
import org.eclipse.jetty.http2.server.HTTP2CServerConnectionFactory;
import org.eclipse.jetty.http2.server.HTTP2ServerConnectionFactory;
import org.eclipse.jetty.server.ConnectionFactory;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Jetty;
import org.eclipse.jetty.util.ProcessorUtils;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Starts Jetty's core {@link Server} with one {@link ServerConnector} speaking HTTP/1.1 (and, asked, HTTP/2: h2c by
 * prior knowledge, h2 by ALPN; {@link #connectionFactories}), on Jetty's default
 * {@link QueuedThreadPool}, with the workload's handler as the server's only handler.
 *
 * <p>What differs from Jetty's defaults, each for the workload or a {@link ServerConfig} setting Jetty has a knob
 * for, and nothing else:
 *
 * <ul>
 *   <li>{@code HttpConfiguration.sendServerVersion} off: the workload's {@code Server} field is the handler's
 *       ({@code httpmodels-<name>}), not a second {@code Server: Jetty(12.x)};
 *   <li>{@code HttpConfiguration.requestHeaderSize} = {@link ServerConfig.Limits#maxHeaderBytes()} (Jetty's default 8
 *       KiB is the config's default too): the request line and header fields together;
 *   <li>the connector's idle timeout = {@link ServerConfig.Timeouts#idle()} (Jetty's default 30 s is the config's
 *       default too);
 *   <li>for {@code jetty-virtual}, {@code QueuedThreadPool.setVirtualThreadsExecutor} with a virtual thread per
 *       task;
 *   <li>{@code close()} wakes the acceptor with a connection of its own before {@code Server.stop()}
 *       ({@link AcceptorFlush}): the stop alone loses connections opened just before it. Only the stop changes;
 *   <li>with {@link ServerConfig#tls()}, the same connector serves HTTPS through Jetty's own TLS, an
 *       {@code SslConnectionFactory} before the HTTP/1.1 one and a {@code SecureRequestCustomizer}; its changes from
 *       Jetty's defaults are {@link JettyTls}'s (the key store in memory, {@code ServerTls.PROTOCOLS}, no SNI host
 *       check). Only the JDK's TLS: {@code TlsProvider.OPENSSL} is refused at start. A handshake is bounded by the
 *       idle timeout alone, not by the head deadline.
 * </ul>
 *
 * The threads are Jetty's defaults: {@link ServerConfig.Threads#workers()} does not size the pool (the project's
 * fixed-pool figure is not Jetty's, and Jetty refuses to start on a pool smaller than its acceptors, selectors and
 * reserved threads need). Acceptors and selectors are the connector's defaults, sized from the cores the JVM sees (1
 * acceptor; selectors {@code max(1, min(cores / 2, maxThreads / 16))}); the description reports them. {@link
 * ServerConfig}'s head and body deadlines and its bound on unsent answers have no Jetty knob: Jetty times a connection
 * by its idle timeout alone (restarted by every read and write), and on HTTP/1.1 it reads a connection's next request
 * only once the answer to the last was written.
 *
 * <p>The database routes ({@link ServerConfig#database()}) query in the handler, on the thread Jetty runs it on (see
 * {@link WorkloadHandler}); the pool's default is {@link #databasePool}'s. The store is opened before Jetty binds
 * (the server takes its handler before it starts) and closed once the server's threads have stopped.
 */
final class JettyServer {

    /** Jetty's default {@code QueuedThreadPool} size, {@code new QueuedThreadPool()}'s (its minimum: 8). */
    static final int DEFAULT_MAX_THREADS = 200;

    private JettyServer() {}

    /**
     * The threads a server of Jetty's defaults has on this machine, before it starts: {@code new QueuedThreadPool()}
     * (max 200, min 8), and a {@code ServerConnector}'s default acceptors (1) and selectors ({@code max(1,
     * min(cores / 2, maxThreads / 16))}, the cores as Jetty's {@link ProcessorUtils} sees them).
     */
    static String defaultThreads(boolean virtual) {
        int selectors = Math.max(1, Math.min(ProcessorUtils.availableProcessors() / 2, DEFAULT_MAX_THREADS / 16));
        return threads(DEFAULT_MAX_THREADS, Math.min(8, DEFAULT_MAX_THREADS), 1, selectors, virtual);
    }

    private static String threads(int maxThreads, int minThreads, int acceptors, int selectors, boolean virtual) {
        return "ServerConnector HTTP/1.1, QueuedThreadPool max " + maxThreads + " min " + minThreads + ", "
                + acceptors + (acceptors == 1 ? " acceptor, " : " acceptors, ") + selectors
                + (selectors == 1 ? " selector" : " selectors") + ", handlers on "
                + (virtual ? "a virtual thread per request" : "the pool's threads");
    }

    /**
     * @param virtual whether handlers run on virtual threads (the pool's virtual threads executor)
     */
    static RunningServer start(String name, ServerConfig config, boolean virtual) throws IOException {
        return start(name, config, virtual, store -> new WorkloadHandler(name, config, store));
    }

    /** As {@link #start(String, ServerConfig, boolean)}, serving {@code handler}: the tests' way to observe it. */
    static RunningServer start(String name, ServerConfig config, boolean virtual, Handler handler) throws IOException {
        return start(name, config, virtual, store -> handler);
    }

    /**
     * The database pool's default, one connection per thread that can run the handler at once. On the pool's
     * threads: {@code maxThreads} less the acceptors' and the selectors' threads, which never run it (198 of 200 on
     * 2 cores; the reserved threads are pool threads that do run it). The pool is the model's bound on requests in
     * the handler, and it bounds the queries: a connection for each means no request holds a thread while it waits
     * for a connection, a second queue Jetty's design does not have; a larger pool would never be used. On virtual
     * threads nothing bounds the handlers, so the general {@link ServerConfig#fourTimesCores()}: the requests beyond
     * it wait in the pool, holding only a virtual thread.
     */
    static int databasePool(QueuedThreadPool threadPool, ServerConnector connector, boolean virtual) {
        if (virtual) {
            return ServerConfig.fourTimesCores();
        }
        return threadPool.getMaxThreads()
                - connector.getAcceptors()
                - connector.getSelectorManager().getSelectorCount();
    }

    private static RunningServer start(
            String name, ServerConfig config, boolean virtual, Function<WorldStore, Handler> handlerFor)
            throws IOException {
        config.tls().ifPresent(tls -> tls.requireJdkProvider(name));
        QueuedThreadPool threadPool = new QueuedThreadPool(); // max 200, min 8
        ExecutorService virtualThreads = null;
        if (virtual) {
            // Jetty's programming guide, "Virtual Threads Support with QueuedThreadPool": the blocking tasks (a
            // blocking handler's) then run on this executor, the selectors and acceptors on the pool's threads.
            virtualThreads = Executors.newThreadPerTaskExecutor(
                    Thread.ofVirtual().name(name + "-", 0).factory());
            threadPool.setVirtualThreadsExecutor(virtualThreads);
        }
        Server server = new Server(threadPool);
        HttpConfiguration http = new HttpConfiguration();
        http.setSendServerVersion(false);
        http.setRequestHeaderSize(config.limits().maxHeaderBytes());
        ServerConnector connector = new ServerConnector(server, connectionFactories(config, http));
        connector.setHost(config.address().bindAddress().getHostAddress());
        connector.setPort(config.address().port());
        connector.setIdleTimeout(config.timeouts().idle().toMillis());
        AcceptorFlush acceptorFlush = new AcceptorFlush();
        connector.addBean(acceptorFlush); // an AcceptListener: ServerConnector hands it to its SelectorManager
        server.addConnector(connector);
        WorldStore store;
        try {
            store = JdbcWorldStore.openIfSet(config.database(), databasePool(threadPool, connector, virtual), name);
        } catch (IOException e) {
            if (virtualThreads != null) {
                virtualThreads.shutdownNow();
            }
            throw e;
        }
        server.setHandler(handlerFor.apply(store));
        Running running =
                new Running(name, config, server, connector, threadPool, virtualThreads, acceptorFlush, store);
        try {
            server.start();
        } catch (Exception e) {
            running.close();
            if (e instanceof IOException io) {
                throw io;
            }
            throw new IOException("Jetty did not start: " + e, e);
        }
        return running;
    }

    /**
     * The connector's protocols, first what a connection starts with: HTTP/1.1; with {@link ServerConfig#http2()}
     * also h2c, which Jetty's HTTP/1.1 connection turns to when a connection opens with HTTP/2's preface (prior
     * knowledge) or asks for it by {@code Upgrade: h2c}. Over TLS: TLS, then ALPN choosing h2 or HTTP/1.1 (HTTP/1.1
     * for a client that offers neither).
     */
    private static ConnectionFactory[] connectionFactories(ServerConfig config, HttpConfiguration http) {
        HttpConnectionFactory http11 = new HttpConnectionFactory(http);
        if (config.tls().isEmpty()) {
            return config.http2()
                    ? new ConnectionFactory[] {http11, new HTTP2CServerConnectionFactory(http)}
                    : new ConnectionFactory[] {http11};
        }
        http.addCustomizer(JettyTls.requestCustomizer());
        ServerTls tls = config.tls().get();
        if (!config.http2()) {
            return new ConnectionFactory[] {JettyTls.connectionFactory(tls, http11.getProtocol()), http11};
        }
        HTTP2ServerConnectionFactory h2 = new HTTP2ServerConnectionFactory(http);
        // As Jetty's programming guide: ALPN offers what the connector's factories speak, in their order (h2 first).
        ALPNServerConnectionFactory alpn = new ALPNServerConnectionFactory();
        alpn.setDefaultProtocol(http11.getProtocol());
        return new ConnectionFactory[] {JettyTls.connectionFactory(tls, alpn.getProtocol()), alpn, h2, http11};
    }

    private static final class Running implements RunningServer {

        /** How long close() waits for the acceptor to take its own connection: it takes it in microseconds. */
        private static final Duration FLUSH_BOUND = Duration.ofSeconds(1);

        private final String name;
        private final InetAddress bindAddress;
        private final String tls;
        private final Server server;
        private final ServerConnector connector;
        private final QueuedThreadPool threadPool;
        private final ExecutorService virtualThreads;
        private final AcceptorFlush acceptorFlush;
        private final WorldStore store;

        Running(
                String name,
                ServerConfig config,
                Server server,
                ServerConnector connector,
                QueuedThreadPool threadPool,
                ExecutorService virtualThreads,
                AcceptorFlush acceptorFlush,
                WorldStore store) {
            this.name = name;
            this.bindAddress = config.address().bindAddress();
            this.tls = config.tls()
                    .map(value -> ", TLS (" + value.provider().id() + ")")
                    .orElse("");
            this.server = server;
            this.connector = connector;
            this.threadPool = threadPool;
            this.virtualThreads = virtualThreads;
            this.acceptorFlush = acceptorFlush;
            this.store = store;
        }

        @Override
        public InetSocketAddress address() {
            return new InetSocketAddress(bindAddress, connector.getLocalPort());
        }

        @Override
        public String description() {
            return name + ": Jetty " + Jetty.VERSION + " core Server, "
                    + threads(
                            threadPool.getMaxThreads(),
                            threadPool.getMinThreads(),
                            connector.getAcceptors(),
                            connector.getSelectorManager().getSelectorCount(),
                            virtualThreads != null)
                    + tls
                    + (store == null ? "" : ", a pool of " + store.poolWaits().poolSize() + " database connections");
        }

        @Override
        public synchronized void close() {
            try {
                if (server.isStarted()) {
                    // else Server.stop() can leave a connection opened just before it open for good (AcceptorFlush)
                    acceptorFlush.flush(address(), FLUSH_BOUND);
                }
                server.stop(); // closes the connector and its connections, then stops and joins the pool
                server.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (Exception e) {
                // stopping is best effort: whatever Jetty could not stop it has logged
            } finally {
                if (virtualThreads != null) {
                    virtualThreads.shutdownNow();
                    try {
                        virtualThreads.awaitTermination(5, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                if (store != null) {
                    store.close(); // last: no thread that queries it is left
                }
            }
        }
    }
}
