package io.httpmodels.server.vertx;

import io.httpmodels.server.Http2Kit;
import io.httpmodels.server.HttpServerModel;
import org.junit.jupiter.api.Tag;

import java.net.http.HttpClient;

/**
 * The {@link Http2Kit} against vertx: h2c on its listener (by prior knowledge, and by {@code Upgrade: h2c}, which
 * Vert.x takes up), h2 by ALPN on its TLS listener.
 */
// In the slow set, as the frameworks' other kits.
@Tag("slow")
class VertxHttp2Test extends Http2Kit {

    @Override
    protected HttpServerModel model() {
        return new VertxModel();
    }

    @Override
    protected HttpClient.Version cleartextUpgradeAnsweredIn() {
        return HttpClient.Version.HTTP_2;
    }
}
