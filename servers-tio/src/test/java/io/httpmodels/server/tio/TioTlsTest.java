package io.httpmodels.server.tio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.server.KitTransport;
import io.httpmodels.server.RawHttpConnection;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.ServerModels;
import io.httpmodels.server.Workload;
import io.httpmodels.server.tls.TlsProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/** The tio model over TLS: t-io's own SSL serves https with the kit's certificate; OpenSSL is refused. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class TioTlsTest {

    @Test
    void anHttpsClientIsServedTwiceOnOneConnectionAndTheDescriptionSaysTls() throws Exception {
        ServerConfig config = ServerConfig.defaults().withPort(0).withTls(KitTransport.certificate());
        try (RunningServer server = ServerModels.byName("tio").start(config);
                HttpClient client = HttpClient.newBuilder()
                        .sslContext(KitTransport.clientContext())
                        .version(HttpClient.Version.HTTP_1_1)
                        .connectTimeout(Duration.ofSeconds(5))
                        .build()) {
            HttpRequest request = HttpRequest.newBuilder(
                            URI.create("https://127.0.0.1:" + server.port() + "/plaintext"))
                    .timeout(Duration.ofSeconds(5))
                    .build();
            for (int i = 0; i < 2; i++) {
                HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());

                assertEquals(200, response.statusCode());
                assertEquals(Workload.PLAINTEXT_BODY, response.body());
            }
            assertTrue(server.description().endsWith(", TLS (jdk)"), server.description());
        }
    }

    /** The first answer after a handshake decrypts (t-io once sent it before a session ticket encrypted first). */
    @Test
    void everyFreshConnectionDecryptsItsFirstAnswer() throws Exception {
        ServerConfig config = ServerConfig.defaults().withPort(0).withTls(KitTransport.certificate());
        try (RunningServer server = ServerModels.byName("tio").start(config)) {
            for (int i = 0; i < 30; i++) {
                try (RawHttpConnection client = KitTransport.TLS.connect(server.port())) {
                    RawHttpConnection.Response response = client.send(
                                    "GET /plaintext HTTP/1.1\r\nHost: localhost\r\n\r\n")
                            .read();

                    assertEquals(200, response.status(), "connection " + i);
                    assertEquals(Workload.PLAINTEXT_BODY, response.bodyText(), "connection " + i);
                }
            }
        }
    }

    @Test
    void openSslIsRefusedNamingTheModel() {
        ServerConfig config = ServerConfig.defaults()
                .withPort(0)
                .withTls(KitTransport.certificate().withProvider(TlsProvider.OPENSSL));

        IllegalArgumentException refused = assertThrows(
                IllegalArgumentException.class,
                () -> ServerModels.byName("tio").start(config).close());
        assertTrue(refused.getMessage().contains("tio"), refused.getMessage());
    }
}
