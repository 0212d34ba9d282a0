package io.httpmodels.server.tomcat;

import io.httpmodels.server.HttpProtocol;
import io.httpmodels.server.HttpServerModel;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;

import java.io.IOException;
import java.util.EnumSet;
import java.util.Set;

/**
 * The {@code tomcat} model: embedded Apache Tomcat 11 with its NIO HTTP/1.1 connector and the connector's own
 * worker pool as shipped, the workload one servlet ({@link WorkloadServlet}, set up by {@link TomcatServer}).
 *
 * <p>Threading: one acceptor thread accepts and hands each connection to the one poller thread, which selects
 * and, when a connection has bytes, hands it to a worker of the connector's pool (platform threads, 10 kept, at
 * most {@code maxThreads} 200, a queue beyond). The worker parses the request, runs the servlet and writes the
 * answer, blocking, then gives the connection back to the poller between requests. The simulated work sleeps in
 * the servlet on that worker: the place Tomcat's documentation gives blocking code ("Each incoming, non-asynchronous
 * request requires a thread for the duration of that request", Tomcat 11 configuration reference, the HTTP
 * Connector, Introduction); nothing is handed off.
 *
 * <p>Where it breaks: at 200 requests in their work at once: the others wait in the pool's queue (and past
 * {@code maxConnections} 8192, in the kernel's backlog), so with 1 ms of work requests/s tops out near
 * 200 x 1,000 / workMillis. A client trickling its head or body holds a worker only while bytes are there to read
 * (the poller waits for the rest), but a client that never reads its answers holds one until
 * {@code connectionTimeout}. Tomcat has no whole-head or whole-body deadline; see {@link TomcatServer} for the
 * settings taken from {@link ServerConfig}.
 *
 * <p>The database routes ({@link ServerConfig#database()}) query in the servlet on that worker, as the work sleeps
 * there. The database pool's default is one connection per worker, {@code maxThreads} (200, or the configured
 * workers): the worker pool, Tomcat's own bound, then bounds the queries in flight, and no request holds a worker
 * while waiting for a connection. Where the database has fewer cores than that, {@code --db-pool} sets a smaller
 * pool, the rest of the workers waiting in it.
 *
 * <p>Over TLS ({@link ServerConfig#tls()}): the same connector with {@code SSLEnabled} and one {@code SSLHostConfig},
 * the JDK's JSSE only; {@link TomcatTls} names what differs from Tomcat's TLS defaults. A handshake, too, is bounded
 * by {@code connectionTimeout} alone.
 *
 * <p>Over HTTP/2 ({@link ServerConfig#http2()}): Tomcat's own {@code Http2Protocol} as the connector's upgrade
 * protocol (h2c by prior knowledge or {@code Upgrade: h2c}, h2 by ALPN; {@code TomcatServer.http2}). Each stream runs
 * the servlet on its own worker, at most {@code maxConcurrentStreamExecution} (20) of a connection's at once: where it
 * breaks over HTTP/2, a connection's 21st concurrent stream waits for one of them to end.
 */
public final class TomcatModel implements HttpServerModel {

    static final String NAME = "tomcat";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "embedded Tomcat 11, NIO connector: 1 acceptor, 1 poller, worker pool max 200 (servlet on a worker)";
    }

    /**
     * HTTP/1.1, h2c (prior knowledge and {@code Upgrade: h2c}) and h2 by ALPN: Tomcat's own HTTP/2, its
     * {@code Http2Protocol} as the connector's upgrade protocol.
     */
    @Override
    public Set<HttpProtocol> protocols() {
        return EnumSet.allOf(HttpProtocol.class);
    }

    @Override
    public RunningServer start(ServerConfig config) throws IOException {
        config.requireSpokenBy(this);
        return TomcatServer.start(NAME, config, false);
    }
}
