package io.httpmodels.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The load client over TLS against real TLS servers on loopback port 0: the JDK's {@code SSLServerSocket} with a
 * certificate made at test time by {@code keytool} ({@link TestCertificate}). What either client provider must do
 * alike (keep-alive, a connection per request, resumption, TLS 1.3 and 1.2, trust and host checks) runs on both,
 * OpenSSL and the JDK's. Keep-alive, a connection per request
 * with and without session resumption, TLS 1.3 and 1.2, pipelining and a constant rate carry every request; an
 * untrusted certificate, a certificate for another host, a server that answers the ClientHello with plaintext and
 * one that never answers it are each a counted {@code tls} (or timeout) error and end the run with a reason that
 * names what went wrong, within a bound.
 */
// What both providers must do alike (keep-alive, a connection per request with and without resumption, TLS 1.3 and
// 1.2, a certificate refused without --insecure) runs in mvn verify, about 7 s; the rest is in the slow set (mvn
// verify -Pslow, which .ci/run runs), as the models' TLS tests are.
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class TlsLoadTest {

    @TempDir
    static Path dir;

    private static TestCertificate local;
    private static TestCertificate elsewhere;

    @BeforeAll
    static void certificates() throws Exception {
        local = TestCertificate.make(dir, "local", "ip:127.0.0.1,dns:localhost");
        elsewhere = TestCertificate.make(dir, "elsewhere", "dns:elsewhere.invalid");
    }

    private static TlsSettings insecure(TlsVersion version, boolean resume) {
        return new TlsSettings(version, resume, true, null, null);
    }

    private static TlsSettings insecure(ClientTlsProvider provider, TlsVersion version, boolean resume) {
        return new TlsSettings(version, resume, true, null, null, provider);
    }

    /** Every provider with every version. */
    static Stream<Arguments> providersAndVersions() {
        return Arrays.stream(ClientTlsProvider.values())
                .flatMap(p -> Arrays.stream(TlsVersion.values()).map(v -> Arguments.of(p, v)));
    }

    private static TestServer okServer(TestCertificate certificate, TlsVersion version) throws Exception {
        return TestServer.startTls(
                certificate.serverContext(),
                (i, out, s) -> {
                    out.write(TestServer.OK);
                    return true;
                },
                version.protocol());
    }

    @ParameterizedTest
    @MethodSource("providersAndVersions")
    void keepAliveConnectionsHandshakeOnceEachAndCarryEveryRequest(ClientTlsProvider provider, TlsVersion version)
            throws Exception {
        try (TestServer server = okServer(local, version)) {
            LoadConfig config = LoadConfig.builder(server.url("/plaintext"))
                    .connections(2)
                    .requests(200)
                    .tls(insecure(provider, version, true))
                    .build();
            LoadReport r = new LoadClient(config).run();
            assertNull(r.abortReason());
            assertEquals(200, r.recorded().requests());
            assertEquals(Map.of(200, 200L), r.responses().statusCounts());
            assertEquals(ErrorCounts.NONE, r.responses().errors());
            assertTrue(server.connections() <= 2, "connections " + server.connections());
            assertEquals(200, server.requests());
            assertEquals(version, r.tls().version());
            // One handshake a connection, not one a request; on a slow machine the first connection may carry all
            // 200 before the second's handshake ends.
            long handshakes = r.tls().handshakes();
            assertTrue(handshakes == 1 || handshakes == 2, "handshakes " + handshakes);
            assertEquals(handshakes, r.connections().connectsSucceeded());
            assertEquals(handshakes, r.tls().handshake().count(), "handshake times are recorded apart, one each");
            assertEquals(
                    200,
                    r.latencies().latency().count(),
                    "request latencies are one per request, handshakes not among them");
        }
    }

    @ParameterizedTest
    @CsvSource({
        "OPENSSL, TLS_1_3, true",
        "OPENSSL, TLS_1_3, false",
        "OPENSSL, TLS_1_2, true",
        "OPENSSL, TLS_1_2, false",
        "JDK, TLS_1_3, true",
        "JDK, TLS_1_3, false",
        "JDK, TLS_1_2, true",
        "JDK, TLS_1_2, false"
    })
    void aConnectionPerRequestMakesAHandshakeEachTimeAndResumesOnlyWhenAsked(
            ClientTlsProvider provider, TlsVersion version, boolean resume) throws Exception {
        try (TestServer server = okServer(local, version)) {
            LoadConfig config = LoadConfig.builder(server.url("/plaintext"))
                    .connections(1)
                    .requests(60)
                    .keepAlive(false)
                    .tls(insecure(provider, version, resume))
                    .build();
            LoadReport r = new LoadClient(config).run();
            assertEquals(60, r.recorded().requests());
            assertEquals(ErrorCounts.NONE, r.responses().errors());
            assertEquals(60, server.connections());
            assertEquals(60, r.tls().handshakes());
            assertEquals(60, r.latencies().connect().count());
            assertEquals(version, r.tls().version());
            if (resume) {
                // All but the first resume: a handshake that checked no certificate chain (TlsChannel#resumed).
                assertEquals(59, r.tls().resumed(), "resumed of 60");
            } else {
                assertEquals(0, r.tls().resumed(), "every handshake a full one");
            }
        }
    }

    /**
     * Many connections that reconnect together each resume their own last session, as many browsers would: a TLS 1.3
     * ticket is used once, so one session cache for them all resumed almost none (0-1 % at 40 connections).
     */
    @Tag("slow")
    @ParameterizedTest
    @EnumSource(ClientTlsProvider.class)
    void connectionsThatReconnectTogetherEachResumeTheirOwnSession(ClientTlsProvider provider) throws Exception {
        try (TestServer server = okServer(local, TlsVersion.TLS_1_3)) {
            LoadConfig config = LoadConfig.builder(server.url("/plaintext"))
                    .connections(8)
                    .requests(160)
                    .keepAlive(false)
                    .tls(insecure(provider, TlsVersion.TLS_1_3, true))
                    .build();
            LoadReport r = new LoadClient(config).run();
            assertEquals(ErrorCounts.NONE, r.responses().errors());
            long handshakes = r.tls().handshakes();
            assertTrue(
                    handshakes >= 160, "a handshake per request, and any connects in flight at the end: " + handshakes);
            // The first handshake of each of the 8 slots is a full one, the others resume.
            assertEquals(handshakes - 8, r.tls().resumed(), "resumed of " + handshakes);
        }
    }

    /**
     * OpenSSL's engines hold native memory until released: a run of thousands of connections releases each as it
     * closes, so none is left once the run is over (and never more than one a slot during it).
     */
    @Tag("slow")
    @Test
    void thousandsOfOpenSslConnectionsLeaveNoEngineUnreleased() throws Exception {
        long before = OpenSslSlotContext.LIVE_ENGINES.get();
        try (TestServer server = okServer(local, TlsVersion.TLS_1_3)) {
            LoadConfig config = LoadConfig.builder(server.url("/plaintext"))
                    .connections(4)
                    .requests(2_000)
                    .keepAlive(false)
                    .tls(insecure(ClientTlsProvider.OPENSSL, TlsVersion.TLS_1_3, true))
                    .build();
            LoadReport r = new LoadClient(config).run();
            assertEquals(ErrorCounts.NONE, r.responses().errors());
            assertTrue(r.tls().handshakes() >= 2_000, "handshakes " + r.tls().handshakes());
        }
        assertEquals(before, OpenSslSlotContext.LIVE_ENGINES.get(), "engines made and not released");
    }

    @Tag("slow")
    @Test
    void pipelinedRequestsOverTlsAreEachAnswered() throws Exception {
        try (TestServer server = okServer(local, TlsVersion.TLS_1_3)) {
            LoadConfig config = LoadConfig.builder(server.url("/plaintext"))
                    .connections(2)
                    .pipeline(8)
                    .requests(160)
                    .tls(insecure(TlsVersion.TLS_1_3, true))
                    .build();
            LoadReport r = new LoadClient(config).run();
            assertEquals(160, r.recorded().requests());
            assertEquals(Map.of(200, 160L), r.responses().statusCounts());
            assertEquals(ErrorCounts.NONE, r.responses().errors());
            assertEquals(160, server.requests());
        }
    }

    @Tag("slow")
    @Test
    void aConstantRateOverTlsSendsOnSchedule() throws Exception {
        try (TestServer server = okServer(local, TlsVersion.TLS_1_3)) {
            LoadConfig config = LoadConfig.builder(server.url("/plaintext"))
                    .connections(4)
                    .rate(400)
                    .requests(200)
                    .tls(insecure(TlsVersion.TLS_1_3, true))
                    .build();
            LoadReport r = new LoadClient(config).run();
            assertEquals(ErrorCounts.NONE, r.responses().errors());
            assertEquals(200, r.recorded().requests());
            // The 200th request is due 0.4975 s after the first: on schedule, the run cannot be shorter.
            assertTrue(
                    r.recorded().seconds() >= 0.4975,
                    "recorded for " + r.recorded().seconds() + " s");
            assertNotNull(r.latencies().uncorrected());
        }
    }

    @Tag("slow")
    @ParameterizedTest
    @EnumSource(ClientTlsProvider.class)
    void aTrustStoreHoldingTheServersCertificateIsTrustedAndTheHostChecked(ClientTlsProvider provider)
            throws Exception {
        try (TestServer server = okServer(local, TlsVersion.TLS_1_3)) {
            LoadConfig config = LoadConfig.builder(server.url("/plaintext"))
                    .connections(1)
                    .requests(10)
                    .tls(new TlsSettings(
                            TlsVersion.TLS_1_3,
                            true,
                            false,
                            local.keyStore(),
                            local.password().toCharArray(),
                            provider))
                    .build();
            LoadReport r = new LoadClient(config).run();
            assertEquals(10, r.recorded().requests());
            assertEquals(ErrorCounts.NONE, r.responses().errors());
        }
    }

    @ParameterizedTest
    @EnumSource(ClientTlsProvider.class)
    void anUntrustedCertificateIsATlsErrorAndTheRunEndsSayingWhy(ClientTlsProvider provider) throws Exception {
        try (TestServer server = okServer(local, TlsVersion.TLS_1_3)) {
            LoadConfig config = LoadConfig.builder(server.url("/plaintext"))
                    .connections(1)
                    .requests(10)
                    .timeout(Duration.ofSeconds(10)) // a slow machine's handshake is still a handshake
                    // The JDK's trusted certificates: not this self-signed one.
                    .tls(TlsSettings.DEFAULT.withProvider(provider))
                    .build();
            WorkerRun r = WorkerRun.of(NanoClock.SYSTEM, server.address(), config, 1, 10, 0);
            assertEquals(0, r.worker().completed());
            assertEquals(10, r.worker().errors().tls());
            assertEquals(10, r.worker().errors().total());
            String reason = r.run().abortReason();
            assertTrue(
                    reason.startsWith("cannot connect to 127.0.0.1:" + server.port() + ": TLS handshake failed: "),
                    reason);
            assertTrue(reason.contains("unable to find valid certification path"), reason);
            assertTrue(reason.endsWith("(10 attempts, none succeeded)"), reason);
        }
    }

    @Tag("slow")
    @ParameterizedTest
    @EnumSource(ClientTlsProvider.class)
    void aCertificateForAnotherHostIsATlsErrorNamingTheHost(ClientTlsProvider provider) throws Exception {
        try (TestServer server = okServer(elsewhere, TlsVersion.TLS_1_3)) {
            LoadConfig config = LoadConfig.builder(server.url("/plaintext"))
                    .connections(1)
                    .requests(10)
                    .tls(new TlsSettings(
                            TlsVersion.TLS_1_3,
                            true,
                            false,
                            elsewhere.keyStore(),
                            elsewhere.password().toCharArray(),
                            provider))
                    .build();
            LoadException e = assertThrows(LoadException.class, () -> new LoadClient(config).run());
            assertTrue(e.getMessage().contains("TLS handshake failed: "), e.getMessage());
            assertTrue(e.getMessage().contains("127.0.0.1"), e.getMessage());
        }
    }

    @Tag("slow")
    @Test
    void aServerAnsweringTheClientHelloWithPlaintextIsATlsErrorNotAStuckWorker() throws Exception {
        try (Replier server = new Replier("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")) {
            LoadConfig config = LoadConfig.builder("https://127.0.0.1:" + server.port() + "/")
                    .connections(2)
                    .requests(10)
                    .timeout(Duration.ofSeconds(10))
                    .tls(insecure(TlsVersion.TLS_1_3, true))
                    .build();
            long start = System.nanoTime();
            WorkerRun r = WorkerRun.of(NanoClock.SYSTEM, server.address(), config, 2, 10, 0);
            assertTrue(
                    r.worker().errors().tls() >= 10, "tls errors " + r.worker().errors());
            assertEquals(r.worker().errors().tls(), r.worker().errors().total());
            String reason = r.run().abortReason();
            assertTrue(reason.contains("TLS handshake failed: "), reason);
            assertTrue(reason.contains("none succeeded"), reason);
            assertTrue(System.nanoTime() - start < 10_000_000_000L, "ended within the back-off's bound");
        }
    }

    @Tag("slow")
    @Test
    void aServerThatNeverAnswersTheClientHelloTimesOutTheHandshake() throws Exception {
        try (ServerSocket silent = TestServer.listener(64)) {
            LoadConfig config = LoadConfig.builder("https://127.0.0.1:" + silent.getLocalPort() + "/")
                    .connections(1)
                    .requests(1)
                    .timeout(Duration.ofMillis(30))
                    .tls(insecure(TlsVersion.TLS_1_3, true))
                    .build();
            WorkerRun r = WorkerRun.of(
                    NanoClock.SYSTEM,
                    new java.net.InetSocketAddress("127.0.0.1", silent.getLocalPort()),
                    config,
                    1,
                    1,
                    0);
            assertEquals(10, r.worker().errors().timeout());
            assertEquals(
                    "cannot connect to 127.0.0.1:" + silent.getLocalPort()
                            + ": TLS handshake timed out (10 attempts, none succeeded)",
                    r.run().abortReason());
        }
    }

    @Tag("slow")
    @Test
    void theCommandLineRunsHttpsAndWritesTheHandshakesIntoItsJson() throws Exception {
        try (TestServer server = okServer(local, TlsVersion.TLS_1_2)) {
            Path json = dir.resolve("tls.json");
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int status = LoadMain.execute(
                    new PrintStream(out, true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8),
                    server.url("/plaintext"),
                    "-c",
                    "2",
                    "-n",
                    "50",
                    "-k",
                    "--tls-version",
                    "1.2",
                    "--no-tls-resume",
                    "--client-tls-provider",
                    "jdk",
                    "-q",
                    "--json",
                    json.toString());
            assertEquals(0, status, err.toString(StandardCharsets.UTF_8));
            JsonNode root = new ObjectMapper().readTree(json.toFile());
            assertEquals("1.2", root.get("config").get("tls").get("version").textValue());
            assertEquals(false, root.get("config").get("tls").get("resume").booleanValue());
            assertEquals("jdk", root.get("config").get("tls").get("provider").textValue());
            assertEquals(true, root.get("config").get("tls").get("insecure").booleanValue());
            // One handshake a connection: two, or one on a slow machine, where the first connection may carry all
            // 50 requests before the second's handshake ends (as in the keep-alive test above).
            long handshakes = root.get("tls").get("handshakes").longValue();
            assertTrue(handshakes == 1 || handshakes == 2, handshakes + " handshakes on 2 keep-alive connections");
            assertEquals(
                    handshakes, root.get("tls").get("handshake").get("count").longValue());
            String text = out.toString(StandardCharsets.UTF_8);
            assertTrue(text.contains("  TLS 1.2 through the JDK's SSLEngine, full handshakes\n"), text);
            assertTrue(text.contains("  note: the JDK's TLS handshake is warm after about 15 s of load"), text);
            assertTrue(
                    text.contains("  TLS 1.2: " + handshakes + (handshakes == 1 ? " handshake" : " handshakes")
                            + ", 0 resumed, handshake p50 "),
                    text);
            assertEquals(0, root.get("errors").get("tls").longValue());
        }
    }

    @Tag("slow")
    @Test
    void badTlsFlagsAreUsageErrors() {
        Map<List<String>, String> expected = Map.of(
                List.of("--tls-version", "1.1"), "TLS version must be 1.3 or 1.2, not '1.1'",
                List.of("--tls-resume", "maybe"), "Unmatched argument at index 4: 'maybe'",
                List.of("--client-tls-provider", "boring"), "client TLS provider must be jdk or openssl, not 'boring'",
                List.of("--insecure", "--truststore", "x.p12"), "give --insecure or --truststore, not both");
        expected.forEach((flags, says) -> {
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            List<String> args = new ArrayList<>(List.of("https://127.0.0.1:1/", "-n", "1"));
            args.addAll(flags);
            int status = LoadMain.execute(
                    new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8),
                    args.toArray(String[]::new));
            assertEquals(2, status, flags.toString());
            String message = err.toString(StandardCharsets.UTF_8);
            assertTrue(message.contains(says), flags + ": " + message);
        });
    }

    /** A plaintext server that answers whatever arrives with fixed bytes and keeps the connection open. */
    private static final class Replier implements AutoCloseable {
        private final ServerSocket listener = TestServer.listener(64);
        private final byte[] reply;
        private final List<Socket> sockets = new java.util.concurrent.CopyOnWriteArrayList<>();
        private final Thread acceptor;

        Replier(String reply) throws IOException {
            this.reply = reply.getBytes(StandardCharsets.ISO_8859_1);
            this.acceptor = new Thread(this::accept, "replier");
            acceptor.setDaemon(true);
            acceptor.start();
        }

        int port() {
            return listener.getLocalPort();
        }

        java.net.InetSocketAddress address() {
            return new java.net.InetSocketAddress("127.0.0.1", port());
        }

        private void accept() {
            while (true) {
                try {
                    Socket s = listener.accept();
                    sockets.add(s);
                    InputStream in = s.getInputStream();
                    OutputStream out = s.getOutputStream();
                    if (in.read() >= 0) {
                        out.write(reply);
                        out.flush();
                    }
                } catch (IOException e) {
                    return; // closed
                }
            }
        }

        @Override
        public void close() throws IOException, InterruptedException {
            listener.close();
            for (Socket s : sockets) {
                s.close();
            }
            acceptor.join(5_000);
        }
    }
}
