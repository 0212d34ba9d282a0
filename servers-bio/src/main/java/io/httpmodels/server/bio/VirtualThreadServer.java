package io.httpmodels.server.bio;

import io.httpmodels.server.HttpServerModel;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;

import java.io.IOException;
import java.util.concurrent.Executors;

/**
 * A virtual thread per accepted connection (Java 21): blocking code, written like thread-per-connection, that
 * the JDK runs on a few carrier threads, unmounting a virtual thread whenever it blocks on a socket or sleeps.
 * The model the articles could not have.
 *
 * <p>Where it breaks: a virtual thread pinned to its carrier (blocking inside {@code synchronized} before JDK 24,
 * or in native code) holds a carrier, and with as many pinned threads as carriers everyone waits. CPU-bound
 * work gains nothing: there are still only as many carriers as cores. Each blocking socket operation goes
 * through the JDK's poller, an extra hop an event loop does not pay.
 */
public final class VirtualThreadServer implements HttpServerModel {

    @Override
    public String name() {
        return "virtual-threads";
    }

    @Override
    public String description() {
        return "a virtual thread per accepted connection";
    }

    @Override
    public RunningServer start(ServerConfig config) throws IOException {
        config.requireSpokenBy(this);
        return BlockingServer.start(
                name(),
                config,
                Executors.newThreadPerTaskExecutor(
                        Thread.ofVirtual().name(name() + "-", 0).factory()),
                name() + ": a virtual thread per connection",
                ServerConfig.fourTimesCores());
    }
}
