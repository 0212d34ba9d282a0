package io.httpmodels.harness.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.CliRun;
import io.httpmodels.harness.results.CellResult;
import io.httpmodels.harness.results.Handshakes;
import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.ResultsJson;
import io.httpmodels.harness.results.RunStatus;
import io.httpmodels.harness.results.Scenario;
import io.httpmodels.harness.results.TlsMode;
import io.httpmodels.server.tls.ServerTls;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code compare --profile tls}, shortened, end to end: a model's JVM serving TLS and nginx, when installed, each
 * over HTTPS with the run's one certificate, the client trusting any; the three scenarios' cells carry their
 * handshakes and the server's CPU per handshake. The models: virtual-threads (its own TLS) and the test-only
 * {@link TlsTestModel} (the JDK's SSLServerSocket).
 */
@Tag("slow") // six cells, each a server started, warmed and measured: .ci/run runs it (mvn verify -Pslow)
@Timeout(300)
class TlsCompareTest {

    private static final String MODEL = "virtual-threads";
    private static final String TEST_MODEL = TlsTestModel.NAME;

    private static final int CONNECTIONS = 4;

    @TempDir
    static Path dir;

    private static CliRun run;
    private static Results results;
    private static boolean withNginx;

    @BeforeAll
    static void runOnce() throws IOException {
        withNginx = Files.isExecutable(Path.of("/usr/sbin/nginx"));
        List<String> args = new ArrayList<>(List.of(
                "compare",
                "--profile",
                "tls",
                "--models",
                MODEL + "," + TEST_MODEL,
                // 4 connections, not the profile's 40: a busy test machine must not turn handshakes into timeouts
                "-c",
                String.valueOf(CONNECTIONS),
                "--warmup",
                "500ms",
                "--max-warmup",
                "1500ms",
                "--duration",
                "1500ms",
                "--timeout",
                "5s",
                // one JVM a cell: this test is about TLS, not about forks (CompareCommandTest)
                "--forks",
                "1",
                "--no-pin",
                "--out",
                dir.resolve("run").toString()));
        if (withNginx) {
            args.addAll(List.of("--with", "nginx"));
        }
        run = CliRun.of(args.toArray(String[]::new));
        results = ResultsJson.read(dir.resolve("run/results.json"));
    }

    @Test
    void everyTargetIsMeasuredInTheThreeTlsScenarios() {
        assertEquals(0, run.exitCode(), run.err());
        assertEquals(RunStatus.COMPLETE, results.run().status());
        assertEquals("custom (from tls)", results.conditions().schedule().profile());
        assertEquals(
                List.of(TlsMode.RESUME, TlsMode.FULL, TlsMode.RESUME),
                results.scenarios().stream().map(Scenario::tls).toList());
        assertEquals(3 * targets().size(), results.cells().size());
        for (CellResult c : results.cells()) {
            assertTrue(c.ok(), c.id().target() + " in " + c.id().scenarioId() + ": " + c.failure());
            assertNotNull(c.diagnostics().tls(), c.id().scenarioId());
            assertEquals("1.3", c.diagnostics().tls().version());
            assertTrue(c.figures().throughput().requests() > 0, c.toString());
        }
        assertTrue(
                results.targets().stream()
                        .filter(t -> !t.name().equals("nginx"))
                        .allMatch(t -> t.running().contains("TLS (jdk)")),
                results.targets().toString());
    }

    @Test
    void aNewConnectionPerRequestMakesAHandshakePerRequestFullOrResumedAsTheScenarioSays() {
        for (String target : targets()) {
            Handshakes full = cell(1, target).diagnostics().tls();
            long requests = cell(1, target).figures().throughput().requests();
            // A handshake a request, but for those in flight at the window's two edges.
            assertTrue(
                    Math.abs(full.handshakes() - requests) <= 2 * CONNECTIONS,
                    target + ": " + full + " for " + requests);
            assertEquals(0, full.resumed(), target + ": resumption off");
            assertTrue(full.serverCpuMicrosPerHandshake() > 0, target + ": " + full);
            assertTrue(full.perSecond() > 0 && full.p50Micros() != null, target + ": " + full);

            Handshakes resumed = cell(2, target).diagnostics().tls();
            assertTrue(
                    Math.abs(resumed.handshakes()
                                    - cell(2, target).figures().throughput().requests())
                            <= 2 * CONNECTIONS,
                    target + ": " + resumed);
            // Whether the server resumes is the server's figure (the client offers it: TlsLoadAndFiguresTest); the
            // counts only have to be consistent.
            assertTrue(resumed.resumed() <= resumed.handshakes(), target + ": " + resumed);
        }
    }

    @Test
    void keepAliveShakesHandsBeforeTheWindowNotPerRequest() {
        for (String target : targets()) {
            CellResult keepAlive = cell(0, target);
            assertTrue(
                    keepAlive.diagnostics().tls().handshakes()
                            < keepAlive.figures().throughput().requests() / 10,
                    target + ": " + keepAlive.diagnostics().tls());
        }
    }

    @Test
    void theRunsCertificateIsKeptWithTheResultsAndTheReportsShowTheHandshakeColumns() throws IOException {
        Path tls = dir.resolve("run/tls");
        ServerTls.fromPem(tls.resolve("cert.pem"), tls.resolve("key.pem")); // reads back whole
        String markdown = Files.readString(dir.resolve("run/report.md"));
        assertTrue(markdown.contains("server CPU (µs/handshake)"), markdown);
        assertTrue(
                run.out()
                        .contains(
                                "TLS handshakes  [" + results.scenarios().get(1).id() + "]"),
                run.out());
    }

    private static List<String> targets() {
        return withNginx ? List.of(MODEL, TEST_MODEL, "nginx") : List.of(MODEL, TEST_MODEL);
    }

    private static CellResult cell(int scenario, String target) {
        return results.cell(results.scenarios().get(scenario).id(), target);
    }
}
