package io.httpmodels.server.bio;

import io.httpmodels.server.HttpServerModel;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;

import java.io.IOException;

/**
 * One thread accepts a connection, serves it until it ends, then accepts the next: the reference article's
 * HttpServer01, done right (valid HTTP/1.1, keep-alive, the request actually read).
 *
 * <p>Where it breaks: it serves one connection at a time. A keep-alive client holds the server until it closes
 * or idles out, and every other client waits in the accept queue; any blocking work per request adds straight
 * to every waiting client's latency. Throughput is one connection's round trips, whatever the load.
 *
 * <p>Over TLS the handshake, too, runs on its one thread: a client that connects and stalls its handshake holds
 * the server for at most the header timeout, as one that stalls its request head does.
 */
public final class SingleThreadServer implements HttpServerModel {

    @Override
    public String name() {
        return "single-thread";
    }

    @Override
    public String description() {
        return "one thread accepts and serves one connection at a time";
    }

    @Override
    public RunningServer start(ServerConfig config) throws IOException {
        config.requireSpokenBy(this);
        return BlockingServer.start(name(), config, null, name() + ": 1 platform thread", 1);
    }
}
