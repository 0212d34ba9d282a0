package io.httpmodels.server.nio;

import io.httpmodels.server.HttpServerModel;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.Workload;
import io.httpmodels.server.db.JdbcWorldStore;
import io.httpmodels.server.db.WorldStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.ServerSocketChannel;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The {@code nio-reactor} model: the textbook reactor on {@code java.nio}, written by hand with nothing hidden.
 * {@code workerThreads} event loops (default: one per core), each a thread with its own {@link
 * java.nio.channels.Selector}; loop 0 also accepts and hands each connection to a loop round-robin. Reads and
 * writes never block: a read takes what the socket has and every complete request in it is parsed by the shared
 * codec ({@link io.httpmodels.server.http.HttpRequestReader}, resumed where a read ran out) and answered in order; a
 * write puts what the socket takes and the rest waits for {@code OP_WRITE}, registered only then. {@link EventLoop}
 * is the thread and its queues; {@link LoopConnections} the serving, backpressure, deadlines and the hand-off of
 * simulated work to a pool of {@link ServerConfig.Threads#workPoolOrDefault()} platform threads. With {@link
 * ServerConfig#tls()} it serves HTTPS through the JDK's {@code SSLEngine}, on the same loops ({@link TlsSession}):
 * handshakes and encryption are the loops' work too, and only the JDK provider is offered.
 *
 * <p>The database routes ({@link ServerConfig#database()}) query on that pool too (JDBC through {@link
 * JdbcWorldStore}'s HikariCP pool, one connection per pool thread unless {@code --db-pool} says otherwise, so no
 * query waits for a connection a thread could not use), and their answer is built there; the loops never wait for
 * the database. The pool exists whenever there is work or a database.
 *
 * <p>Where it breaks: a loop serves its connections one after another, so anything slow on it (a large echo body
 * copied, a GC pause) delays every connection it owns; with simulated work, the pool's size bounds the requests in
 * work at once (4 x cores by default, as netty's), and a connection's requests are worked one at a time; so are its
 * queries, so the pool's threads bound the queries in flight and a pipeline of {@code /db} costs a database round
 * trip per request, while requests beyond the threads wait in the pool's unbounded queue (one per connection). A request
 * split across many reads costs a re-scan of its head per read (bounded by {@code maxHeaderBytes}); answers are
 * copied into heap buffers, and the JDK copies them again into its own direct ones to write.
 *
 * <p>Stateless and thread-safe; each {@link #start} starts an independent server.
 */
public final class NioReactorServer implements HttpServerModel {

    /** The model's name. */
    public static final String NAME = "nio-reactor";

    private static final Logger log = LoggerFactory.getLogger(NioReactorServer.class);
    private static final int ACCEPT_BACKLOG = 1024;
    private static final long CLOSE_TIMEOUT_SECONDS = 5;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "a hand-written java.nio Selector reactor: one event loop per core, non-blocking reads and writes";
    }

    @Override
    public RunningServer start(ServerConfig config) throws IOException {
        config.requireSpokenBy(this);
        config.tls().ifPresent(tls -> tls.requireJdkProvider(NAME));
        TlsSession.Setup tls = config.tls().map(TlsSession.Setup::of).orElse(null);
        int loopCount = config.threads().workersOr(Runtime.getRuntime().availableProcessors());
        ServerSocketChannel listener = ServerSocketChannel.open();
        ExecutorService workPool = null;
        WorldStore store = null;
        EventLoop[] loops = new EventLoop[loopCount];
        try {
            listener.setOption(StandardSocketOptions.SO_REUSEADDR, true);
            listener.bind(config.address().socketAddress(), ACCEPT_BACKLOG);
            listener.configureBlocking(false);
            // After the bind, so that a port in use fails before the database is reached; before the loops start,
            // so that no connection is served before its queries have somewhere to go.
            store = JdbcWorldStore.openIfSet(config.database(), config.threads().workPoolOrDefault(), NAME);
            if (config.workMillis() > 0 || store != null) {
                workPool = Executors.newFixedThreadPool(
                        config.threads().workPoolOrDefault(),
                        Thread.ofPlatform().name(NAME + "-work-", 0).factory());
            }
            String serverHeader = Workload.serverHeader(NAME);
            for (int i = 0; i < loopCount; i++) {
                loops[i] = new EventLoop(config, serverHeader, i == 0 ? listener : null, loops, workPool, store, tls);
            }
        } catch (IOException | RuntimeException e) {
            listener.close();
            if (workPool != null) {
                workPool.shutdownNow();
            }
            if (store != null) {
                store.close();
            }
            throw e;
        }
        Thread[] threads = new Thread[loopCount];
        for (int i = 0; i < loopCount; i++) {
            threads[i] = Thread.ofPlatform().name(NAME + "-loop-" + i).start(loops[i]);
        }
        String description = NAME + ": " + loopCount + " event loop" + (loopCount == 1 ? "" : "s")
                + (workPool == null
                        ? ""
                        : ", " + (store == null ? "work" : config.workMillis() > 0 ? "work and queries" : "queries")
                                + " on " + config.threads().workPoolOrDefault() + " platform threads")
                + (store == null ? "" : ", a pool of " + store.poolWaits().poolSize() + " database connections")
                + config.tls().map(t -> ", TLS (" + t.provider().id() + ")").orElse("");
        return new Running(
                listener, (InetSocketAddress) listener.getLocalAddress(), loops, threads, workPool, store, description);
    }

    /**
     * A started reactor: closing it stops the loops (which close their connections), the pool, the database's
     * connections, then the port.
     */
    private static final class Running implements RunningServer {
        private final ServerSocketChannel listener;
        private final InetSocketAddress address;
        private final EventLoop[] loops;
        private final Thread[] threads;
        private final ExecutorService workPool;
        private final WorldStore store;
        private final String description;
        private final AtomicBoolean closed = new AtomicBoolean();

        Running(
                ServerSocketChannel listener,
                InetSocketAddress address,
                EventLoop[] loops,
                Thread[] threads,
                ExecutorService workPool,
                WorldStore store,
                String description) {
            this.listener = listener;
            this.address = address;
            this.loops = loops;
            this.threads = threads;
            this.workPool = workPool;
            this.store = store;
            this.description = description;
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
            if (!closed.compareAndSet(false, true)) {
                return;
            }
            for (EventLoop loop : loops) {
                loop.stop();
            }
            try {
                if (workPool != null) {
                    workPool.shutdownNow();
                }
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(CLOSE_TIMEOUT_SECONDS);
                for (Thread thread : threads) {
                    long left = deadline - System.nanoTime();
                    if (left > 0) {
                        thread.join(TimeUnit.NANOSECONDS.toMillis(left) + 1);
                    }
                    if (thread.isAlive()) {
                        log.warn("{} did not end within {} s", thread.getName(), CLOSE_TIMEOUT_SECONDS);
                    }
                }
                if (workPool != null && !workPool.awaitTermination(CLOSE_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                    log.warn("the work pool did not end within {} s", CLOSE_TIMEOUT_SECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                for (EventLoop loop : loops) {
                    loop.closeHandOffsLeft();
                }
                if (store != null) {
                    store.close(); // once the loops and the pool, the threads that query it, have ended
                }
                try {
                    listener.close(); // after the loops closed their selectors, so the port is free at once
                } catch (IOException e) {
                    log.debug("closing the listener failed", e);
                }
            }
        }
    }
}
