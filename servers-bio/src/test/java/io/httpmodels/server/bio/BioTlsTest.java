package io.httpmodels.server.bio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.server.KitTransport;
import io.httpmodels.server.ModelUnderTest;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.Workload;
import io.httpmodels.server.tls.TlsProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import javax.net.ssl.SSLSocket;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The blocking models over TLS: served over https, a handshake bounded by the header timeout, a plaintext request
 * to the TLS port closed, a never-reading client cut by the write deadline, OpenSSL refused.
 */
// In the slow set (mvn verify -Pslow, which .ci/run runs), as every model's TLS tests since 2026-12-05: mvn verify
// keeps its 3 minutes, and serves HTTPS end to end through the harness (TlsTargetsTest: netty, nio-reactor).
@Tag("slow")
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BioTlsTest {

    /**
     * Long enough for a legitimate handshake on a loaded machine (the whole handshake must fit in it, server CPU
     * included); each test is served once before it starts its hostile client.
     */
    private static final Duration HEADER_TIMEOUT = Duration.ofSeconds(1);
    /** How long any one wait in these tests may take: far beyond every timeout the servers are given. */
    private static final int BOUND_MILLIS = 10_000;

    /**
     * The JVM's first TLS handshake loads and warms the whole of JSSE and can take more than a second on a busy
     * machine: done once here, under the default header timeout, so that no test's timeout measures it.
     */
    @BeforeAll
    static void warmTheJvmsTls() throws Exception {
        try (RunningServer server = start(ModelUnderTest.named("thread-per-connection"), ServerConfig.defaults())) {
            assertEquals(200, getPlaintext(server).statusCode());
        }
    }

    static Stream<ModelUnderTest> models() {
        return BioModels.all();
    }

    private static RunningServer start(ModelUnderTest model, ServerConfig config) throws IOException {
        return model.model().start(config.withPort(0).withTls(KitTransport.certificate()));
    }

    private static HttpResponse<String> getPlaintext(RunningServer server) throws Exception {
        HttpClient client = HttpClient.newBuilder()
                .sslContext(KitTransport.clientContext())
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofMillis(BOUND_MILLIS))
                .build();
        try (client) {
            HttpRequest request = HttpRequest.newBuilder(
                            URI.create("https://127.0.0.1:" + server.port() + "/plaintext"))
                    .timeout(Duration.ofMillis(BOUND_MILLIS))
                    .build();
            return client.send(request, HttpResponse.BodyHandlers.ofString());
        }
    }

    private static Socket connectPlain(RunningServer server) throws IOException {
        Socket socket = new Socket();
        socket.connect(new InetSocketAddress("127.0.0.1", server.port()), BOUND_MILLIS);
        socket.setSoTimeout(BOUND_MILLIS);
        return socket;
    }

    /** Reads until the server closes (an alert may come first); the time of the close, bounded by the timeout. */
    private static long awaitClose(Socket socket) throws IOException {
        InputStream in = socket.getInputStream();
        byte[] sink = new byte[1024];
        try {
            for (int reads = 0; reads < 100; reads++) {
                if (in.read(sink) < 0) {
                    return System.nanoTime();
                }
            }
        } catch (SocketException reset) {
            return System.nanoTime();
        }
        throw new AssertionError("the server sent 100 reads of bytes and never closed");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void anHttpsClientIsServedAndTheDescriptionSaysTls(ModelUnderTest model) throws Exception {
        try (RunningServer server = start(model, ServerConfig.defaults())) {
            HttpResponse<String> response = getPlaintext(server);

            assertEquals(200, response.statusCode());
            assertEquals(Workload.PLAINTEXT_BODY, response.body());
            assertTrue(server.description().endsWith(", TLS (jdk)"), server.description());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void aClientThatNeverHandshakesIsClosedAfterTheHeaderTimeoutWhileAnotherIsServed(ModelUnderTest model)
            throws Exception {
        ServerConfig config = ServerConfig.defaults().withHeaderTimeout(HEADER_TIMEOUT);
        try (RunningServer server = start(model, config)) {
            assertEquals(200, getPlaintext(server).statusCode());
            try (Socket silent = connectPlain(server)) {
                long connectedNanos = System.nanoTime();
                CompletableFuture<Long> closed = CompletableFuture.supplyAsync(() -> {
                    try {
                        return awaitClose(silent);
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                });

                // The single-thread model serves it once the silent one is closed; the others at once.
                assertEquals(200, getPlaintext(server).statusCode());

                long heldMillis =
                        TimeUnit.NANOSECONDS.toMillis(closed.get(BOUND_MILLIS, TimeUnit.MILLISECONDS) - connectedNanos);
                assertTrue(heldMillis >= HEADER_TIMEOUT.toMillis() - 20, "closed after " + heldMillis + " ms");
                assertTrue(
                        heldMillis < ServerConfig.DEFAULT_IDLE_TIMEOUT.toMillis() / 2,
                        "closed after " + heldMillis + " ms: by the idle timeout, not the header timeout");
            }
        }
    }

    // The bound on the whole handshake is TlsLayer's, the same whichever thread serves.
    @ParameterizedTest(name = "{0}")
    @MethodSource("io.httpmodels.server.bio.BioModels#onePerSocketPath")
    void aClientTricklingItsClientHelloIsClosedAtTheHeaderTimeout(ModelUnderTest model) throws Exception {
        ServerConfig config = ServerConfig.defaults().withHeaderTimeout(HEADER_TIMEOUT);
        try (RunningServer server = start(model, config)) {
            assertEquals(200, getPlaintext(server).statusCode());
            try (Socket trickler = connectPlain(server)) {
                long connectedNanos = System.nanoTime();
                // A handshake record announcing 200 bytes, then the bytes one every 100 ms: each arrives well within
                // the per-read timeout, so only a bound on the whole handshake cuts it (the trickle would last 20 s).
                OutputStream out = trickler.getOutputStream();
                out.write(new byte[] {0x16, 0x03, 0x01, 0x00, (byte) 200, 0x01});
                long failedNanos = 0;
                for (int i = 0; i < 199 && failedNanos == 0; i++) {
                    try {
                        Thread.sleep(100); // the trickle's pace, not a wait for the server
                        out.write(0);
                        out.flush();
                    } catch (SocketException closed) {
                        failedNanos = System.nanoTime();
                    }
                }

                long heldMillis = TimeUnit.NANOSECONDS.toMillis(failedNanos - connectedNanos);
                assertTrue(failedNanos != 0, "the trickler was never closed");
                assertTrue(heldMillis >= HEADER_TIMEOUT.toMillis() - 20, "closed after " + heldMillis + " ms");
                assertTrue(heldMillis < 3 * HEADER_TIMEOUT.toMillis(), "closed after " + heldMillis + " ms");
            }
            assertEquals(200, getPlaintext(server).statusCode());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void aPlaintextRequestToTheTlsPortIsClosedAtOnceAndTheNextClientServed(ModelUnderTest model) throws Exception {
        // The default header timeout (10 s): a close well before it is the failed handshake's, not the deadline's.
        try (RunningServer server = start(model, ServerConfig.defaults());
                Socket plain = connectPlain(server)) {
            long sentNanos = System.nanoTime();
            plain.getOutputStream()
                    .write("GET /plaintext HTTP/1.1\r\nHost: h\r\n\r\n".getBytes(StandardCharsets.US_ASCII));

            long closedMillis = TimeUnit.NANOSECONDS.toMillis(awaitClose(plain) - sentNanos);

            assertTrue(closedMillis < ServerConfig.DEFAULT_HEADER_TIMEOUT.toMillis() / 2, closedMillis + " ms");
            assertEquals(200, getPlaintext(server).statusCode());
        }
    }

    // The write path is the same for single-thread and fixed-pool as for thread-per-connection.
    @ParameterizedTest(name = "{0}")
    @MethodSource("io.httpmodels.server.bio.BioModels#onePerSocketPath")
    void aTlsClientThatNeverReadsIsCutByTheWriteDeadline(ModelUnderTest model) throws Exception {
        ServerConfig config = ServerConfig.defaults().withIdleTimeout(Duration.ofMillis(300));
        try (RunningServer server = start(model, config);
                SSLSocket client = neverReadingClient(server)) {
            CompletableFuture<Void> flood = CompletableFuture.runAsync(() -> pipelineUntilFailure(client));

            // The server stops reading once its writes back up, so only its write deadline can end the flood.
            ExecutionException failed =
                    assertThrows(ExecutionException.class, () -> flood.get(BOUND_MILLIS, TimeUnit.MILLISECONDS));
            assertInstanceOf(java.io.UncheckedIOException.class, failed.getCause(), failed.toString());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void openSslIsRefusedNamingTheModel(ModelUnderTest model) {
        ServerConfig config = ServerConfig.defaults()
                .withPort(0)
                .withTls(KitTransport.certificate().withProvider(TlsProvider.OPENSSL));

        IllegalArgumentException refused = assertThrows(
                IllegalArgumentException.class,
                () -> model.model().start(config).close());
        assertTrue(refused.getMessage().contains(model.name()), refused.getMessage());
    }

    // A TLS client with a small receive buffer, so that answers back up into the server at once.
    private static SSLSocket neverReadingClient(RunningServer server) throws IOException {
        Socket plain = new Socket();
        plain.setReceiveBufferSize(4096);
        plain.connect(new InetSocketAddress("127.0.0.1", server.port()), BOUND_MILLIS);
        SSLSocket client = (SSLSocket)
                KitTransport.clientContext().getSocketFactory().createSocket(plain, "localhost", server.port(), true);
        client.setSoTimeout(BOUND_MILLIS);
        client.startHandshake();
        return client;
    }

    // Writes pipelined requests and reads nothing until a write fails; at most 256 MiB, within the bound.
    private static void pipelineUntilFailure(SSLSocket client) {
        byte[] batch = "GET /plaintext HTTP/1.1\r\nHost: h\r\n\r\n".repeat(100).getBytes(StandardCharsets.US_ASCII);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(BOUND_MILLIS);
        try {
            OutputStream out = client.getOutputStream();
            for (long sent = 0; sent < (256L << 20) && System.nanoTime() < deadline; sent += batch.length) {
                out.write(batch);
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
