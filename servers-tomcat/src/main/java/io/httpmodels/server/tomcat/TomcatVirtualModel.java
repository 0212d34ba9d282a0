package io.httpmodels.server.tomcat;

import io.httpmodels.server.HttpProtocol;
import io.httpmodels.server.HttpServerModel;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;

import java.io.IOException;
import java.util.EnumSet;
import java.util.Set;

/**
 * The {@code tomcat-virtual} model: the {@link TomcatModel}'s embedded Tomcat 11 with the connector's
 * {@code useVirtualThreads=true} ("Use this attribute to enable or disable usage of virtual threads with the
 * internal executor", the HTTP Connector's reference): the connector's internal executor starts a virtual thread
 * for each request's processing in place of its platform worker pool; the acceptor and the poller stay platform
 * threads.
 *
 * <p>Threading: the servlet, and the simulated work sleeping in it, runs on that virtual thread, which unmounts
 * from its carrier while it sleeps or blocks on the socket. {@code maxThreads} no longer bounds anything; the
 * connections in flight are bounded by {@code maxConnections} (8192) alone.
 *
 * <p>Where it breaks: nothing bounds the requests in their work but {@code maxConnections} and memory, and a
 * blocking call that pins its carrier (a {@code synchronized} block on JDK 21-23, native code) stalls one of the
 * cores' carrier threads. The rest is as in {@link TomcatModel}.
 *
 * <p>The database routes ({@link ServerConfig#database()}) query in the servlet on its virtual thread, which
 * unmounts while it waits on the database. Nothing bounds those threads, so the database pool's default is the
 * general {@link ServerConfig#fourTimesCores()}: requests beyond it wait in the pool, holding only a virtual thread.
 *
 * <p>Over HTTP/2 ({@link ServerConfig#http2()}): Tomcat's own {@code Http2Protocol} as the connector's upgrade
 * protocol (h2c by prior knowledge or {@code Upgrade: h2c}, h2 by ALPN; {@code TomcatServer.http2}). Each stream runs
 * the servlet on its own worker, at most {@code maxConcurrentStreamExecution} (20) of a connection's at once: where it
 * breaks over HTTP/2, a connection's 21st concurrent stream waits for one of them to end.
 */
public final class TomcatVirtualModel implements HttpServerModel {

    static final String NAME = "tomcat-virtual";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "embedded Tomcat 11, NIO connector with useVirtualThreads: 1 acceptor, 1 poller, a virtual thread"
                + " per request";
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
        return TomcatServer.start(NAME, config, true);
    }
}
