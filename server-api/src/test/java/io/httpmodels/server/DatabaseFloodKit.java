package io.httpmodels.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

/**
 * A hostile pipelined database flood, as a test: one connection pipelines {@code GET /db} as fast as the socket takes
 * it and never reads an answer, against a model whose database routes query a real PostgreSQL ({@link TestDatabase}),
 * so each request the server takes costs a query, not a constant answer. {@link BackpressureKit} floods
 * {@code /plaintext}, whose answers a model writes as it reads; here a model that keeps reading queues a query per
 * request (on its work pool, its event loop's pipelined client, its pool's waiters) faster than the database answers
 * them. Each model runs alone in a child JVM ({@link ProbeChild}) with the heap the backpressure kit gives it, and the
 * kit checks:
 *
 * <ul>
 *   <li>the server stops reading the flooding connection: the client's writes stall for good, having sent no more than
 *       the socket buffers on the way hold, plus {@link #READ_SLACK_BYTES};
 *   <li>the heap it keeps (in use after a full collection, weighed once the flood has stalled) grows by at most
 *       {@link #MAX_HEAP_HELD}, and its resident set by at most {@link #MAX_RSS_GROWTH};
 *   <li>a bystander, one at a time on new connections for as long as the flood is held, has its own {@code /db}
 *       answered within {@link #BYSTANDER_BOUND}.
 * </ul>
 *
 * A server that keeps reading is flooded until its resident set has grown by {@link #FLOOD_STOP_GROWTH} or for
 * {@link #FLOOD_BOUND}; the figures of every case are printed. Skipped without PostgreSQL, except under
 * {@code CI=true}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 10, unit = TimeUnit.MINUTES)
@Tag("bounds")
public abstract class DatabaseFloodKit {

    /** The most heap the flood may keep in use, after a full collection, in KiB: the backpressure kit's bound. */
    protected static final long MAX_HEAP_HELD = 16 * 1024;

    /** The most the resident set may grow while flooded, in KiB: the backpressure kit's bound. */
    protected static final long MAX_RSS_GROWTH = 64 * 1024;

    /** Requests the server may take beyond what the socket buffers hold: a batch of its own, and slack. */
    protected static final long READ_SLACK_BYTES = 8L << 20;

    /** How far the resident set may grow before the kit stops the flood, in KiB. */
    private static final long FLOOD_STOP_GROWTH = 256 * 1024;

    /** How long a flood lasts at most. */
    private static final Duration FLOOD_BOUND = Duration.ofSeconds(20);

    /** Writes that take nothing this long end the flood: the server stopped reading for good. */
    private static final Duration GIVE_UP = Duration.ofSeconds(3);

    /** How long the server holds a connection that takes nothing: past the flood, so it is not what ends it. */
    private static final Duration IDLE_TIMEOUT = Duration.ofSeconds(30);

    /** How soon a bystander's {@code /db} must be answered while the flood is held. */
    private static final Duration BYSTANDER_BOUND = Duration.ofSeconds(5);

    /** The pause between one bystander's answer and the next bystander. */
    private static final Duration BYSTANDER_GAP = Duration.ofMillis(200);

    private static final int WARM_UP_REQUESTS = 2_000;
    private static final int WARM_UP_PIPELINE = 50;
    private static final String DB = "/db";
    private static final String GET = "GET " + DB + " HTTP/1.1\r\nHost: localhost\r\n\r\n";

    private static final Executor BYSTANDER_THREADS =
            runnable -> Thread.ofPlatform().daemon().name("db-flood-bystander").start(runnable);

    private TestDatabase database;

    /** The models this module floods. */
    protected abstract Stream<ModelUnderTest> models();

    @BeforeAll
    void startDatabase() throws Exception {
        database = TestDatabase.startOrSkip();
    }

    @AfterAll
    void stopDatabase() throws Exception {
        if (database != null) {
            database.close();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void aClientThatPipelinesDatabaseRequestsAndNeverReadsIsHeldInBoundedMemory(ModelUnderTest model) throws Exception {
        String transport = model.configure().apply(ServerConfig.defaults()).transport();
        List<String> flags = List.of(
                "-Xms256m",
                "-XX:+AlwaysPreTouch",
                "-Xmx1g",
                "-D" + LeakProbe.DATABASE_PROPERTY + "=" + database.settings().jdbcUrl());
        try (ProbeChild child = ProbeChild.start(model.name(), transport, IDLE_TIMEOUT, flags)) {
            int port = Integer.parseInt(child.expect("port")[1]);
            warmUp(port);
            long heapBefore = heapKiB(child);
            long rssBefore = child.rssKiB();
            long[] rssMax = {rssBefore};
            long[] heapFlooded = {-1};
            long[] stoppedAfterNanos = {0};
            List<Bystander> bystanders = new ArrayList<>();
            FloodClient.Outcome flood;
            try (FloodClient client = new FloodClient(port, FloodClient.Reading.NEVER, DB)) {
                long start = System.nanoTime();
                flood = client.run(GIVE_UP.toNanos(), start + FLOOD_BOUND.toNanos(), (now, c) -> {
                    if (child.isAlive()) {
                        rssMax[0] = Math.max(rssMax[0], child.rssKiB());
                    }
                    if (rssMax[0] - rssBefore > FLOOD_STOP_GROWTH || !child.isAlive()) {
                        stoppedAfterNanos[0] = now - start;
                        c.stop();
                        return;
                    }
                    sendBystanderIfDue(bystanders, port, now);
                    // What the server holds for the flood, weighed once it has stalled a while, or half way.
                    if (heapFlooded[0] < 0
                            && (c.stalledForNanos(now) > GIVE_UP.toNanos() / 2
                                    || now - start > FLOOD_BOUND.toNanos() / 2)) {
                        heapFlooded[0] = heapKiB(child);
                    }
                });
            }
            // A flood the server closed before it was weighed: what it still holds of it, weighed at once.
            boolean weighedAfter = heapFlooded[0] < 0 && child.isAlive();
            if (weighedAfter) {
                heapFlooded[0] = heapKiB(child);
            }
            List<String> broken = new ArrayList<>();
            long longestBystanderMillis = bystanders(bystanders, broken);
            long readBound = BackpressureKit.socketBuffersBytes() + READ_SLACK_BYTES;
            long requests = flood.sentBytes() / GET.length();
            if (flood.sentBytes() > readBound) {
                broken.add("the server kept reading: it took " + mib(flood.sentBytes()) + " (" + requests
                        + " requests) in " + millisBetween(flood.startNanos(), flood.endNanos()) + " ms, more than"
                        + " the socket buffers on the way hold (" + mib(readBound) + " with slack)");
            }
            long heapHeld = heapFlooded[0] - heapBefore;
            if (heapFlooded[0] >= 0 && heapHeld > MAX_HEAP_HELD) {
                broken.add("the heap in use after a full collection grew from " + heapBefore / 1024 + " MiB by "
                        + heapHeld / 1024 + " MiB " + (weighedAfter ? "just after the flood" : "while flooded")
                        + ", over " + MAX_HEAP_HELD / 1024 + " MiB");
            }
            long rssGrowth = rssMax[0] - rssBefore;
            if (rssGrowth > MAX_RSS_GROWTH) {
                broken.add("the resident set grew from " + rssBefore / 1024 + " MiB by " + rssGrowth / 1024 + " MiB"
                        + (stoppedAfterNanos[0] > 0
                                ? " in " + TimeUnit.NANOSECONDS.toMillis(stoppedAfterNanos[0])
                                        + " ms, when the kit stopped the flood"
                                : "")
                        + ", over " + MAX_RSS_GROWTH / 1024 + " MiB");
            }
            if (!child.isAlive()) {
                broken.add("the child died; its log:\n" + child.logText());
            }
            String figures = String.format(
                    "took %s of requests (%d GET /db) in %d ms (first stall %s); %s; resident set %d MiB, +%d MiB at"
                            + " most; heap in use after a collection %d MiB before, %s %s; %d bystander(s),"
                            + " the slowest answered in %d ms",
                    mib(flood.sentBytes()),
                    requests,
                    millisBetween(flood.startNanos(), flood.endNanos()),
                    flood.firstStallNanos() == 0
                            ? "none"
                            : millisBetween(flood.startNanos(), flood.firstStallNanos()) + " ms in",
                    stoppedAfterNanos[0] > 0
                            ? "stopped by the kit at " + FLOOD_STOP_GROWTH / 1024 + " MiB of growth"
                            : flood.closed() ? "closed by the server" : "held until the writes stalled for good",
                    rssBefore / 1024,
                    rssGrowth / 1024,
                    heapBefore / 1024,
                    heapFlooded[0] < 0 ? "not weighed" : String.format("%+d MiB", heapHeld / 1024),
                    weighedAfter ? "just after the flood" : "while flooded",
                    bystanders.size(),
                    longestBystanderMillis);
            System.out.println(model + " flooded with GET /db: " + figures);
            if (flood.closed()) {
                // Why the server closed it, where it says: the first lines of its log that name an exception.
                child.logText()
                        .lines()
                        .filter(l -> !l.startsWith("\tat ") && (l.contains("Exception") || l.contains("Error")))
                        .limit(6)
                        .forEach(l -> System.out.println("  the model logged: " + l));
            }
            if (!broken.isEmpty()) {
                throw new AssertionError(model + ": " + String.join("; ", broken) + " (" + figures + ")");
            }
        }
    }

    /** One bystander: when its request went, and when its answer came ({@link System#nanoTime()}). */
    private record Bystander(long sentNanos, CompletableFuture<Long> servedAtNanos) {}

    // One at a time: the next goes BYSTANDER_GAP after the last was answered.
    private static void sendBystanderIfDue(List<Bystander> sent, int port, long now) {
        if (!sent.isEmpty()) {
            CompletableFuture<Long> last = sent.get(sent.size() - 1).servedAtNanos();
            if (!last.isDone() || last.isCompletedExceptionally() || now - last.join() < BYSTANDER_GAP.toNanos()) {
                return;
            }
        }
        sent.add(new Bystander(
                System.nanoTime(), CompletableFuture.supplyAsync(() -> servedAtNanos(port), BYSTANDER_THREADS)));
    }

    /** The slowest bystander's wait in ms; adds to {@code broken} a bystander answered late or not at all. */
    private static long bystanders(List<Bystander> sent, List<String> broken) throws InterruptedException {
        if (sent.isEmpty()) {
            broken.add("no bystander was sent: the flood ended first");
            return -1;
        }
        long longest = 0;
        for (Bystander b : sent) {
            try {
                long servedAt = b.servedAtNanos().get(ProbeChild.ANSWER_BOUND.toMillis(), TimeUnit.MILLISECONDS);
                longest = Math.max(longest, millisBetween(b.sentNanos(), servedAt));
            } catch (ExecutionException | TimeoutException e) {
                Throwable cause = e instanceof ExecutionException ? e.getCause() : e;
                broken.add("a bystander's GET /db got no answer: " + cause);
                return -1;
            }
        }
        if (longest > BYSTANDER_BOUND.toMillis()) {
            broken.add("a bystander's GET /db waited " + longest + " ms for its answer while the flood was held, over "
                    + BYSTANDER_BOUND.toMillis() + " ms");
        }
        return longest;
    }

    // Pipelined /db, read back, so the paths the flood takes are compiled and the pool is open before the baseline.
    private static void warmUp(int port) throws IOException {
        byte[] batch = GET.repeat(WARM_UP_PIPELINE).getBytes(StandardCharsets.US_ASCII);
        try (RawHttpConnection client = new RawHttpConnection(port, (int) ProbeChild.ANSWER_BOUND.toMillis())) {
            for (int sent = 0; sent < WARM_UP_REQUESTS; sent += WARM_UP_PIPELINE) {
                client.send(batch);
                for (int i = 0; i < WARM_UP_PIPELINE; i++) {
                    assertWorldRow(client.read(), "warm-up request " + (sent + i));
                }
            }
        }
    }

    // One GET /db on a new connection; returns when its answer arrived (System.nanoTime()).
    private static long servedAtNanos(int port) {
        try (RawHttpConnection bystander = new RawHttpConnection(port, (int) ProbeChild.ANSWER_BOUND.toMillis())) {
            assertWorldRow(bystander.send(GET).read(), "a bystander");
            return System.nanoTime();
        } catch (IOException e) {
            throw new AssertionError("a bystander was not served: " + e, e);
        }
    }

    private static void assertWorldRow(RawHttpConnection.Response response, String what) {
        assertNotNull(response, what);
        assertEquals(200, response.status(), what + ": " + response.statusLine());
        String body = new String(response.body(), StandardCharsets.UTF_8);
        assertTrue(body.startsWith("{\"id\":") && body.contains("\"randomNumber\":"), what + ": " + body);
    }

    private static long heapKiB(ProbeChild child) throws IOException {
        return Long.parseLong(child.ask("heap", "heap")[1]);
    }

    private static long millisBetween(long fromNanos, long toNanos) {
        return TimeUnit.NANOSECONDS.toMillis(toNanos - fromNanos);
    }

    private static String mib(long bytes) {
        return String.format("%.1f MiB", bytes / 1048576.0);
    }
}
