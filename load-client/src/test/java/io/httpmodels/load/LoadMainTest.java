package io.httpmodels.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LoadMainTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return LoadMain.execute(
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                args);
    }

    @Test
    void helpDocumentsEveryFlag() {
        assertEquals(0, run("--help"));
        String help = out.toString(StandardCharsets.UTF_8);
        for (String flag : List.of(
                "-c",
                "--connections",
                "-t",
                "--threads",
                "-d",
                "--duration",
                "-n",
                "--requests",
                "--warmup",
                "--ramp-up",
                "--no-keep-alive",
                "-p",
                "--pipeline",
                "-R",
                "--rate",
                "-m",
                "--method",
                "-H",
                "--header",
                "--body",
                "--body-file",
                "--timeout",
                "--max-time",
                "--json",
                "--hlog",
                "--quiet")) {
            assertTrue(help.contains(flag), "help lacks " + flag);
        }
    }

    @Test
    void badFlagsGiveUsageAndExitTwo() {
        assertEquals(2, run("http://127.0.0.1:1/", "--bogus"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("Usage"));
        assertEquals(2, run("http://127.0.0.1:1/", "-d", "1s", "-n", "5"));
        assertEquals(2, run("http://127.0.0.1:1/", "-p", "4", "--no-keep-alive"));
        assertEquals(2, run("http://127.0.0.1:1/", "-d", "soon"));
    }

    @Test
    void unreachableTargetExitsNonZeroWithAMessage() throws IOException {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        assertEquals(1, run("http://127.0.0.1:" + port + "/", "-d", "20s"));
        assertTrue(
                err.toString(StandardCharsets.UTF_8).contains("cannot connect to 127.0.0.1:" + port),
                err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void writesSummaryJsonAndIntervalLog(@TempDir Path dir) throws IOException {
        Path json = dir.resolve("out.json");
        Path hlog = dir.resolve("out.hlog");
        try (TestServer server = TestServer.ok()) {
            assertEquals(
                    0,
                    run(
                            server.url("/plaintext"),
                            "-c",
                            "4",
                            "-n",
                            "2000",
                            "-H",
                            "X-Test: 1",
                            "--json",
                            json.toString(),
                            "--hlog",
                            hlog.toString()));
        }
        String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("2000 requests in"), text);
        assertTrue(text.contains("Requests/sec:"), text);
        assertTrue(text.contains("99.99%"), text);
        String rendered = Files.readString(json);
        JsonNode tree = new ObjectMapper().readTree(rendered);
        assertEquals("[\"X-Test: 1\"]", tree.get("config").get("headers").toString());
        assertEquals(2000, tree.get("config").get("requests").asLong());
        assertEquals(1, tree.get("schemaVersion").asInt());
        assertEquals(2000, tree.get("requests").asLong());
        assertEquals(2000, tree.get("statusCounts").get("200").asLong());
        assertEquals(0, tree.get("errors").get("total").asLong());
        assertTrue(tree.get("latency").get("percentiles").get("99.9").asLong() >= 1);
        assertTrue(tree.get("latency").get("description").asText().startsWith("raw"));
        assertTrue(tree.get("corrected").get("description").asText().startsWith("wrk-style"));
        assertTrue(tree.get("uncorrected").isNull());
        assertTrue(tree.get("requestsPerSecond").asDouble() > 0);
        long logged = 0;
        HistogramLogReader reader = new HistogramLogReader(hlog.toFile());
        for (Histogram h = (Histogram) reader.nextIntervalHistogram();
                h != null;
                h = (Histogram) reader.nextIntervalHistogram()) {
            logged += h.getTotalCount();
        }
        assertEquals(2000, logged);
    }

    @Test
    void noKeepAlivePrintsTheConnectBreakdown() throws IOException {
        try (TestServer server = TestServer.ok()) {
            assertEquals(0, run(server.url("/"), "-c", "2", "-n", "100", "--no-keep-alive", "-q"));
        }
        String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("Connect:") && text.contains("Waiting:") && text.contains("Total:"), text);
    }
}
