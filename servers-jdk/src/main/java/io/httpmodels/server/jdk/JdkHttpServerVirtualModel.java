package io.httpmodels.server.jdk;

import io.httpmodels.server.HttpServerModel;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;

import java.io.IOException;
import java.util.concurrent.Executors;

/**
 * The {@code jdk-httpserver-virtual} model: the JDK's {@code com.sun.net.httpserver.HttpServer} with
 * {@link Executors#newVirtualThreadPerTaskExecutor()}: the dispatcher thread reads each request head and hands the
 * exchange to a new virtual thread, where the handler (and its blocking work) runs.
 *
 * <p>Where it breaks: a one-thread front end with an unbounded back end: the dispatcher still reads every head
 * itself, and nothing bounds the exchanges in flight but memory. Limits and timeouts are the JDK's, as in
 * {@link JdkHttpServerModel}.
 *
 * <p>The database routes ({@link ServerConfig#database()}) query on the exchange's virtual thread, which unmounts
 * while it waits on the database. Nothing bounds the exchanges that query at once but the pool, so its default is
 * the general one, {@link ServerConfig#fourTimesCores()}: exchanges beyond it wait in the pool for a connection
 * (at most {@code JdbcWorldStore.CONNECTION_WAIT}, then 503), holding only their virtual threads.
 */
public final class JdkHttpServerVirtualModel implements HttpServerModel {

    static final String NAME = "jdk-httpserver-virtual";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "the JDK's com.sun.net.httpserver with a virtual thread per exchange";
    }

    @Override
    public RunningServer start(ServerConfig config) throws IOException {
        config.requireSpokenBy(this);
        return JdkServer.start(
                NAME, config, Executors.newVirtualThreadPerTaskExecutor(), ServerConfig.fourTimesCores());
    }
}
