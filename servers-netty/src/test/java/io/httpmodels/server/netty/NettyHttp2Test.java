package io.httpmodels.server.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.httpmodels.server.Http2Kit;
import io.httpmodels.server.HttpServerModel;
import io.httpmodels.server.KitTransport;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.Workload;
import io.httpmodels.server.tls.TlsProvider;
import io.netty.handler.ssl.OpenSsl;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;

/**
 * The {@link Http2Kit} against netty: h2c by prior knowledge and h2 by ALPN on the JDK's TLS, one event loop; and h2
 * by ALPN on BoringSSL, the other provider.
 */
class NettyHttp2Test extends Http2Kit {

    @Override
    protected HttpServerModel model() {
        return new NettyServer();
    }

    @Override
    protected ServerConfig baseConfig() {
        return ServerConfig.defaults().withWorkerThreads(1).withTransport(NettyTransport.NIO.id());
    }

    /** Netty's conversion from frames names every request HTTP/1.1, and the handler echoes what it is given. */
    @Override
    protected String echoedVersion() {
        return "HTTP/1.1";
    }

    @Test
    @Tag("slow")
    void boringSslAgreesH2ByAlpn() throws Exception {
        assumeTrue(OpenSsl.isAvailable(), "BoringSSL does not load here");
        ServerConfig config = baseConfig()
                .withTls(KitTransport.certificate().withProvider(TlsProvider.OPENSSL))
                .withHttp2(true);
        try (RunningServer server = model().start(config);
                HttpClient client = http2Client()) {
            HttpResponse<String> response = get(client, "https://127.0.0.1:" + server.port() + "/plaintext");
            assertEquals(HttpClient.Version.HTTP_2, response.version());
            assertEquals(200, response.statusCode());
            assertEquals(new String(Workload.plaintextBody(), StandardCharsets.US_ASCII), response.body());
        }
    }
}
