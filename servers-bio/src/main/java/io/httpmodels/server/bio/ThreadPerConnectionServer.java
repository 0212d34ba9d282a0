package io.httpmodels.server.bio;

import io.httpmodels.server.HttpServerModel;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;

import java.io.IOException;
import java.util.concurrent.Executors;

/**
 * A new platform thread for every accepted connection, living as long as the connection: the reference
 * article's HttpServer02.
 *
 * <p>Where it breaks: each connection costs an OS thread (a stack reserved, a kernel task scheduled), so memory
 * and context switches grow with the number of connections, not with the load; thousands of idle keep-alive
 * clients cost thousands of threads, and a connection flood can exhaust the process's thread limit.
 */
public final class ThreadPerConnectionServer implements HttpServerModel {

    @Override
    public String name() {
        return "thread-per-connection";
    }

    @Override
    public String description() {
        return "a new platform thread per accepted connection";
    }

    @Override
    public RunningServer start(ServerConfig config) throws IOException {
        config.requireSpokenBy(this);
        return BlockingServer.start(
                name(),
                config,
                Executors.newThreadPerTaskExecutor(
                        Thread.ofPlatform().name(name() + "-", 0).factory()),
                name() + ": a platform thread per connection",
                ServerConfig.fourTimesCores());
    }
}
