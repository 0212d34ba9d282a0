package io.httpmodels.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.server.tls.ServerTls;
import io.httpmodels.server.tls.TlsProvider;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import javax.net.ssl.SSLParameters;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * What every model that serves HTTPS must do, in a few cases ({@link TlsConformanceKit} and {@link TlsHostileKit} go
 * case by case; all three run in the slow set): with {@link ServerConfig#tls()} it serves the JDK's
 * HttpClient over each protocol of {@link ServerTls#PROTOCOLS}, says so in its description, answers no plaintext
 * request on its TLS port, and refuses the OpenSSL provider (netty's alone) at start, naming itself. A module runs it
 * for its models, adding only what is its own:
 *
 * <pre>{@code
 * class JettyTlsTest extends TlsSmokeKit {
 *     @Override
 *     protected Stream<ModelUnderTest> models() {
 *         return Stream.of(ModelUnderTest.named("jetty"), ModelUnderTest.named("jetty-virtual"));
 *     }
 * }
 * }</pre>
 *
 * Every wait is bounded: the clients' by {@link #BOUND}, the class by {@link Timeout}.
 */
// Bounds against a hang, not expectations: on the shared two-core host under load, keytool (the kit's certificate)
// took 25 s and a cold JVM's first handshake more than 5 s (2026-12-04).
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
public abstract class TlsSmokeKit {

    /** How long a connect, a request or a read may take: far beyond what any case needs on an idle host. */
    protected static final Duration BOUND = Duration.ofSeconds(30);

    /** The head deadline for the plaintext case: a model that holds the connection closes it soon. */
    private static final Duration HEADER_TIMEOUT = Duration.ofSeconds(1);

    private static final String GET_PLAINTEXT = "GET /plaintext HTTP/1.1\r\nHost: localhost\r\n\r\n";

    /** The models this module runs the kit for. */
    protected abstract Stream<ModelUnderTest> models();

    /** The config every case starts from, before {@link ModelUnderTest#configure()} adjusts it: TLS on port 0. */
    protected ServerConfig baseConfig() {
        return KitTransport.TLS.apply(ServerConfig.defaults().withPort(0));
    }

    /** Each model with each protocol the servers offer ({@link ServerTls#PROTOCOLS}). */
    Stream<Arguments> modelsAndProtocols() {
        return models().flatMap(model -> ServerTls.PROTOCOLS.stream().map(protocol -> Arguments.of(model, protocol)));
    }

    // ---------------------------------------------------------------- the cases

    @ParameterizedTest(name = "{0} over {1}")
    @MethodSource("modelsAndProtocols")
    void anHttpsClientTrustingOnlyTheKitsCertificateIsAnsweredTwiceWithTheWorkloadsBody(
            ModelUnderTest model, String protocol) throws Exception {
        try (RunningServer server = start(model, baseConfig());
                HttpClient client = httpsClient(protocol)) {
            HttpRequest request = HttpRequest.newBuilder(
                            URI.create("https://127.0.0.1:" + server.port() + "/plaintext"))
                    .timeout(BOUND)
                    .build();
            for (String answer : new String[] {"first answer", "second answer"}) {
                HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());

                assertEquals(200, response.statusCode(), answer);
                assertEquals(Workload.PLAINTEXT_BODY, response.body(), answer);
                assertEquals(
                        protocol,
                        response.sslSession()
                                .orElseThrow(() -> new AssertionError(answer + ": not over TLS"))
                                .getProtocol(),
                        answer);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void theDescriptionSaysTlsByTheJdk(ModelUnderTest model) throws IOException {
        try (RunningServer server = start(model, baseConfig())) {
            assertTrue(server.description().endsWith(", TLS (jdk)"), server.description());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void aPlaintextRequestToTheTlsPortGetsNoHttpAnswer(ModelUnderTest model) throws IOException {
        try (RunningServer server = start(model, baseConfig().withHeaderTimeout(HEADER_TIMEOUT));
                Socket plain = new Socket()) {
            plain.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), server.port()), millis(BOUND));
            plain.setSoTimeout(millis(BOUND));
            plain.getOutputStream().write(GET_PLAINTEXT.getBytes(StandardCharsets.US_ASCII));

            String received = whatComesBeforeTheClose(plain.getInputStream());

            // A plaintext 4xx (nginx's answer) is fine; a success would mean the port also speaks plaintext.
            assertFalse(received.matches("(?s)HTTP/1\\.[01] 2.*"), "answered in plaintext: " + received);
            assertFalse(received.contains(Workload.PLAINTEXT_BODY), "served the workload in plaintext: " + received);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void theOpenSslProviderIsRefusedAtStartNamingTheModelAndTheProvider(ModelUnderTest model) {
        ServerConfig openssl = baseConfig().withTls(KitTransport.certificate().withProvider(TlsProvider.OPENSSL));

        IllegalArgumentException refused = assertThrows(
                IllegalArgumentException.class, () -> start(model, openssl).close());

        assertTrue(refused.getMessage().startsWith(model.name() + " "), refused.getMessage());
        assertTrue(refused.getMessage().contains(TlsProvider.OPENSSL.id()), refused.getMessage());
    }

    // ---------------------------------------------------------------- helpers

    private static RunningServer start(ModelUnderTest model, ServerConfig config) throws IOException {
        return model.model().start(model.configure().apply(config));
    }

    /** The JDK's HttpClient over HTTP/1.1 offering {@code protocol}, trusting {@link KitTransport#certificate()}. */
    private static HttpClient httpsClient(String protocol) {
        SSLParameters parameters = new SSLParameters();
        parameters.setProtocols(new String[] {protocol});
        return HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .sslContext(KitTransport.clientContext())
                .sslParameters(parameters)
                .connectTimeout(BOUND)
                .build();
    }

    /** The bytes read until EOF, a reset or a read timeout, 64 KiB at most. */
    private static String whatComesBeforeTheClose(InputStream in) throws IOException {
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        byte[] buffer = new byte[4096];
        try {
            for (int n; received.size() < 64 * 1024 && (n = in.read(buffer)) >= 0; ) {
                received.write(buffer, 0, n);
            }
        } catch (SocketException | SocketTimeoutException closedOrHeld) {
            // what came before is the answer; whether a model holds such a connection is TlsHostileKit's subject
        }
        return received.toString(StandardCharsets.ISO_8859_1);
    }

    private static int millis(Duration duration) {
        return Math.toIntExact(duration.toMillis());
    }
}
