package io.httpmodels.server.vertx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.server.KitTransport;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.ServerModels;
import io.httpmodels.server.tls.TlsProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import javax.net.ssl.SSLParameters;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * With {@link ServerConfig#tls()} the vertx model serves HTTPS on its one listener, with the JDK's TLS only, and
 * closes a handshake not done within the header timeout (Vert.x's {@code sslHandshakeTimeout}).
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class VertxTlsTest {

    private static final ServerConfig TLS =
            KitTransport.TLS.apply(ServerConfig.defaults().withPort(0));

    @Test
    void servesPlaintextOverTls13And12AndSaysSo() throws Exception {
        try (RunningServer server = ServerModels.byName(VertxModel.NAME).start(TLS)) {
            assertTrue(server.description().endsWith(", TLS (jdk)"), server.description());
            for (String protocol : new String[] {"TLSv1.3", "TLSv1.2"}) {
                HttpResponse<String> answer = plaintext(server.port(), protocol);
                assertEquals(200, answer.statusCode());
                assertEquals("Hello, World!", answer.body());
                assertEquals(protocol, answer.sslSession().orElseThrow().getProtocol());
            }
        }
    }

    @Test
    void closesAClientThatSendsNoClientHelloAtTheHeaderTimeout() throws Exception {
        Duration headerTimeout = Duration.ofSeconds(1);
        try (RunningServer server = ServerModels.byName(VertxModel.NAME).start(TLS.withHeaderTimeout(headerTimeout));
                Socket silent = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
            silent.setSoTimeout(10_000);
            long start = System.nanoTime();
            int read;
            try {
                read = silent.getInputStream().read();
            } catch (SocketException reset) {
                read = -1;
            }
            Duration waited = Duration.ofNanos(System.nanoTime() - start);
            assertEquals(-1, read, "the server sends nothing and closes");
            // The slack the TLS hostile kit allows: scheduling on a busy two-core host.
            assertTrue(waited.compareTo(headerTimeout.plusSeconds(3)) < 0, "closed after " + waited);
        }
    }

    @Test
    void refusesTheOpenSslProvider() {
        ServerConfig openssl = TLS.withTls(KitTransport.certificate().withProvider(TlsProvider.OPENSSL));
        IllegalArgumentException refused = assertThrows(
                IllegalArgumentException.class,
                () -> ServerModels.byName(VertxModel.NAME).start(openssl));
        assertTrue(refused.getMessage().startsWith(VertxModel.NAME + " "), refused.getMessage());
    }

    /** GET https://127.0.0.1:port/plaintext by a client trusting the kit's certificate and offering {@code protocol}. */
    private static HttpResponse<String> plaintext(int port, String protocol) throws Exception {
        SSLParameters parameters = new SSLParameters();
        parameters.setProtocols(new String[] {protocol});
        try (HttpClient client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .sslContext(KitTransport.clientContext())
                .sslParameters(parameters)
                .connectTimeout(Duration.ofSeconds(20))
                .build()) {
            return client.send(
                    HttpRequest.newBuilder(URI.create("https://127.0.0.1:" + port + "/plaintext"))
                            .timeout(Duration.ofSeconds(20))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
        }
    }
}
