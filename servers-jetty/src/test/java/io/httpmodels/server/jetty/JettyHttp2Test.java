package io.httpmodels.server.jetty;

import io.httpmodels.server.Http2Kit;
import io.httpmodels.server.HttpServerModel;
import org.junit.jupiter.api.Tag;

import java.net.http.HttpClient;

/**
 * The {@link Http2Kit} against jetty: h2c on its HTTP/1.1 connector (by prior knowledge, and by {@code Upgrade: h2c},
 * which Jetty takes up), h2 by ALPN on the JDK's TLS.
 */
// In the slow set, as the frameworks' other kits.
@Tag("slow")
class JettyHttp2Test extends Http2Kit {

    @Override
    protected HttpServerModel model() {
        return new JettyModel();
    }

    @Override
    protected HttpClient.Version cleartextUpgradeAnsweredIn() {
        return HttpClient.Version.HTTP_2;
    }
}
