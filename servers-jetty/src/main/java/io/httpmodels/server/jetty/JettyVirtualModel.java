package io.httpmodels.server.jetty;

import io.httpmodels.server.HttpProtocol;
import io.httpmodels.server.HttpServerModel;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;

import java.io.IOException;
import java.util.EnumSet;
import java.util.Set;

/**
 * The {@code jetty-virtual} model: the {@code jetty} model's server with
 * {@code QueuedThreadPool.setVirtualThreadsExecutor} given a virtual thread per task, so that Jetty runs its
 * blocking tasks, among them the workload's blocking handler, on virtual threads. Jetty's programming guide,
 * "Virtual Threads Support with QueuedThreadPool": "Enabling virtual threads in QueuedThreadPool will default the
 * number of reserved threads to zero ... which means that virtual threads will always be used for blocking tasks."
 *
 * <p>Threading: the acceptor and the selectors stay on the pool's platform threads (so they pin no carrier thread);
 * each readable connection is handed to a new virtual thread, which parses the request, runs the handler and its
 * work (the sleep unmounts it) and writes the answer.
 *
 * <p>Where it breaks: nothing bounds the requests in the handler but memory (Jetty's guide names the risk and offers
 * {@code VirtualThreadPool} with a limit, not used here); the deadlines are the {@code jetty} model's: the idle
 * timeout alone.
 *
 * <p>The database routes ({@link ServerConfig#database()}) query in the handler on its virtual thread, which
 * unmounts while it waits on the database. Nothing bounds those threads, so the database pool's default is the
 * general {@link ServerConfig#fourTimesCores()}: requests beyond it wait in the pool, holding only a virtual thread.
 */
public final class JettyVirtualModel implements HttpServerModel {

    static final String NAME = "jetty-virtual";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Jetty's core Server with virtual threads: " + JettyServer.defaultThreads(true);
    }

    /** HTTP/1.1, h2c and h2: Jetty's own HTTP/2 ({@code jetty-http2-server}). */
    @Override
    public Set<HttpProtocol> protocols() {
        return EnumSet.allOf(HttpProtocol.class);
    }

    @Override
    public RunningServer start(ServerConfig config) throws IOException {
        config.requireSpokenBy(this);
        return JettyServer.start(NAME, config, true);
    }
}
