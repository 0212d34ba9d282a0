package io.httpmodels.server.jetty;

import io.httpmodels.server.HttpProtocol;
import io.httpmodels.server.HttpServerModel;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;

import java.io.IOException;
import java.util.EnumSet;
import java.util.Set;

/**
 * The {@code jetty} model: Jetty 12's core {@code Server} with one {@code ServerConnector} (HTTP/1.1 only) on its
 * default {@code QueuedThreadPool} (max 200 threads, min 8), the workload as a blocking core {@code Handler} (no
 * servlets). See {@link JettyServer} for the few settings changed from Jetty's defaults.
 *
 * <p>Threading: an acceptor thread accepts; a selector thread (one on two cores) selects, and since the handler
 * declares itself blocking, Jetty's adaptive execution strategy hands each readable connection to another pool
 * thread, which parses the request, runs the handler (and the work's sleep) and writes the answer. So up to about
 * 200 minus the acceptor, selectors and reserved threads requests are in the handler at once; beyond that they queue
 * in the pool's unbounded queue.
 *
 * <p>The database routes ({@link ServerConfig#database()}) query in the handler on that pool thread, as the work
 * sleeps there. The database pool's default is one connection per pool thread that can run the handler,
 * {@code maxThreads} less the acceptor and selectors (198 on 2 cores): the thread pool, Jetty's own bound, then
 * bounds the queries in flight, and no request holds a thread while waiting for a connection. Where the database
 * has fewer cores than that, {@code --db-pool} sets a smaller pool, the rest of the threads waiting in it.
 *
 * <p>Where it breaks: with blocking work, requests/s is bounded by the pool (about 190 x 1000 / workMillis), like the
 * fixed pool's model with a larger pool; a connection trickling its head holds no thread between reads (Jetty reads
 * without blocking), but Jetty has no head or body deadline, only its idle timeout restarted by every byte.
 *
 * <p>Over TLS ({@link ServerConfig#tls()}): the same connector with Jetty's {@code SslConnectionFactory} in front,
 * the JDK's TLS only; {@link JettyTls} names what differs from Jetty's TLS defaults. A handshake, too, is bounded by
 * the idle timeout alone.
 */
public final class JettyModel implements HttpServerModel {

    static final String NAME = "jetty";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Jetty's core Server as shipped: " + JettyServer.defaultThreads(false);
    }

    /** HTTP/1.1, h2c and h2: Jetty's own HTTP/2 ({@code jetty-http2-server}). */
    @Override
    public Set<HttpProtocol> protocols() {
        return EnumSet.allOf(HttpProtocol.class);
    }

    @Override
    public RunningServer start(ServerConfig config) throws IOException {
        config.requireSpokenBy(this);
        return JettyServer.start(NAME, config, false);
    }
}
