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
 * manual's "Server sharing"). Vert.x closes the server when it undeploys the verticle.
 */
final class HttpServerVerticle extends VerticleBase {

    private final String name;
    private final ServerConfig config;
    private final HttpServerOptions options;
    private volatile HttpServer server;

    HttpServerVerticle(String name, ServerConfig config, HttpServerOptions options) {
        this.name = name;
        this.config = config;
        this.options = options;
    }

    @Override
    public Future<?> start() {
        HttpServer created = vertx.createHttpServer(options).requestHandler(new WorkloadHandler(vertx, name, config));
        server = created;
        return created.listen();
    }

    /** The port this instance listens on, once started. */
    int actualPort() {
        return server.actualPort();
    }
}
