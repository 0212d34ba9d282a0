package io.httpmodels.harness.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.CliRun;
import io.httpmodels.harness.results.CellResult;
import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.ResultsJson;
import io.httpmodels.harness.results.RunStatus;
import io.httpmodels.harness.results.Scenario;
import io.httpmodels.load.HttpProtocol;
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
 * {@code compare --protocol h1,h2c --streams 4}, shortened, end to end: netty serving HTTP/2 with prior knowledge in
 * its own JVM (nginx too, when installed), beside virtual-threads, which speaks HTTP/1.1 only and so sits out the h2c
 * scenario with a row that says so; HTTP/1.1 runs at the same concurrency, connections times streams.
 */
@Tag("slow") // three cells, each a server started, warmed and measured: .ci/run runs it (mvn verify -Pslow)
@Timeout(300)
class Http2CompareTest {

    private static final int CONNECTIONS = 2;
    private static final int STREAMS = 4;

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
                "--models",
                "netty,virtual-threads",
                "--protocol",
                "h1,h2c",
                "--streams",
                String.valueOf(STREAMS),
                "-c",
                String.valueOf(CONNECTIONS),
                "--work",
                "0",
                "--warmup",
                "500ms",
                "--max-warmup",
                "1000ms",
                "--duration",
                "1s",
                "--forks",
                "1",
                "--no-why",
                "--no-noise-floor",
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
    void http11RunsAtTheSameConcurrencyThenHttp2OnFewerConnectionsEachWithItsStreams() {
        assertEquals(0, run.exitCode(), run.err());
        assertEquals(RunStatus.COMPLETE, results.run().status());
        assertEquals(
                List.of("plaintext-c8-ka-w0", "plaintext-c2-ka-w0-h2c-s4"),
                results.scenarios().stream().map(Scenario::id).toList());
        Scenario h2c = results.scenarios().get(1);
        assertEquals(HttpProtocol.H2C, h2c.protocol());
        assertEquals(STREAMS, h2c.streams());
        for (CellResult c : results.cells()) {
            assertTrue(c.ok(), c.id().target() + " in " + c.id().scenarioId() + ": " + c.failure());
            assertTrue(c.figures().throughput().requests() > 0, c.toString());
        }
    }

    @Test
    void aModelThatSpeaksHttp11OnlySitsOutHttp2AndItsRowSaysSo() throws IOException {
        String h2c = results.scenarios().get(1).id();
        List<String> inH2c = results.cells().stream()
                .filter(c -> c.id().scenarioId().equals(h2c))
                .map(c -> c.id().target())
                .toList();
        assertTrue(inH2c.contains("netty"), inH2c.toString());
        assertFalse(inH2c.contains("virtual-threads"), inH2c.toString());
        assertEquals(withNginx, inH2c.contains("nginx"), inH2c.toString());
        assertEquals(
                List.of("h1"),
                results.targets().stream()
                        .filter(t -> t.name().equals("virtual-threads"))
                        .findFirst()
                        .orElseThrow()
                        .protocols());
        assertTrue(
                run.out().lines().anyMatch(l -> l.startsWith("virtual-threads") && l.contains("HTTP/1.1 only")),
                run.out());
        String markdown = Files.readString(dir.resolve("run/report.md"));
        assertTrue(markdown.contains("HTTP/1.1 only"), markdown);
        assertTrue(markdown.contains("HTTP/2 (h2c), 4 streams each"), markdown);
        assertTrue(Files.readString(dir.resolve("run/report.html")).contains("HTTP/1.1 only"));
    }

    @Test
    void nettyWasStartedSpeakingHttp2() {
        String running = results.targets().stream()
                .filter(t -> t.name().equals("netty"))
                .findFirst()
                .orElseThrow()
                .running();
        assertTrue(running != null && running.contains("HTTP/2 over cleartext (h2c)"), String.valueOf(running));
    }
}
