package io.httpmodels.server.vertx;

import io.httpmodels.server.ServerConfig;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;

/**
 * One instance of the server: a Vert.x {@link HttpServer} created in a verticle, so that it runs on the one event
 * loop Vert.x gives the verticle instance. Deployed once per event loop; the instances listen on the same address
 * and Vert.x shares the one bound socket among them, handing each new connection to the next in turn (the core
 * manual's "Server sharing"). With a database, the instance first opens its own {@link PgWorlds} on its loop (a
 * database that cannot be reached fails the deployment), and closes it when undeployed, after its server. Vert.x
 * closes the server when it undeploys the verticle.
 */
final class HttpServerVerticle extends VerticleBase {

    private final String name;
    private final ServerConfig config;
    private final HttpServerOptions options;
    private final int databaseConnections;
    private volatile HttpServer server;
    private volatile PgWorlds worlds;

    /**
     * @param databaseConnections this instance's connections to the database, when {@code config.database()} is
     *                            set
     */
    HttpServerVerticle(String name, ServerConfig config, HttpServerOptions options, int databaseConnections) {
        this.name = name;
        this.config = config;
        this.options = options;
        this.databaseConnections = databaseConnections;
    }

    @Override
    public Future<?> start() {
        if (config.database().isEmpty()) {
            return listen(null);
        }
        return PgWorlds.open(vertx, config.database().get(), databaseConnections)
                .compose(opened -> {
                    worlds = opened;
                    return listen(opened);
                });
    }

    private Future<HttpServer> listen(PgWorlds database) {
        HttpServer created =
                vertx.createHttpServer(options).requestHandler(new WorkloadHandler(vertx, name, config, database));
        server = created;
        return created.listen();
    }

    @Override
    public Future<?> stop() {
        PgWorlds opened = worlds;
        HttpServer created = server;
        Future<Void> closed = created == null ? Future.succeededFuture() : created.close();
        // The database last: no request of this loop can query it once its server is closed.
        return opened == null ? closed : closed.eventually(opened::close);
    }

    /** The port this instance listens on, once started. */
    int actualPort() {
        return server.actualPort();
    }
}
