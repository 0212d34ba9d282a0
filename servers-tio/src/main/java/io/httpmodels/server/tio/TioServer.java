package io.httpmodels.server.tio;

import io.httpmodels.server.HttpServerModel;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.db.JdbcWorldStore;
import io.httpmodels.server.db.WorldStore;
import io.httpmodels.server.tls.ServerTls;
import org.tio.core.ssl.SslConfig;
import org.tio.http.common.HttpConfig;
import org.tio.http.server.HttpServerStarter;
import org.tio.utils.Threads;
import org.tio.utils.thread.pool.SynThreadPoolExecutor;
import org.tio.utils.thread.pool.TioCallerRunsPolicy;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The {@code tio} model: t-io's tio-http-server, on its own handler API ({@link TioHandler}). t-io accepts and
 * reads on an AIO channel group, decodes on its own executors and calls the handler there, so blocking work runs
 * on t-io's executor threads. Where it breaks: a handler that blocks holds one of t-io's few executor threads
 * (sized from the cores by t-io's defaults), and t-io's HTTP parser answers some bad input differently from the
 * conformance kit (see docs/model-notes/tio.md). Its version check over the network is turned off.
 *
 * <p>The database routes ({@link ServerConfig#database()}) query in the handler too, on the tio executor's thread,
 * as the simulated work sleeps there. The pool's default is one connection per tio executor thread
 * ({@code Threads.MAX_POOL_SIZE_FOR_TIO}: {@code max(3 x cores, 64)}, 64 on up to 21 cores): those threads are the
 * most handlers that can query at once, so the executor, t-io's own bound, bounds the queries in flight and no
 * handler holds its thread waiting for a connection. A larger pool would never be used; a smaller one would add a
 * second queue, inside the handler, that t-io's design does not have.
 *
 * <p>Two pollers for t-io's AIO group ({@link #POLLERS_PROPERTY}): t-io makes its group with
 * {@code AsynchronousChannelGroup.withThreadPool(executor)}, whichever executor it is given (its own or ours), and
 * on Linux the JDK polls such a group with one internal thread (JDK 25's {@code sun.nio.ch.EPollPort}). That thread
 * queues all but the last event of an {@code epoll_wait} batch for the group's other handler threads, and goes
 * back to {@code epoll_wait} when the last event's descriptor has just been unregistered (a connection t-io closed
 * while its read was pending). With one poller there is no other handler thread: the queued events, the listening
 * socket's among them, wait for an event that never comes, and t-io stops accepting and reading for good, with
 * nothing logged (1,180 to 196,289 short connections into the leak kit's load in about half the runs; see
 * docs/model-notes/tio.md). A second poller takes the queued events while the first waits. The JDK reads the
 * property once, when the JVM makes its first AIO group, so it is set when this class loads, unless set already.
 *
 * <p>Over TLS ({@link ServerConfig#tls()}, the JDK's provider only) t-io encrypts with its own {@code SslConfig}:
 * an {@code SSLEngine} per connection, wrapped and unwrapped on t-io's read and send paths. t-io's
 * {@code SslConfig} reads JKS key store files or streams only; this model builds one with neither and hands it the
 * key managers of {@link ServerTls#keyManagerFactory()}, so the key never touches a file. What t-io does with it,
 * seen in its 3.8.6 sources and recorded by the TLS kits: it makes a new {@code SSLContext} for every connection,
 * so every handshake is a full one (no session is ever resumed) and pays the context's set-up; its engines take
 * the JDK's default protocols (TLS 1.3 and 1.2 on JDK 25, as {@link ServerTls#PROTOCOLS}) rather than
 * {@link ServerTls#parameters()}; a handshake has no deadline of t-io's but its heartbeat timeout (20 s, as every
 * silence on a t-io connection), not the header timeout; it sends TLS 1.3's session tickets out of order, so this
 * model asks the JDK for none ({@link #TLS_TICKETS_PROPERTY}); input that is not TLS is logged as an error with
 * its stack, then the connection closed; and its HTTP listener throws on every TLS connection (it casts each packet
 * sent, handshake records included, to a response), so over TLS this model gives t-io {@link TioTlsListener}.
 */
public final class TioServer implements HttpServerModel {

    static final String NAME = "tio";

    /** The JDK's count of internal poller threads for an AIO group on an executor (its default: 1). */
    static final String POLLERS_PROPERTY = "sun.nio.ch.internalThreadPoolSize";

    /** The pollers this model asks for: one waits in {@code epoll_wait}, the other takes what it queued. */
    static final int POLLERS = 2;

    /**
     * The JDK's count of TLS 1.3 session tickets a server sends after each handshake (its default: 1). This model
     * asks for none: t-io makes a new {@code SSLContext} per connection, so a ticket could never resume a session,
     * and t-io sends the ticket's record and the first answer's out of the order they were encrypted in, which the
     * client rejects ({@code bad_record_mac} on the first answer after the handshake; none without tickets). The
     * property is the JVM's and the JDK reads it once, when it makes its first TLS engine or socket, so it is set by
     * {@link #start} over TLS only, unless set already ({@link #askTheJdkForNoTickets}), never when this class loads:
     * every JVM that lists the models loads this class ({@code ServerModels.all()}, which {@code serve} calls
     * whichever model it starts), and a ticket count of 0 set there would take TLS 1.3 resumption from every other
     * model served in that JVM.
     */
    static final String TLS_TICKETS_PROPERTY = "jdk.tls.server.newSessionTicketCount";

    static {
        if (System.getProperty(POLLERS_PROPERTY) == null) {
            System.setProperty(POLLERS_PROPERTY, String.valueOf(POLLERS));
        }
    }

    /** How long {@code close()} waits for t-io's own stop. */
    static final Duration STOP_BOUND = Duration.ofSeconds(5);

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "t-io's tio-http-server: an AIO channel group and t-io's executors";
    }

    @Override
    public RunningServer start(ServerConfig config) throws IOException {
        config.requireSpokenBy(this);
        config.tls().ifPresent(tls -> tls.requireJdkProvider(NAME));
        if (config.tls().isPresent()) {
            askTheJdkForNoTickets();
        }
        SslConfig sslConfig = config.tls().isPresent() ? sslConfig(config.tls().get()) : null;
        HttpConfig httpConfig = new HttpConfig(config.address().port(), false);
        httpConfig.setBindIp(config.address().bindAddress().getHostAddress());
        // Own executors per server: t-io's default ones are static (Threads.getTioExecutor/getGroupExecutor) and
        // TioServer.stop() shuts them down, after which a second server in the JVM accepts but never answers.
        SynThreadPoolExecutor tioExecutor = new SynThreadPoolExecutor(
                Threads.MAX_POOL_SIZE_FOR_TIO,
                Threads.MAX_POOL_SIZE_FOR_TIO,
                Threads.KEEP_ALIVE_TIME,
                new LinkedBlockingQueue<>(),
                Thread.ofPlatform().name("tio-worker-", 0).daemon().factory(),
                "tio-worker",
                new TioCallerRunsPolicy());
        ThreadPoolExecutor groupExecutor = new ThreadPoolExecutor(
                Threads.MAX_POOL_SIZE_FOR_GROUP,
                Threads.MAX_POOL_SIZE_FOR_GROUP,
                Threads.KEEP_ALIVE_TIME,
                TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(),
                Thread.ofPlatform().name("tio-group-", 0).daemon().factory(),
                new ThreadPoolExecutor.CallerRunsPolicy());
        WorldStore store;
        try {
            store = JdbcWorldStore.openIfSet(config.database(), Threads.MAX_POOL_SIZE_FOR_TIO, NAME);
        } catch (IOException e) {
            tioExecutor.shutdownNow();
            groupExecutor.shutdownNow();
            throw e;
        }
        HttpServerStarter starter = new HttpServerStarter(
                httpConfig, new TioHandler(httpConfig, config, store), tioExecutor, groupExecutor);
        starter.getTioServer().setCheckLastVersion(false);
        if (sslConfig != null) {
            starter.getTioServerConfig().setSslConfig(sslConfig);
            starter.getTioServerConfig().setTioServerListener(new TioTlsListener());
        }
        InetSocketAddress address;
        try {
            starter.start();
            address = (InetSocketAddress)
                    starter.getTioServer().getServerSocketChannel().getLocalAddress();
        } catch (IOException | RuntimeException e) {
            tioExecutor.shutdownNow();
            groupExecutor.shutdownNow();
            if (store != null) {
                store.close();
            }
            throw e;
        }
        String tls = config.tls().map(t -> ", TLS (" + t.provider().id() + ")").orElse("");
        String database =
                store == null ? "" : ", a pool of " + store.poolWaits().poolSize() + " database connections";
        return new Running(starter, address, tls + database, store);
    }

    /**
     * Sets {@link #TLS_TICKETS_PROPERTY} to 0 unless it is set already: before this JVM's first TLS engine, so before
     * t-io makes one. Not at class load: see {@link #TLS_TICKETS_PROPERTY}.
     */
    static void askTheJdkForNoTickets() {
        if (System.getProperty(TLS_TICKETS_PROPERTY) == null) {
            System.setProperty(TLS_TICKETS_PROPERTY, "0");
        }
    }

    // t-io's SslConfig made without a key store (forClient() is the factory that reads none; the server mode comes
    // from the accepted channel), then given the key managers: each connection's SSLContext is built from them.
    private static SslConfig sslConfig(ServerTls tls) throws IOException {
        SslConfig sslConfig;
        try {
            sslConfig = SslConfig.forClient();
        } catch (Exception e) {
            throw new IOException("t-io cannot set up TLS: " + e, e);
        }
        sslConfig.setKeyManagerFactory(tls.keyManagerFactory());
        return sslConfig;
    }

    /**
     * @param suffix what the description ends with: TLS and the database pool, when there
     * @param store  the database routes' store, closed last, or {@code null}
     */
    private record Running(HttpServerStarter starter, InetSocketAddress address, String suffix, WorldStore store)
            implements RunningServer {

        @Override
        public String description() {
            return NAME + ": AIO group (" + System.getProperty(POLLERS_PROPERTY) + " pollers), tio executor up to "
                    + Threads.MAX_POOL_SIZE_FOR_TIO
                    + " threads, group executor up to " + Threads.MAX_POOL_SIZE_FOR_GROUP + " ("
                    + Threads.AVAILABLE_PROCESSORS + " cores seen)" + suffix;
        }

        /**
         * Stops t-io, waiting at most {@link #STOP_BOUND}: t-io's {@code stop()} sometimes never returns, and a close
         * that never returns would hang its caller. Past the bound the
         * stop goes on in its daemon thread. The database pool is closed last: t-io's stop waits for its executors,
         * whose threads are the ones that query (past the bound, a query still running fails and answers 503).
         */
        @Override
        public void close() {
            Thread stopping = Thread.ofPlatform().name("tio-stop").daemon().start(() -> {
                try {
                    starter.stop();
                } catch (IOException e) {
                    // close() never throws; the port is released by stop() or not at all
                }
            });
            try {
                stopping.join(STOP_BOUND);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (store != null) {
                store.close();
            }
        }
    }
}
