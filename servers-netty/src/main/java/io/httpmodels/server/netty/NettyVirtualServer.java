package io.httpmodels.server.netty;

import io.httpmodels.server.HttpServerModel;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;

import java.io.IOException;

/**
 * The {@code netty-virtual} model: the {@link NettyServer netty} model's event loops, with simulated blocking work
 * ({@link ServerConfig#workMillis()} &gt; 0) run on a new virtual thread per request instead of a fixed pool; the
 * answer comes back to the channel's loop and is written in pipelined order, as in {@code netty}.
 *
 * <p>Where it breaks: work has no concurrency bound of its own, only the per-connection bound on queued answers
 * ({@link ServerConfig.Limits#maxPendingOutputBytes()}, over which the connection is not read), so many connections
 * start as many virtual threads; work that pins its carrier (synchronized blocks before JDK 24, native calls)
 * falls back to as many carriers as cores; CPU-bound work gains nothing.
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
        return "Netty event loops (io_uring, epoll or NIO), blocking work on a virtual thread per request";
    }

    @Override
    public RunningServer start(ServerConfig config) throws IOException {
        return server.start(config);
    }
}
