package io.httpmodels.server.netty;

import io.httpmodels.server.HttpProtocol;
import io.httpmodels.server.HttpServerModel;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;

import java.io.IOException;
import java.util.Set;

/**
 * The {@code netty-virtual} model: the {@link NettyServer netty} model's event loops, with simulated blocking work
 * ({@link ServerConfig#workMillis()} &gt; 0) run on a new virtual thread per request instead of a fixed pool; the
 * answer comes back to the channel's loop and is written in pipelined order, as in {@code netty}. The database
 * routes query on such a virtual thread too, and build their response there.
 *
 * <p>The database pool defaults to 4 x cores connections ({@code --db-pool} sets it): virtual threads set no bound
 * of their own, so the pool is the bound on queries in flight, and it takes the figure the blocking models with
 * unbounded threads take (thread-per-connection, virtual-threads), so that the models differ in their threads, not
 * in how many queries the database sees at once. More would queue inside PostgreSQL rather than in the pool.
 *
 * <p>Where it breaks: work has no concurrency bound of its own, only the per-connection bound on queued answers
 * ({@link ServerConfig.Limits#maxPendingOutputBytes()}, over which the connection is not read), so many connections
 * start as many virtual threads; work that pins its carrier (synchronized blocks before JDK 24, native calls)
 * falls back to as many carriers as cores; CPU-bound work gains nothing. With a database, every request beyond the
 * pool's connections parks a virtual thread waiting for one, up to {@code JdbcWorldStore.CONNECTION_WAIT}, then is
 * answered 503.
 *
 * <p>Stateless and thread-safe; each {@link #start} starts an independent server.
 */
public final class NettyVirtualServer implements HttpServerModel {
    private final NettyServer server = new NettyServer("netty-virtual", NettyServer.WorkThreads.VIRTUAL);

    @Override
    public String name() {
        return server.name();
    }

    @Override
    public String description() {
        return "Netty event loops (io_uring, epoll or NIO), blocking work and queries on a virtual thread per request";
    }

    @Override
    public Set<HttpProtocol> protocols() {
        return server.protocols();
    }

    @Override
    public RunningServer start(ServerConfig config) throws IOException {
        return server.start(config);
    }
}
