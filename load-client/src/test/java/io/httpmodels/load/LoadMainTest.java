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
    void idleAndSlowConnectionsFromTheCommandLineAreHeldAndReported() throws IOException {
        try (TestServer server = TestServer.ok()) {
            int code = run(
                    server.url("/"),
                    "-c",
                    "2",
                    // A duration, not a request count: the idle connections' answers arrive on their own thread,
                    // and 100 requests on a loaded host ended before the last of the 30 (29 counted once).
                    "-d",
                    "1s",
                    "--idle-connections",
                    "30",
                    "--slow-connections",
                    "3",
                    "--slow-interval",
                    "10ms",
                    "--json",
                    "-");
            assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
            JsonNode json = new ObjectMapper().readTree(out.toString(StandardCharsets.UTF_8));
            assertEquals(30, json.get("config").get("idleConnections").intValue());
            assertEquals(0.01, json.get("config").get("slowIntervalSeconds").doubleValue());
            assertEquals(30, json.get("background").get("idleAnswered").intValue());
            assertEquals(3, json.get("background").get("slowOpen").intValue());
            assertTrue(
                    err.toString(StandardCharsets.UTF_8).contains("Slow connections: 3 asked (a byte every 0.01s)"),
                    err.toString(StandardCharsets.UTF_8));
        }
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
                "--[no-]keep-alive",
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
                "--[no-]latency",
                "--[no-]quiet")) {
            assertTrue(help.contains(flag), "help lacks " + flag);
        }
    }

    @Test
    void badFlagsGiveUsageAndExitTwo() {
        assertEquals(2, run("http://127.0.0.1:1/", "--bogus"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("Usage"));
        assertEquals(2, run("http://127.0.0.1:1/", "-d", "1s", "-n", "5"));
        assertEquals(2, run("http://127.0.0.1:1/", "--pipeline", "4", "--no-keep-alive"));
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

    @Test
    void jsonToStandardOutputMovesTheTextToStandardError(@TempDir Path dir) throws IOException {
        Path body = dir.resolve("body.bin");
        Files.write(body, new byte[321]);
        try (TestServer server = TestServer.ok()) {
            assertEquals(
                    0,
                    run(
                            server.url("/"),
                            "-c",
                            "2",
                            "-n",
                            "50",
                            "-m",
                            "POST",
                            "--body-file",
                            body.toString(),
                            "--json",
                            "-"));
        }
        JsonNode tree = new ObjectMapper().readTree(out.toString(StandardCharsets.UTF_8));
        assertEquals(50, tree.get("requests").asLong());
        assertEquals(321, tree.get("config").get("bodyBytes").asInt());
        assertEquals("POST", tree.get("config").get("method").asText());
        String text = err.toString(StandardCharsets.UTF_8);
        assertTrue(text.startsWith("Running 50 requests @ "), text);
        assertTrue(text.contains("50 requests in"), text);
    }

    @Test
    void aRunStoppedEarlyExitsOneAndSaysWhy() throws IOException {
        try (TestServer server = TestServer.start((i, o, s) -> {
            if (i < 5) {
                o.write(TestServer.OK);
            }
            return true;
        })) {
            assertEquals(
                    1, run(server.url("/"), "-c", "1", "-n", "100", "--timeout", "5s", "--max-time", "500ms", "-q"));
        }
        String errors = err.toString(StandardCharsets.UTF_8);
        assertTrue(errors.contains("load: stopped early: "), errors);
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("Stopped early: "));
    }

    @Test
    void aRunThatRecordedNoResponseExitsOneAndSaysWhichErrors() throws IOException {
        try (TestServer server = TestServer.start((i, o, s) -> true)) {
            assertEquals(1, run(server.url("/"), "-c", "1", "-d", "300ms", "--timeout", "100ms", "-q"));
        }
        String errors = err.toString(StandardCharsets.UTF_8);
        assertTrue(errors.contains("load: no response was recorded (errors: timeout "), errors);
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("0 requests in"));
    }

    @Test
    void anUnreachableTargetLeavesNoIntervalLog(@TempDir Path dir) throws IOException {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        Path hlog = dir.resolve("out.hlog");
        assertEquals(1, run("http://127.0.0.1:" + port + "/", "-q", "--hlog", hlog.toString()));
        try (java.util.stream.Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(), files.toList());
        }
    }

    @Test
    void badArgumentsSayWhatIsWrongAndShowTheUsage() {
        assertEquals(2, run("http://127.0.0.1:1/", "--bogus"));
        String errors = err.toString(StandardCharsets.UTF_8);
        assertTrue(errors.startsWith("load: Unknown option: '--bogus'"), errors);
        assertTrue(errors.contains("Usage: load"), errors);
        for (String[] args : List.of(
                new String[] {"-d", "1s", "-n", "5"},
                new String[] {"--body", "x", "--body-file", "f"},
                new String[] {"-c", "0"},
                new String[] {"-d", "soon"})) {
            err.reset();
            String[] all = new String[args.length + 1];
            all[0] = "http://127.0.0.1:1/";
            System.arraycopy(args, 0, all, 1, args.length);
            assertEquals(2, run(all), String.join(" ", args));
            String message = err.toString(StandardCharsets.UTF_8);
            assertTrue(message.startsWith("load: "), message);
            assertTrue(
                    message.contains("give -d or -n, not both")
                            || message.contains("give --body or --body-file, not both")
                            || message.contains("connections must be at least 1")
                            || message.contains("'soon' is not a duration (e.g. 500ms, 10s, 2m)"),
                    message);
        }
    }

    @Test
    void theIntervalLogStartsWithItsHeader(@TempDir Path dir) throws IOException {
        Path hlog = dir.resolve("run.hlog");
        try (TestServer server = TestServer.ok()) {
            assertEquals(0, run(server.url("/"), "-c", "1", "-n", "20", "-q", "--hlog", hlog.toString()));
        }
        List<String> lines = Files.readAllLines(hlog);
        assertEquals("#httpmodels load-client: latency in microseconds, one interval per second", lines.get(0));
        assertTrue(lines.get(1).startsWith("#[Histogram log format version "), lines.get(1));
        assertTrue(lines.get(2).startsWith("#[StartTime: "), lines.get(2));
        assertTrue(lines.get(3).startsWith("\"StartTimestamp\",\"Interval_Length\""), lines.get(3));
    }
}
