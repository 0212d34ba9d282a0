package io.httpmodels.server.bio;

import io.httpmodels.server.HttpServerModel;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;

import java.io.IOException;
import java.util.concurrent.Executors;

/**
 * Accepted connections handed to a fixed pool of platform threads ({@link ServerConfig.Threads#workers()},
 * default 4 x cores, as in the reference article): its HttpServer03.
 *
 * <p>Where it breaks: a thread serves a connection for the connection's whole life, keep-alive pauses
 * included. As many idle connections as the pool has threads starve everyone else, who wait in the pool's
 * queue; with blocking work per request, throughput is capped at threads / work time.
 */
public final class FixedPoolServer implements HttpServerModel {

    @Override
    public String name() {
        return "fixed-pool";
    }

    @Override
    public String description() {
        return "connections served by a fixed pool of platform threads (default 4 x cores)";
    }

    @Override
    public RunningServer start(ServerConfig config) throws IOException {
        config.requireSpokenBy(this);
        int threads = config.threads().workersOr(ServerConfig.fourTimesCores());
        return BlockingServer.start(
                name(),
                config,
                Executors.newFixedThreadPool(
                        threads, Thread.ofPlatform().name(name() + "-", 0).factory()),
                name() + ": " + threads + " platform threads",
                threads);
    }
}
