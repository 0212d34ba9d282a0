package io.httpmodels.server.netty;

import io.httpmodels.server.HttpProtocol;
import io.httpmodels.server.HttpServerModel;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.db.JdbcWorldStore;
import io.httpmodels.server.db.WorldStore;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.handler.ssl.SslContext;
import io.netty.util.concurrent.EventExecutor;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The {@code netty} model: {@code workerThreads} I/O event loops (default: one per core) on the best transport
 * available ({@link NettyTransport}: io_uring, then epoll, then NIO), an acceptor event loop of its own when there
 * are several (the one loop accepts too when it is alone), and the workload served by {@link NettyServerHandler} on
 * the loops themselves. With a new connection per request on one core, a separate acceptor hands every connection
 * to the other thread on the same core (a task queued, an eventfd written, two more context switches): a third of
 * netty's CPU beyond nginx's (docs/why.md).
 *
 * <p>The fast path follows what the fastest public Netty plaintext servers do: pooled direct buffers, response
 * header names and values built once as {@code AsciiString}, a shared body buffer, writes with the void
 * promise and one flush per read batch.
 *
 * <p>A connection's unsent answers are bounded by {@link ServerConfig.Limits#maxPendingOutputBytes()}: over it the
 * connection is not read (a client that pipelines and never reads cannot make it queue answers without end), and
 * one that stays over it for the idle timeout is closed ({@link WriteDeadlineHandler}).
 *
 * <p>Simulated blocking work ({@link ServerConfig#workMillis()} &gt; 0) never runs on an event loop: the
 * reference article's Netty server slept on its event loop, which measured a misuse of Netty rather than
 * Netty. Here the request goes to a separate executor of {@link ServerConfig.Threads#workPoolOrDefault()}
 * threads, and the response comes back to the channel's loop, keeping pipelined order.
 *
 * <p>The database routes ({@link ServerConfig#database()}) query on that executor too, and their response is built
 * there once the queries are done (JDBC through {@link JdbcWorldStore}'s HikariCP pool): the loops never wait for
 * the database. The pool holds one connection per work thread by default ({@code --db-pool} sets it), so a query
 * never waits for a connection that a thread could not use anyway. Where it breaks: the work threads bound the
 * queries in flight, and requests beyond them wait in the executor's unbounded FIFO queue (each connection has at
 * most one there, so at most one per connection); one connection's requests are queried one after another,
 * pipelined or not, so a deep pipeline of {@code /db} is as slow as as many round trips to the database.
 *
 * <p>Stateless and thread-safe; each {@link #start} starts an independent server.
 *
 * <pre>{@code
 * try (RunningServer server = new NettyServer().start(ServerConfig.defaults().withTransport("epoll"))) {
 *     System.out.println(server.description() + " on " + server.address());
 * }
 * }</pre>
 */
public final class NettyServer implements HttpServerModel {

    /** How long {@link RunningServer#close()} waits for each group of threads to end, in seconds. */
    private static final long CLOSE_TIMEOUT_SECONDS = 10;

    /** Where simulated blocking work runs: this model's fixed pool, or {@link NettyVirtualServer}'s threads. */
    enum WorkThreads {
        FIXED_POOL,
        VIRTUAL
    }

    private final String name;
    private final WorkThreads workThreadsKind;

    /** The {@code netty} model, its work on a fixed pool of platform threads. */
    public NettyServer() {
        this("netty", WorkThreads.FIXED_POOL);
    }

    NettyServer(String name, WorkThreads workThreadsKind) {
        this.name = name;
        this.workThreadsKind = workThreadsKind;
    }

    /**
     * The database pool's size unless {@code --db-pool} sets it: one connection per thread that can query. The
     * fixed pool's threads for {@code netty}; for {@code netty-virtual}, whose threads are unbounded, 4 x cores,
     * the figure the executor's size defaults to and the blocking models with unbounded threads use.
     */
    int defaultDatabasePool(ServerConfig config) {
        return workThreadsKind == WorkThreads.VIRTUAL
                ? ServerConfig.fourTimesCores()
                : config.threads().workPoolOrDefault();
    }

    @Override
    public String name() {
        return name;
    }

    /** HTTP/1.1, h2c (prior knowledge, on the plaintext port) and h2 (ALPN, on the TLS port): {@link NettyHttp2}. */
    @Override
    public Set<HttpProtocol> protocols() {
        return PROTOCOLS;
    }

    private static final Set<HttpProtocol> PROTOCOLS = Collections.unmodifiableSet(EnumSet.allOf(HttpProtocol.class));

    @Override
    public String description() {
        return "Netty event loops (io_uring, epoll or NIO), blocking work and queries handed to a separate executor";
    }

    /**
     * Binds and returns once the server accepts.
     *
     * @throws IllegalArgumentException if {@code config.transport()} is unknown or not available here, or
     *     {@code config.tls()} asks for OpenSSL and BoringSSL does not load here
     * @throws IOException if the address cannot be bound
     */
    @Override
    public RunningServer start(ServerConfig config) throws IOException {
        config.requireSpokenBy(this);
        NettyTransport transport = NettyTransport.select(config.transport());
        SslContext sslContext = config.tls()
                .map(tls -> NettyTls.serverContext(tls, config.http2()))
                .orElse(null);
        int eventLoops = config.threads().workersOr(Runtime.getRuntime().availableProcessors());
        JoinableThreadFactory acceptorThreads = new JoinableThreadFactory("httpmodels-netty-accept");
        JoinableThreadFactory ioThreads = new JoinableThreadFactory("httpmodels-netty-io");
        JoinableThreadFactory workThreads = new JoinableThreadFactory("httpmodels-netty-work");
        boolean database = config.database().isPresent();
        ExecutorService workExecutor =
                config.workMillis() > 0 || database ? newWorkExecutor(config, workThreads) : null;
        EventLoopGroup workers = new MultiThreadIoEventLoopGroup(eventLoops, ioThreads, transport.ioHandlerFactory());
        EventLoopGroup acceptor = eventLoops == 1
                ? workers
                : new MultiThreadIoEventLoopGroup(1, acceptorThreads, transport.ioHandlerFactory());
        String description = name + ": " + transport.id() + ", " + eventLoops + " event loop"
                + (eventLoops == 1 ? "" : "s") + describeWork(config) + NettyTls.describe(config.tls())
                + (config.http2() ? ", " + config.protocol().title() + " beside HTTP/1.1" : "");
        Set<Channel> connections = ConcurrentHashMap.newKeySet();
        Running running = new Running(
                acceptor,
                workers,
                workExecutor,
                connections,
                description,
                List.of(acceptorThreads, ioThreads, workThreads));
        try {
            // Before the bind, so that no connection can be accepted before its queries have somewhere to go.
            WorldStore store = JdbcWorldStore.openIfSet(config.database(), defaultDatabasePool(config), name);
            running.store = store;
            if (store != null) {
                running.description =
                        description + ", a pool of " + store.poolWaits().poolSize() + " database connections";
            }
            ServerBootstrap bootstrap = new ServerBootstrap()
                    .group(acceptor, workers)
                    .channel(transport.serverChannelClass())
                    .option(ChannelOption.SO_BACKLOG, 1024)
                    .option(ChannelOption.SO_REUSEADDR, true)
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childOption(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                    // Over the bound of unsent answers a connection turns unwritable and the handler stops reading
                    // it; at half, it reads again.
                    .childOption(
                            ChannelOption.WRITE_BUFFER_WATER_MARK,
                            new WriteBufferWaterMark(
                                    config.limits().resumeReadingBelowBytes(),
                                    config.limits().maxPendingOutputBytes()))
                    .handler(new AcceptedConnections(connections))
                    .childHandler(new NettyServerInitializer(config, workExecutor, sslContext, name, store));
            ChannelFuture bound =
                    bootstrap.bind(config.address().socketAddress()).awaitUninterruptibly();
            if (!bound.isSuccess()) {
                Throwable cause = bound.cause();
                throw cause instanceof IOException io
                        ? io
                        : new IOException(
                                "cannot bind " + config.address().bindAddress() + ":"
                                        + config.address().port(),
                                cause);
            }
            running.serverChannel = bound.channel();
            return running;
        } catch (IOException | RuntimeException | Error e) {
            running.close();
            throw e;
        }
    }

    /** Where the work and the queries run, as the description says it: nothing when neither is asked for. */
    private String describeWork(ServerConfig config) {
        boolean work = config.workMillis() > 0;
        boolean database = config.database().isPresent();
        if (!work && !database) {
            return "";
        }
        String threads = workThreadsKind == WorkThreads.VIRTUAL
                ? "virtual threads"
                : config.threads().workPoolOrDefault() + " executor threads";
        return ", " + (work ? config.workMillis() + " ms work" : "") + (work && database ? " and " : "")
                + (database ? "database queries" : "") + " on " + threads;
    }

    private ExecutorService newWorkExecutor(ServerConfig config, ThreadFactory threads) {
        if (workThreadsKind == WorkThreads.VIRTUAL) {
            return Executors.newThreadPerTaskExecutor(
                    Thread.ofVirtual().name("httpmodels-netty-vwork-", 0).factory());
        }
        int size = config.threads().workPoolOrDefault();
        return new ThreadPoolExecutor(size, size, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(), threads);
    }

    /** A started server; {@link #close()} is idempotent and thread-safe. */
    private static final class Running implements RunningServer {
        private final EventLoopGroup acceptor;
        private final EventLoopGroup workers;
        private final ExecutorService workExecutor;
        private final Set<Channel> connections;
        private final List<JoinableThreadFactory> threadFactories;
        private final AtomicBoolean closed = new AtomicBoolean();
        private volatile String description;
        private volatile Channel serverChannel;
        /** What the database routes query, or {@code null}; closed last, once no thread can query it. */
        private volatile WorldStore store;

        Running(
                EventLoopGroup acceptor,
                EventLoopGroup workers,
                ExecutorService workExecutor,
                Set<Channel> connections,
                String description,
                List<JoinableThreadFactory> threadFactories) {
            this.acceptor = acceptor;
            this.workers = workers;
            this.workExecutor = workExecutor;
            this.connections = connections;
            this.description = description;
            this.threadFactories = threadFactories;
        }

        @Override
        public InetSocketAddress address() {
            return (InetSocketAddress) serverChannel.localAddress();
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
            Channel channel = serverChannel;
            if (channel != null) {
                channel.close().awaitUninterruptibly(CLOSE_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            }
            closeConnections();
            // Work next: interrupted sleepers hand their answers to loops that are still running.
            if (workExecutor != null) {
                workExecutor.shutdownNow();
                awaitTermination(workExecutor);
            }
            acceptor.shutdownGracefully(0, CLOSE_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            workers.shutdownGracefully(0, CLOSE_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            acceptor.terminationFuture().awaitUninterruptibly(CLOSE_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            workers.terminationFuture().awaitUninterruptibly(CLOSE_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(CLOSE_TIMEOUT_SECONDS);
            for (JoinableThreadFactory threads : threadFactories) {
                threads.joinAll(deadline);
            }
            WorldStore opened = store;
            if (opened != null) {
                opened.close();
            }
        }

        /**
         * Closes every accepted connection through its own loop and waits. A loop's shutdown alone was seen to
         * leave a connection open when its registration raced the shutdown, so registrations are flushed first:
         * one task through the acceptor (which hands connections over), then one through each worker loop.
         */
        private void closeConnections() {
            acceptor.submit(() -> {}).awaitUninterruptibly(CLOSE_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            for (EventExecutor loop : workers) {
                loop.submit(() -> {}).awaitUninterruptibly(CLOSE_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            }
            List<ChannelFuture> closing = new ArrayList<>();
            for (Channel connection : connections) {
                if (connection.isRegistered()) {
                    closing.add(connection.close());
                }
            }
            for (ChannelFuture future : closing) {
                future.awaitUninterruptibly(CLOSE_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            }
        }

        private static void awaitTermination(ExecutorService executor) {
            boolean interrupted = false;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(CLOSE_TIMEOUT_SECONDS);
            while (!executor.isTerminated() && System.nanoTime() < deadline) {
                try {
                    executor.awaitTermination(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * On the listening channel, ahead of Netty's acceptor: remembers every accepted connection until it closes,
     * so that {@link Running#close()} closes each one itself.
     */
    @ChannelHandler.Sharable
    private static final class AcceptedConnections extends ChannelInboundHandlerAdapter {
        private final Set<Channel> connections;

        AcceptedConnections(Set<Channel> connections) {
            this.connections = connections;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof Channel connection) {
                connections.add(connection);
                connection.closeFuture().addListener(future -> connections.remove(connection));
            }
            ctx.fireChannelRead(msg);
        }
    }
}
