package io.httpmodels.server.tomcat;

import io.httpmodels.server.Http2Kit;
import io.httpmodels.server.HttpServerModel;
import org.junit.jupiter.api.Tag;

import java.net.http.HttpClient;

/**
 * The {@link Http2Kit} against tomcat: h2c on its connector (by prior knowledge, and by {@code Upgrade: h2c}, which
 * Tomcat takes up), h2 by ALPN with its TLS.
 */
// In the slow set, as the frameworks' other kits.
@Tag("slow")
class TomcatHttp2Test extends Http2Kit {

    @Override
    protected HttpServerModel model() {
        return new TomcatModel();
    }

    @Override
    protected HttpClient.Version cleartextUpgradeAnsweredIn() {
        return HttpClient.Version.HTTP_2;
    }
}
