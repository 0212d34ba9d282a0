package io.httpmodels.server.tio;

import io.httpmodels.server.HttpServerModel;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
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
 */
public final class TioServer implements HttpServerModel {

    static final String NAME = "tio";

    /** The JDK's count of internal poller threads for an AIO group on an executor (its default: 1). */
    static final String POLLERS_PROPERTY = "sun.nio.ch.internalThreadPoolSize";

    /** The pollers this model asks for: one waits in {@code epoll_wait}, the other takes what it queued. */
    static final int POLLERS = 2;

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
        HttpConfig httpConfig = new HttpConfig(config.port(), false);
        httpConfig.setBindIp(config.bindAddress().getHostAddress());
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
        HttpServerStarter starter =
                new HttpServerStarter(httpConfig, new TioHandler(httpConfig, config), tioExecutor, groupExecutor);
        starter.getTioServer().setCheckLastVersion(false);
        starter.start();
        InetSocketAddress address = (InetSocketAddress)
                starter.getTioServer().getServerSocketChannel().getLocalAddress();
        return new Running(starter, address);
    }

    private record Running(HttpServerStarter starter, InetSocketAddress address) implements RunningServer {

        @Override
        public String description() {
            return NAME + ": AIO group (" + System.getProperty(POLLERS_PROPERTY) + " pollers), tio executor up to "
                    + Threads.MAX_POOL_SIZE_FOR_TIO
                    + " threads, group executor up to " + Threads.MAX_POOL_SIZE_FOR_GROUP + " ("
                    + Threads.AVAILABLE_PROCESSORS + " cores seen)";
        }

        /**
         * Stops t-io, waiting at most {@link #STOP_BOUND}: t-io's {@code stop()} has been seen to hang (once in three
         * conformance runs, 2026-12-03), and a close that never returns would hang its caller. Past the bound the
         * stop goes on in its daemon thread.
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
        }
    }
}
