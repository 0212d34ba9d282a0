package io.httpmodels.server.jdk;

import io.httpmodels.server.HttpServerModel;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;

import java.io.IOException;

/**
 * The {@code jdk-httpserver} model: {@code com.sun.net.httpserver.HttpServer}, the JDK's own HTTP/1.1 server, as
 * shipped: no executor set, so every handler runs on the server's one dispatcher thread, the thread that also
 * selects, accepts and reads request heads.
 *
 * <p>Where it breaks: it is the single-thread model again, with a twist: the dispatcher owns the selector, so a
 * handler that blocks (1 ms of work) stops accepting and reading for every connection, and requests/s under work
 * is about 1,000 / workMillis whatever the connection count. Its limits and timeouts are the JDK's
 * ({@code sun.net.httpserver.*} properties, read once per JVM): {@link ServerConfig}'s do not reach it.
 *
 * <p>The database routes ({@link ServerConfig#database()}) query on that dispatcher thread too, so a query blocks
 * every connection, accepting and reading included, until it returns: that is the model's design, and the
 * database's round trips, not the work, then bound requests/s. Its pool's default is one connection: one thread can
 * query, so a second connection would never be used.
 */
public final class JdkHttpServerModel implements HttpServerModel {

    static final String NAME = "jdk-httpserver";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "the JDK's com.sun.net.httpserver as shipped: handlers on its one dispatcher thread";
    }

    @Override
    public RunningServer start(ServerConfig config) throws IOException {
        config.requireSpokenBy(this);
        return JdkServer.start(NAME, config, null, 1);
    }
}
