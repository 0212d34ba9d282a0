package io.httpmodels.server.tomcat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.server.KitTransport;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.ServerModels;
import io.httpmodels.server.tls.TlsProvider;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * With {@link ServerConfig#tls()} each Tomcat model serves HTTPS on its one connector, says so, and refuses the
 * OpenSSL provider, which only netty has.
 */
// Bounds against a hang, not expectations: on the shared two-core host under load, keytool (the kit's certificate)
// took 25 s and a cold JVM's first handshake more than 5 s (2026-12-04).
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class TomcatTlsTest {

    @ParameterizedTest
    @ValueSource(strings = {TomcatModels.POOL, TomcatModels.VIRTUAL})
    void servesPlaintextOverHttpsAndSaysSo(String model) throws Exception {
        ServerConfig config = ServerConfig.defaults().withPort(0).withTls(KitTransport.certificate());
        try (RunningServer server = ServerModels.byName(model).start(config);
                HttpClient client = HttpClient.newBuilder()
                        .version(HttpClient.Version.HTTP_1_1)
                        .sslContext(KitTransport.clientContext())
                        .connectTimeout(Duration.ofSeconds(5))
                        .build()) {
            assertTrue(server.description().endsWith(", TLS (jdk)"), server.description());
            HttpRequest request = HttpRequest.newBuilder(
                            URI.create("https://127.0.0.1:" + server.port() + "/plaintext"))
                    .timeout(Duration.ofSeconds(30))
                    .build();
            HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
            assertEquals(200, response.statusCode());
            assertEquals("Hello, World!", response.body());
            assertTrue(response.sslSession().isPresent(), "the answer came over TLS");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {TomcatModels.POOL, TomcatModels.VIRTUAL})
    void refusesTheOpensslProvider(String model) {
        ServerConfig config = ServerConfig.defaults()
                .withPort(0)
                .withTls(KitTransport.certificate().withProvider(TlsProvider.OPENSSL));
        IllegalArgumentException refused = assertThrows(
                IllegalArgumentException.class,
                () -> ServerModels.byName(model).start(config).close());
        assertTrue(refused.getMessage().startsWith(model + " "), refused.getMessage());
    }
}
