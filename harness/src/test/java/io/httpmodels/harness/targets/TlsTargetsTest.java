package io.httpmodels.harness.targets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.httpmodels.harness.process.ChildServer.StartFailure;
import io.httpmodels.harness.process.HarnessJvm;
import io.httpmodels.harness.process.Pinning;
import io.httpmodels.harness.process.ProjectRoot;
import io.httpmodels.harness.results.Scenario;
import io.httpmodels.harness.results.TlsMode;
import io.httpmodels.server.tls.ServerTls;
import io.httpmodels.server.tls.TlsProvider;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyStore;
import java.time.Duration;
import java.util.List;

/**
 * A TLS scenario's targets: every server of the run started over HTTPS with the run's one certificate, written as
 * PEM files that {@code serve --tls --cert --key} and nginx read, and reached by clients that trust exactly it.
 */
@Timeout(180) // keytool makes each certificate in a JVM of its own
class TlsTargetsTest {

    private static final Scenario PLAIN = Scenario.closedLoop("/plaintext", 0, true, 40, 1);
    private static final Scenario TLS = PLAIN.overTls(TlsMode.RESUME);
    private static final ModelJvm JVM = new ModelJvm(HarnessJvm.current(), List.of(), 0, ModelJvm.AUTO_TRANSPORT);

    @Test
    void theRunsCertificateIsWrittenAsPemFilesThatReadBackAsTheSameKeyAndChain(@TempDir Path dir) throws Exception {
        ServerTls made = ServerTls.selfSigned();
        RunCertificate files = RunCertificate.write(made, dir.resolve("tls"));
        ServerTls read = ServerTls.fromPem(files.certificate(), files.key());
        assertEquals(made.certificate(), read.certificate());
        assertArrayEquals(made.key().getEncoded(), read.key().getEncoded());
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(files.key())));
        assertTrue(Files.readString(files.key()).startsWith("-----BEGIN PRIVATE KEY-----\n"));
        try (var names = Files.list(dir.resolve("tls"))) {
            assertEquals(
                    List.of("cert.pem", "key.pem"),
                    names.map(p -> p.getFileName().toString()).sorted().toList(),
                    "no temporary file left");
        }
    }

    @Test
    void aTlsScenarioAddsServeTlsWithTheCertificateAndAPlainOneDoesNot(@TempDir Path dir) throws Exception {
        TargetLauncher launcher = new TargetLauncher(Pinning.plan(false, null, null), Path.of("."), dir);
        RunCertificate files = RunCertificate.write(ServerTls.selfSigned(), dir);
        List<String> command = launcher.modelCommand("netty", JVM, TLS, files);
        int tls = command.indexOf("--tls");
        assertTrue(tls > command.indexOf("serve"), command.toString());
        assertEquals(
                List.of(
                        "--tls",
                        "--cert",
                        files.certificate().toString(),
                        "--key",
                        files.key().toString()),
                command.subList(tls, tls + 5));
        assertFalse(command.contains("--tls-provider"), "the JDK's is every model's default: not passed");
        assertFalse(launcher.modelCommand("netty", JVM, PLAIN).contains("--tls"));
        ModelJvm openssl =
                new ModelJvm(HarnessJvm.current(), List.of(), 0, ModelJvm.AUTO_TRANSPORT, TlsProvider.OPENSSL);
        List<String> withOpenSsl = launcher.modelCommand("netty", openssl, TLS, files);
        int provider = withOpenSsl.indexOf("--tls-provider");
        assertEquals("openssl", withOpenSsl.get(provider + 1), withOpenSsl.toString());
        assertFalse(launcher.modelCommand("netty", openssl, PLAIN).contains("--tls-provider"), "plain: no TLS flag");
    }

    /** A model's JVM (the test-only SSLServerSocket model) serves the run's certificate; a second reuses it. */
    @Test
    @Tag("slow") // three model JVMs: .ci/run runs it (mvn verify -Pslow)
    void aModelStartedForATlsScenarioServesHttpsWithTheRunsCertificate(@TempDir Path dir) throws Exception {
        TargetLauncher launcher = new TargetLauncher(Pinning.plan(false, null, null), Path.of("."), dir);
        TargetSpec model = TargetSpec.model("test-tls", "test");
        try (RunningTarget first = launcher.start(model, JVM, TLS)) {
            String url = first.url("/plaintext");
            assertTrue(url.startsWith("https://127.0.0.1:"), url);
            assertTrue(first.running().contains("TLS (jdk)"), first.running());
            Path certificate = dir.resolve(RunCertificate.CERTIFICATE_FILE);
            byte[] before = Files.readAllBytes(certificate);
            assertHelloOverHttps(url, certificate);
            try (RunningTarget second = launcher.start(model, JVM, PLAIN.overTls(TlsMode.FULL))) {
                assertHelloOverHttps(second.url("/plaintext"), certificate);
            }
            assertArrayEquals(before, Files.readAllBytes(certificate), "one certificate a run");
        }
        try (RunningTarget plain = launcher.start(model, JVM, PLAIN)) {
            assertTrue(plain.url("/").startsWith("http://"), plain.url("/"));
        }
    }

    /**
     * A model's JVM sends TLS 1.3 session tickets, so a client that reconnects with the same context resumes its
     * session: each JVM lists every class-path model, t-io's among them, and t-io's ticket count of 0 once came with
     * its class (issue 21: netty with the JDK's provider resumed 0 % where nginx and BoringSSL resumed 100 %).
     */
    @ParameterizedTest
    @ValueSource(strings = {"netty", "nio-reactor"})
    @Tag("slow") // a model JVM each: .ci/run runs it (mvn verify -Pslow)
    void aJdkProviderModelsJvmSendsSessionTicketsSoASecondConnectionResumes(String name, @TempDir Path dir)
            throws Exception {
        TargetLauncher launcher = new TargetLauncher(Pinning.plan(false, null, null), Path.of("."), dir);
        try (RunningTarget model = launcher.start(TargetSpec.model(name, name), JVM, TLS)) {
            assertTrue(model.running().contains("TLS (jdk)"), model.running());
            URI url = URI.create(model.url("/plaintext"));
            SSLContext client = trusting(dir.resolve(RunCertificate.CERTIFICATE_FILE));
            SSLSession first = getAndClose(client, url);
            SSLSession second = getAndClose(client, url);
            assertEquals("TLSv1.3", second.getProtocol());
            // A resumed session keeps the creation time of the full handshake it descends from (the load client
            // counts resumptions so: TlsChannel.resumed); a full handshake makes a session of its own, later.
            assertEquals(
                    first.getCreationTime(),
                    second.getCreationTime(),
                    name + ": the second connection resumed the first's session");
        }
    }

    /** One GET with Connection: close over a new TLS connection, read to its end (tickets included); its session. */
    private static SSLSession getAndClose(SSLContext client, URI url) throws Exception {
        try (SSLSocket socket = (SSLSocket) client.getSocketFactory().createSocket(url.getHost(), url.getPort())) {
            socket.setSoTimeout(20_000);
            SSLParameters parameters = socket.getSSLParameters();
            parameters.setProtocols(new String[] {"TLSv1.3"});
            parameters.setEndpointIdentificationAlgorithm("HTTPS");
            socket.setSSLParameters(parameters);
            socket.getOutputStream()
                    .write(("GET /plaintext HTTP/1.1\r\nHost: " + url.getHost() + "\r\nConnection: close\r\n\r\n")
                            .getBytes(StandardCharsets.US_ASCII));
            String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
            assertTrue(answer.startsWith("HTTP/1.1 200 "), answer);
            assertTrue(answer.endsWith("Hello, World!"), answer);
            return socket.getSession();
        }
    }

    /** A client context trusting only the certificate in {@code pem}. */
    private static SSLContext trusting(Path pem) throws Exception {
        KeyStore trusted = KeyStore.getInstance("PKCS12");
        trusted.load(null, null);
        trusted.setCertificateEntry(
                "run",
                ServerTls.fromPem(pem, pem.resolveSibling(RunCertificate.KEY_FILE))
                        .certificate());
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(trusted);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, trust.getTrustManagers(), null);
        return context;
    }

    @Test
    void peersWithoutAnHttpsServerAndExternalUrlsRefuseATlsScenarioSayingWhy(@TempDir Path dir) {
        TargetLauncher launcher = new TargetLauncher(Pinning.plan(false, null, null), ProjectRoot.find(), dir);
        StartFailure go =
                assertThrows(StartFailure.class, () -> launcher.start(TargetSpec.peer(Peer.GO_NETHTTP), JVM, TLS));
        assertTrue(go.getMessage().contains("go-nethttp serves plain HTTP only"), go.getMessage());
        StartFailure external = assertThrows(
                StartFailure.class, () -> launcher.start(TargetSpec.external("far=http://127.0.0.1:9"), JVM, TLS));
        assertTrue(external.getMessage().contains("over http only"), external.getMessage());
    }

    /** Skipped where nginx is not installed (scripts/peers/install.sh). */
    @Test
    @Tag("slow")
    void nginxServesTheRunsCertificateOnItsHttpsServer(@TempDir Path dir) throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/sbin/nginx")), "nginx not installed");
        TargetLauncher launcher = new TargetLauncher(Pinning.plan(false, null, null), ProjectRoot.find(), dir);
        long pid;
        try (RunningTarget nginx = launcher.start(TargetSpec.nginx(), JVM, TLS)) {
            pid = nginx.pid();
            assertTrue(nginx.url("/plaintext").startsWith("https://127.0.0.1:"), nginx.url("/plaintext"));
            assertHelloOverHttps(nginx.url("/plaintext"), dir.resolve(RunCertificate.CERTIFICATE_FILE));
        }
        java.util.Optional<ProcessHandle> left = ProcessHandle.of(pid);
        if (left.isPresent()) {
            left.get().onExit().get(10, java.util.concurrent.TimeUnit.SECONDS);
        }
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "nginx outlived its stop");
    }

    /** GET {@code url} with the JDK's client trusting only the certificate in {@code pem} (host name checked). */
    static void assertHelloOverHttps(String url, Path pem) throws Exception {
        try (HttpClient client = HttpClient.newBuilder()
                .sslContext(trusting(pem))
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(20)) // the handshake included, on a busy machine
                .build()) {
            HttpResponse<String> answer = client.send(
                    HttpRequest.newBuilder(URI.create(url))
                            .timeout(Duration.ofSeconds(20))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, answer.statusCode());
            assertEquals("Hello, World!", answer.body());
        }
    }
}
