package io.httpmodels.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Which TLS version the load client offers: by default what the JDK supports (TLS 1.3 and 1.2), so a server that
 * speaks TLS 1.2 only is reached, and the version negotiated is reported; {@code --tls-version} pins one. Against the
 * JDK's {@code SSLServerSocket} restricted to one version, and against nginx left at its default
 * {@code ssl_protocols} (TLS 1.0-1.2 before nginx 1.23.4) when nginx is installed.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class TlsVersionTest {

    @TempDir
    static Path dir;

    private static TestCertificate local;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @BeforeAll
    static void certificate() throws Exception {
        local = TestCertificate.make(dir, "local", "ip:127.0.0.1,dns:localhost");
    }

    private static TestServer serverSpeaking(String protocol) throws Exception {
        return TestServer.startTls(
                local.serverContext(),
                (i, o, s) -> {
                    o.write(TestServer.OK);
                    return true;
                },
                protocol);
    }

    private int load(String... args) {
        return LoadMain.execute(
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                args);
    }

    private JsonNode json() throws IOException {
        return new ObjectMapper().readTree(out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aServerThatSpeaksOnlyTls12IsReachedByDefaultAndTheVersionNegotiatedIsReported() throws Exception {
        try (TestServer server = serverSpeaking("TLSv1.2")) {
            int status = load(server.url("/plaintext"), "-c", "2", "-n", "50", "-k", "--json", "-");
            assertEquals(0, status, err.toString(StandardCharsets.UTF_8));
            JsonNode json = json();
            assertEquals(50, json.get("requests").longValue());
            assertEquals(0, json.get("errors").get("total").longValue());
            assertEquals("1.2", json.get("tls").get("version").textValue(), "the version negotiated");
            assertEquals("1.3,1.2", json.get("config").get("tls").get("version").textValue(), "the versions offered");
            assertTrue(
                    err.toString(StandardCharsets.UTF_8).contains("TLS 1.2: "), err.toString(StandardCharsets.UTF_8));
        }
    }

    @Test
    void aServerThatSpeaksTls13IsReachedWithTls13ByDefault() throws Exception {
        try (TestServer server = serverSpeaking("TLSv1.3")) {
            int status = load(server.url("/plaintext"), "-c", "1", "-n", "20", "-k", "--json", "-");
            assertEquals(0, status, err.toString(StandardCharsets.UTF_8));
            assertEquals("1.3", json().get("tls").get("version").textValue());
        }
    }

    @Test
    void aPinnedVersionIsTheOnlyOneOffered() throws Exception {
        try (TestServer server = serverSpeaking("TLSv1.2")) {
            int status = load(
                    server.url("/plaintext"), "-c", "1", "-n", "10", "-k", "--tls-version", "1.3", "--timeout", "1s");
            assertNotEquals(0, status);
            assertTrue(
                    // The JDK's alert says protocol_version; OpenSSL's TLSV1_ALERT_PROTOCOL_VERSION.
                    err.toString(StandardCharsets.UTF_8)
                            .toLowerCase(java.util.Locale.ROOT)
                            .contains("protocol_version"),
                    "a TLS 1.2 server refuses a client that offers TLS 1.3 only: "
                            + err.toString(StandardCharsets.UTF_8));
        }
    }

    /**
     * nginx as a user starts it with a self-signed certificate and no {@code ssl_protocols} line: nginx 1.22 (Debian
     * 12's) then speaks TLS 1.0-1.2, not 1.3. Skipped without nginx and openssl.
     */
    @Test
    void nginxAtItsDefaultProtocolsIsReached() throws Exception {
        Path nginx = executable("nginx");
        Path openssl = executable("openssl");
        assumeTrue(nginx != null && openssl != null, "nginx and openssl are not installed");
        Path home = Files.createDirectories(dir.resolve("nginx"));
        run(List.of(
                openssl.toString(),
                "req",
                "-x509",
                "-newkey",
                "ec",
                "-pkeyopt",
                "ec_paramgen_curve:prime256v1",
                "-nodes",
                "-days",
                "1",
                "-subj",
                "/CN=localhost",
                "-keyout",
                home.resolve("key.pem").toString(),
                "-out",
                home.resolve("cert.pem").toString()));
        int port = freePort();
        Files.writeString(
                home.resolve("nginx.conf"),
                String.join(
                        "\n",
                        "daemon off;",
                        "worker_processes 1;",
                        "pid " + home.resolve("nginx.pid") + ";",
                        "error_log " + home.resolve("error.log") + ";",
                        "events { worker_connections 64; }",
                        "http {",
                        "  access_log off;",
                        "  client_body_temp_path " + home + ";",
                        "  server {",
                        "    listen 127.0.0.1:" + port + " ssl;",
                        "    ssl_certificate " + home.resolve("cert.pem") + ";",
                        "    ssl_certificate_key " + home.resolve("key.pem") + ";",
                        "    location / { return 200 'Hello, World!'; }",
                        "  }",
                        "}",
                        ""));
        Process server = startTiedToThisJvm(
                List.of(
                        nginx.toString(),
                        "-e",
                        "stderr",
                        "-p",
                        home.toString(),
                        "-c",
                        home.resolve("nginx.conf").toString()),
                home.resolve("nginx.out"));
        try {
            awaitListening(port, server);
            int status = load("https://127.0.0.1:" + port + "/plaintext", "-c", "2", "-n", "50", "-k", "--json", "-");
            assertEquals(0, status, err.toString(StandardCharsets.UTF_8));
            JsonNode json = json();
            assertEquals(50, json.get("statusCounts").get("200").longValue());
            String negotiated = json.get("tls").get("version").textValue();
            assertTrue(negotiated.equals("1.2") || negotiated.equals("1.3"), negotiated);
        } finally {
            stop(server);
        }
    }

    /**
     * Starts {@code command} (a server that stays in the foreground) under a shell that ends with it and stops it with
     * SIGTERM when the shell's standard input closes: when {@link #stop} closes it, or when this JVM ends in any way, a
     * kill -9 included. A shutdown hook would not do: PIT's minion halts its JVM from a hook of its own when a mutant
     * times out, and a JVM killed outright runs none; either left nginx running after a mutation run.
     */
    private static Process startTiedToThisJvm(List<String> command, Path output) throws IOException {
        // An asynchronous list's input is /dev/null unless redirected: the watcher reads this JVM's pipe through fd 3.
        String script = "exec 3<&0 </dev/null; \"$@\" 3<&- & child=$!;"
                + " { read -r _ <&3; kill \"$child\" 2>/dev/null; } & wait \"$child\"";
        List<String> shell = new ArrayList<>(List.of("/bin/sh", "-c", script, "tied"));
        shell.addAll(command);
        return new ProcessBuilder(shell)
                .redirectErrorStream(true)
                .redirectOutput(output.toFile())
                .start();
    }

    /** Stops what {@link #startTiedToThisJvm} started and waits for it; forcibly, with its children, after 10 s. */
    private static void stop(Process tied) throws IOException, InterruptedException {
        tied.getOutputStream().close();
        if (!tied.waitFor(10, TimeUnit.SECONDS)) {
            tied.descendants().forEach(ProcessHandle::destroyForcibly);
            tied.destroyForcibly();
        }
    }

    private static Path executable(String name) {
        for (String folder : List.of("/usr/sbin", "/usr/bin", "/usr/local/sbin", "/usr/local/bin")) {
            Path p = Path.of(folder, name);
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }

    private static void run(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IOException(command.get(0) + " failed: " + output);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** Returns once nginx accepts on the port; fails when it exits first or does not listen within 20 s. */
    private static void awaitListening(int port, Process server) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (true) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 200);
                return;
            } catch (IOException e) {
                if (!server.isAlive()) {
                    throw new IOException("nginx exited with " + server.exitValue(), e);
                }
                if (System.nanoTime() > deadline) {
                    throw new IOException("nginx does not listen on " + port + " after 20 s", e);
                }
                Thread.sleep(50); // a bounded poll: nginx gives no other signal that it listens
            }
        }
    }
}
