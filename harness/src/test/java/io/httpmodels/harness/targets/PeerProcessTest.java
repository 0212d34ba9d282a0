package io.httpmodels.harness.targets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.httpmodels.harness.process.ChildServer.StartFailure;
import io.httpmodels.harness.process.Pinning;
import io.httpmodels.harness.process.ProjectRoot;
import io.httpmodels.harness.results.Scenario;
import io.httpmodels.harness.results.TargetKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The peers {@code --with} starts from scripts/peers: named, started through their script, stopped by pid. */
class PeerProcessTest {

    private static final Scenario PLAIN = Scenario.closedLoop("/plaintext", 0, true, 40, 1);

    @Test
    void withNamesEachPeerAndAnUnknownOneListsTheKnown() {
        assertEquals(Peer.GO_FASTHTTP, Peer.of("go-fasthttp"));
        assertEquals(TargetKind.NGINX, TargetSpec.peer(Peer.NGINX).kind(), "nginx stays the reference");
        assertEquals(TargetKind.PEER, TargetSpec.peer(Peer.GO_NETHTTP).kind());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Peer.of("apache"));
        assertTrue(e.getMessage().contains("no peer 'apache'"), e.getMessage());
        assertTrue(e.getMessage().contains("nginx, go-nethttp, go-fasthttp"), e.getMessage());
    }

    @Test
    void peersSitOutScenariosWithSimulatedWork() {
        assertTrue(TargetSpec.peer(Peer.GO_NETHTTP).runs(PLAIN));
        assertFalse(TargetSpec.peer(Peer.GO_NETHTTP).runs(Scenario.closedLoop("/plaintext", 1, true, 40, 1)));
    }

    @Test
    void thePidIsTheLastLineOfTheScriptsOutputAndAnythingElseIsAStartFailure() throws StartFailure {
        Path script = Path.of("go.sh");
        assertEquals(4321, PeerProcess.pidOf(script, "127.0.0.1:8481 4321\n"));
        assertEquals(4321, PeerProcess.pidOf(script, "note: not pinned to cpu 3\n127.0.0.1:8481 4321\n"));
        for (String bad : List.of("", "started", "127.0.0.1:8481", "127.0.0.1:8481 x", "8481 4321", "127.0.0.1:1 -2")) {
            StartFailure e = assertThrows(StartFailure.class, () -> PeerProcess.pidOf(script, bad), bad);
            assertTrue(e.getMessage().contains("not 'HOST:PORT PID'"), e.getMessage());
        }
    }

    @Test
    void aPeerWhoseScriptFailsDidNotStartAndSaysWhyInTheScriptsOwnWords(@TempDir Path root) throws Exception {
        Path peers = Files.createDirectories(root.resolve("scripts/peers"));
        Path script = peers.resolve("go.sh");
        writeScript(script, """
                #!/bin/sh
                echo "go.sh: go not installed: run scripts/peers/install.sh --go" >&2
                exit 1
                """);
        TargetLauncher launcher = new TargetLauncher(Pinning.plan(false, null, null), root);

        StartFailure e =
                assertThrows(StartFailure.class, () -> launcher.start(TargetSpec.peer(Peer.GO_NETHTTP), null, PLAIN));
        assertTrue(e.getMessage().contains("go not installed"), e.getMessage());
        assertTrue(e.getMessage().contains("go.sh build nethttp failed"), e.getMessage());
    }

    @Test
    void aGoPeerIsBuiltBeforeItsStartIsTimedAndNginxIsNot(@TempDir Path root) throws Exception {
        Path peers = Files.createDirectories(root.resolve("scripts/peers"));
        Path log = root.resolve("actions");
        // Each script logs its action and its peer, then fails its start: what ran, in what order, is the log.
        for (String name : List.of("go.sh", "nginx.sh")) {
            writeScript(peers.resolve(name), """
                    #!/bin/sh
                    echo "%s $1 $2" >> "%s"
                    [ "$1" = build ] && exit 0
                    echo "refused" >&2
                    exit 1
                    """.formatted(name, log));
        }
        TargetLauncher launcher = new TargetLauncher(Pinning.plan(false, null, null), root);

        StartFailure go =
                assertThrows(StartFailure.class, () -> launcher.start(TargetSpec.peer(Peer.GO_FASTHTTP), null, PLAIN));
        assertTrue(go.getMessage().contains("go.sh start fasthttp --port"), go.getMessage());
        assertThrows(StartFailure.class, () -> launcher.start(TargetSpec.peer(Peer.NGINX), null, PLAIN));
        assertEquals(
                List.of("go.sh build fasthttp", "go.sh start fasthttp", "nginx.sh start --port"),
                Files.readAllLines(log));
    }

    /**
     * Writes an executable script through another process ({@code cp}), so this JVM never holds it open for writing:
     * a file it wrote itself was once "busy" when run (ETXTBSY, "Text file busy"), in a build beside two busy
     * processes with the harness's classes side by side, since a process another thread forks at that moment holds
     * the descriptor until it execs.
     */
    private static void writeScript(Path script, String text) throws IOException, InterruptedException {
        Path source = Files.writeString(script.resolveSibling(script.getFileName() + ".txt"), text);
        Process cp = new ProcessBuilder("cp", source.toString(), script.toString())
                .redirectErrorStream(true)
                .start();
        assertTrue(cp.waitFor(30, TimeUnit.SECONDS), "cp did not finish");
        assertEquals(0, cp.exitValue(), new String(cp.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    @Test
    void aMissingScriptIsAStartFailureNamingIt(@TempDir Path root) {
        TargetLauncher launcher = new TargetLauncher(Pinning.plan(false, null, null), root);
        StartFailure e =
                assertThrows(StartFailure.class, () -> launcher.start(TargetSpec.peer(Peer.GO_FASTHTTP), null, PLAIN));
        assertTrue(e.getMessage().contains("scripts/peers/go.sh"), e.getMessage());
    }

    /** Skipped where Go or fasthttp is not installed (scripts/peers/install.sh --go installs both). */
    @Test
    void eachGoPeerStartsServesPlaintextWithItsServerFieldAndStopsWithItsProcess() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/go")), "go not installed");
        assumeTrue(
                Files.isDirectory(Path.of("/usr/share/gocode/src/github.com/valyala/fasthttp")),
                "fasthttp not installed");
        TargetLauncher launcher = new TargetLauncher(Pinning.plan(false, null, null), ProjectRoot.find());
        HttpClient client = HttpClient.newHttpClient();
        for (Peer peer : List.of(Peer.GO_NETHTTP, Peer.GO_FASTHTTP)) {
            RunningTarget running = launcher.start(TargetSpec.peer(peer), null, PLAIN);
            ProcessHandle process;
            try {
                process = ProcessHandle.of(running.pid()).orElseThrow();
                assertTrue(
                        process.info().command().orElse("").endsWith(peer.label()),
                        process.info().toString());
                HttpResponse<String> answer = client.send(
                        HttpRequest.newBuilder(URI.create(running.url("/plaintext")))
                                .timeout(Duration.ofSeconds(5))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                assertEquals(200, answer.statusCode());
                assertEquals("Hello, World!", answer.body());
                assertEquals(peer.label(), answer.headers().firstValue("server").orElse(""));
                assertTrue(running.death().isEmpty());
            } finally {
                running.close();
            }
            process.onExit().get(10, TimeUnit.SECONDS);
            assertFalse(process.isAlive(), peer + " outlived its stop");
        }
    }
}
