package io.httpmodels.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

/**
 * The load client against broken servers: one killed mid-run, one closing after every N requests, one
 * answering garbage, one that accepts and never answers, a closed port, one slower than the timeout. The
 * runs go through the command line, as a user's would (one constant-rate run through {@link LoadClient}): what
 * went wrong is counted by kind, what was measured before is kept (text, JSON and interval log written whole,
 * agreeing with each other), the exit status says whether anything could be measured, and the run ends within
 * its time bound.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LoadFaultTest {

    /** Generous: the machine is shared, and the bound only has to tell "ends" from "hangs". */
    private static final long SLACK_NANOS = TimeUnit.SECONDS.toNanos(5);

    @TempDir
    Path dir;

    /** What one command-line run left behind. */
    private record Outcome(int exit, String out, String err, JsonNode json, long logged, long wallNanos) {

        long errors(String kind) {
            return json.get("errors").get(kind).asLong();
        }

        /** The error counts by kind, for assertion messages. */
        String errors() {
            return json.get("errors").toString();
        }
    }

    private Outcome load(String url, String... args) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Path json = dir.resolve("out.json");
        Path hlog = dir.resolve("out.hlog");
        List<String> all = new ArrayList<>(List.of(url, "-q", "--json", json.toString(), "--hlog", hlog.toString()));
        all.addAll(List.of(args));
        long start = System.nanoTime();
        int exit = LoadMain.execute(
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                all.toArray(String[]::new));
        long wall = System.nanoTime() - start;
        try (Stream<Path> files = Files.list(dir)) {
            // Files appear whole or not at all: no temporary file is left behind.
            List<String> names =
                    files.map(p -> p.getFileName().toString()).sorted().toList();
            assertTrue(names.isEmpty() || names.equals(List.of("out.hlog", "out.json")), names.toString());
        }
        JsonNode tree = Files.exists(json) ? new ObjectMapper().readTree(json.toFile()) : null;
        long logged = -1;
        if (Files.exists(hlog)) {
            logged = 0;
            HistogramLogReader reader = new HistogramLogReader(hlog.toFile());
            for (Histogram h = (Histogram) reader.nextIntervalHistogram();
                    h != null;
                    h = (Histogram) reader.nextIntervalHistogram()) {
                logged += h.getTotalCount();
            }
        }
        return new Outcome(
                exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8), tree, logged, wall);
    }

    /** The figures kept agree: the summary, the JSON and the interval log count the same responses. */
    private static void assertFiguresKept(Outcome o) {
        long requests = o.json().get("requests").asLong();
        assertEquals(requests, o.logged(), "interval log against JSON");
        assertTrue(o.out().contains(requests + " requests in"), o.out());
        long intervals = 0;
        for (JsonNode interval : o.json().get("intervals")) {
            intervals += interval.get("requests").asLong();
        }
        assertEquals(requests, intervals, "intervals against the total");
    }

    private static void assertWithin(Duration bound, Outcome o) {
        assertTrue(
                o.wallNanos() < bound.toNanos() + SLACK_NANOS,
                "took " + o.wallNanos() / 1_000_000 + " ms for a bound of " + bound.toMillis() + " ms");
    }

    // Concurrent with the others: after its first 300 requests it waits 5 s for its reconnects to be refused.
    @Test
    @Execution(ExecutionMode.CONCURRENT)
    void aServerKilledMidRunKeepsWhatWasMeasuredAndStopsAsGone() throws IOException {
        AtomicLong answered = new AtomicLong();
        // The handler kills its own server; the client connects only once the reference is set.
        AtomicReference<TestServer> self = new AtomicReference<>();
        Outcome o;
        try (TestServer server = TestServer.start((i, out, s) -> {
            if (i == 300) {
                self.get().kill();
                return false;
            }
            out.write(TestServer.OK);
            answered.incrementAndGet();
            return true;
        })) {
            self.set(server);
            o = load(server.url("/"), "-c", "4", "-d", "20s", "--timeout", "1s");
        }
        // Connections reset, then every reconnect refused: the target is declared gone after 5 s, not 20.
        assertEquals(1, o.exit(), o.err());
        assertTrue(o.err().contains("stopped accepting connections"), o.err());
        assertTrue(o.out().contains("Stopped early: "), o.out());
        assertWithin(Duration.ofSeconds(6), o);
        assertFiguresKept(o);
        long requests = o.json().get("requests").asLong();
        assertTrue(requests > 0 && requests <= answered.get(), requests + " of " + answered.get());
        assertTrue(o.errors("read") + o.errors("closed") >= 1, o.errors());
        assertTrue(o.errors("connect") >= 4, o.errors());
        assertEquals(0, o.errors("malformed") + o.errors("status") + o.errors("timeout"), o.errors());
    }

    @Test
    void aServerKilledDuringAConstantRateRunIsProbedWithoutSpinning() throws IOException {
        AtomicLong answered = new AtomicLong();
        AtomicReference<TestServer> self = new AtomicReference<>();
        LoadReport report;
        long start = System.nanoTime();
        try (TestServer server = TestServer.start((i, out, s) -> {
            if (i == 500) {
                self.get().kill();
                return false;
            }
            out.write(TestServer.OK);
            answered.incrementAndGet();
            return true;
        })) {
            self.set(server);
            report = new LoadClient(LoadConfig.builder(server.url("/"))
                            .connections(4)
                            .rate(1_000)
                            .duration(Duration.ofMillis(1_500))
                            .timeout(Duration.ofMillis(500))
                            .build())
                    .run();
        }
        long wall = System.nanoTime() - start;
        assertTrue(wall < TimeUnit.MILLISECONDS.toNanos(1_500) + SLACK_NANOS, wall / 1_000_000 + " ms");
        // Under the 5 s after which a target is declared gone: the run ends by itself, with what it measured.
        assertNull(report.abortReason());
        // At most what was answered: 500, or one more per connection whose request was taken as the kill began.
        assertTrue(
                report.recorded().requests() > 0 && report.recorded().requests() <= answered.get(),
                report.recorded().requests() + " of " + answered.get());
        assertEquals(
                report.recorded().requests(),
                report.recorded().intervals().stream()
                        .mapToLong(LoadReport.Interval::requests)
                        .sum());
        assertTrue(
                report.responses().errors().connect() >= 4,
                report.responses().errors().toString());
        // Each slot retries a refused connect after 1, 2, 4 ... 100 ms: about 4 x 13 attempts in the second
        // left, where retrying at once would make tens of thousands.
        assertTrue(
                report.responses().errors().connect() < 400,
                report.responses().errors().toString());
    }

    @Test
    void aServerClosingAfterEveryFiveRequestsCostsReconnectsAndCountsTheCloses() throws IOException {
        Map<Socket, AtomicLong> perConnection = new ConcurrentHashMap<>();
        Outcome o;
        try (TestServer server = TestServer.start((i, out, s) -> {
            out.write(TestServer.OK);
            // Closes without saying so (no Connection: close): the client may have sent its next request.
            return perConnection.computeIfAbsent(s, k -> new AtomicLong()).incrementAndGet() < 5;
        })) {
            o = load(server.url("/"), "-c", "4", "-n", "2000", "--timeout", "1s");
            assertTrue(server.connections() >= 400, "connections " + server.connections());
        }
        assertEquals(0, o.exit(), o.err());
        assertWithin(Duration.ZERO, o);
        assertFiguresKept(o);
        // A counted run sends a request lost with its connection again: exactly 2000 are recorded.
        assertEquals(2000, o.json().get("requests").asLong());
        assertTrue(o.json().get("connectsSucceeded").asLong() >= 400, o.json().toString());
        // A write into a connection the server has reset is a reset too, if rarer.
        assertEquals(
                o.errors("total"),
                o.errors("closed") + o.errors("read") + o.errors("write"),
                "only closes and resets: " + o.errors());
    }

    @Test
    void aServerThatSaysConnectionCloseAfterEveryFiveRequestsCausesNoError() throws IOException {
        byte[] lastOk = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok"
                .getBytes(StandardCharsets.ISO_8859_1);
        Map<Socket, AtomicLong> perConnection = new ConcurrentHashMap<>();
        Outcome o;
        try (TestServer server = TestServer.start((i, out, s) -> {
            boolean last =
                    perConnection.computeIfAbsent(s, k -> new AtomicLong()).incrementAndGet() == 5;
            out.write(last ? lastOk : TestServer.OK);
            return !last;
        })) {
            o = load(server.url("/"), "-c", "4", "-n", "2000", "--timeout", "1s");
        }
        assertEquals(0, o.exit(), o.err());
        assertFiguresKept(o);
        assertEquals(2000, o.json().get("requests").asLong());
        assertEquals(0, o.errors("total"), o.errors());
    }

    @Test
    void aServerAnsweringGarbageIsAProtocolErrorAndNothingMeasuredExitsOne() throws IOException {
        byte[] garbage = new byte[300];
        new Random(42).nextBytes(garbage);
        Outcome o;
        try (TestServer server = TestServer.start((i, out, s) -> {
            out.write(garbage);
            return true;
        })) {
            o = load(server.url("/"), "-c", "2", "-d", "1s", "--timeout", "500ms");
        }
        assertEquals(1, o.exit(), o.err());
        assertTrue(o.err().contains("no response was recorded"), o.err());
        assertWithin(Duration.ofSeconds(1), o);
        assertFiguresKept(o);
        assertEquals(0, o.json().get("requests").asLong());
        assertTrue(o.errors("malformed") >= 2, o.errors());
        assertEquals(o.errors("total"), o.errors("malformed"), o.errors());
        assertTrue(o.out().contains("Errors: ") && o.out().contains("malformed"), o.out());
    }

    @Test
    void aServerThatAcceptsAndNeverAnswersTimesOut() throws IOException {
        Outcome o;
        try (TestServer server = TestServer.start((i, out, s) -> true)) {
            o = load(server.url("/"), "-c", "3", "-d", "1s", "--timeout", "200ms");
        }
        assertEquals(1, o.exit(), o.err());
        assertTrue(o.err().contains("no response was recorded"), o.err());
        assertTrue(o.err().contains("timeout"), o.err());
        assertWithin(Duration.ofSeconds(1), o);
        assertFiguresKept(o);
        assertEquals(0, o.json().get("requests").asLong());
        // Three connections, each timed out every 200 ms for a second: about 12 (fewer on a loaded machine).
        assertTrue(o.errors("timeout") >= 3, o.errors());
        assertEquals(o.errors("total"), o.errors("timeout"), o.errors());
    }

    @Test
    void aClosedPortIsRefusedAndLeavesNoFiles() throws IOException {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        Outcome o = load("http://127.0.0.1:" + port + "/", "-c", "4", "-d", "20s");
        assertEquals(1, o.exit(), o.err());
        assertTrue(o.err().contains("cannot connect to 127.0.0.1:" + port), o.err());
        assertTrue(o.err().contains("refused"), o.err());
        assertNull(o.json());
        assertEquals(-1, o.logged(), "no interval log");
        assertWithin(Duration.ZERO, o);
    }

    @Test
    void aServerSlowerThanTheTimeoutOnSomeRequestsCountsTimeoutsAndMeasuresTheRest() throws IOException {
        AtomicReference<TestServer> self = new AtomicReference<>();
        Outcome o;
        try (TestServer server = TestServer.start((i, out, s) -> {
            if (i % 10 == 9) {
                // Three times the client's timeout; the client has given up and closed by then.
                self.get().pause(600);
            }
            out.write(TestServer.OK);
            return true;
        })) {
            self.set(server);
            o = load(server.url("/"), "-c", "4", "-d", "1500ms", "--timeout", "200ms");
        }
        assertEquals(0, o.exit(), o.err());
        assertWithin(Duration.ofMillis(1500), o);
        assertFiguresKept(o);
        assertTrue(o.json().get("requests").asLong() > 0);
        assertTrue(o.errors("timeout") >= 1, o.errors());
        assertEquals(o.errors("total"), o.errors("timeout"), o.errors());
        // The late answers (600 ms) came after the client gave up: none was recorded as a latency.
        assertTrue(
                o.json().get("latency").get("max").asLong() < 600_000,
                o.json().get("latency").toString());
        assertFalse(o.out().contains("Stopped early"), o.out());
    }
}
