package io.httpmodels.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Backpressure, as tests: a client that pipelines requests as fast as the socket takes them and never reads its
 * answers (or reads one byte a second) must not be able to take the server's memory. Each model runs alone in a
 * child JVM ({@link ProbeChild}); one {@link FloodClient} floods it, and the kit checks, per model and transport:
 *
 * <ul>
 *   <li>the server stops reading the flooding connection: the client's writes stall for good, having sent no more
 *       than the socket buffers on the way hold ({@link #socketBuffersBytes()}, plus slack), so at most
 *       {@link ServerConfig#maxPendingOutputBytes()} of answers wait in the server;
 *   <li>its resident set ({@code VmRSS} of {@code /proc/<pid>/status}, sampled every 20 ms) grows by at most
 *       {@link #MAX_RSS_GROWTH}, and the heap it keeps (in use after a full collection, sampled once the server has
 *       stopped taking requests) by at most {@link #MAX_HEAP_HELD}. The child's heap is fixed and touched at
 *       start, so its resident set measures the rest: direct buffers, where Netty keeps unsent answers, native
 *       memory and threads; a growing heap would otherwise be taken for the model's;
 *   <li>a bystander on another connection is served during the flood (after it, for a model that serves one
 *       connection at a time) and after it;
 *   <li>the server closes the flooding connection by itself within the idle timeout plus {@link #CLOSE_BOUND} of
 *       the moment it stopped taking requests;
 *   <li>memory comes back: after the close the heap in use is again within {@link #MAX_HEAP_HELD} of where it
 *       was, and the model logged no error (the netty module runs its child with Netty's leak detector at
 *       {@code paranoid}, which tracks every buffer and logs each leaked one as an error).
 * </ul>
 *
 * <p>The idle timeout ({@link #idleTimeout()}) is how long the flooding connection is held, so it sets how long a
 * case takes: half a second here; a module's slow suite overrides it with the length of a real attack. The figures
 * of every case are printed. {@code -Dhttpmodels.backpressure.flags="..."} appends JVM flags to the child's: a
 * growable heap ({@code -Xms64m -Xmx8g -XX:-AlwaysPreTouch}) shows how far an unbounded server grows.
 */
@ExtendWith(DocumentedDeviations.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 10, unit = TimeUnit.MINUTES)
public abstract class BackpressureKit {

    /** The most the server's resident set may grow while flooded, in KiB (64 MiB). */
    protected static final long MAX_RSS_GROWTH = 64 * 1024;

    /** The most heap the flood may keep in use, after a full collection, while flooding and after, in KiB. */
    protected static final long MAX_HEAP_HELD = 16 * 1024;

    /**
     * How late after the idle timeout the flooding connection may be closed, counted from the last request the
     * server took: the blocking models' watchdog checks a few times per timeout, and this is a busy, shared 2-core
     * machine.
     */
    protected static final Duration CLOSE_BOUND = Duration.ofSeconds(3);

    /**
     * How long a flood lasts at most, besides the idle timeout: a server still filling its buffers on a loaded
     * machine (or with every buffer tracked by a leak detector) takes seconds; one that never stops reading is
     * flooded this long and fails.
     */
    private static final Duration FLOOD_BOUND = Duration.ofSeconds(12);

    /** Requests the server may take beyond what the socket buffers hold: answers to fill its own, and slack. */
    private static final long READ_SLACK_BYTES = 8L << 20;

    private static final long BYSTANDER_AFTER_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    private static final Executor BYSTANDER_THREADS = runnable ->
            Thread.ofPlatform().daemon().name("backpressure-bystander").start(runnable);
    // 10,000, not 20,000: under netty's paranoid leak detector 20,000 took 1.4-3 s of a netty case's 3.5-5 s, and
    // the flood itself takes tens of thousands more requests through the same paths. Measured on the shared 2-core
    // VM: the floods' resident set grew by 6-17 MiB after 20,000 and 20-24 MiB after 5,000, against the 64 MiB bound.
    private static final int WARM_UP_REQUESTS = 10_000;
    private static final int WARM_UP_PIPELINE = 100;
    private static final String GET = "GET /plaintext HTTP/1.1\r\nHost: localhost\r\n\r\n";
    private static final byte[] HELLO = "Hello, World!".getBytes(StandardCharsets.US_ASCII);

    /** The models this module checks. */
    protected abstract Stream<ModelUnderTest> models();

    /** Whether {@code model} serves only one connection at a time (so a bystander waits for the flood's end). */
    protected boolean servesOneConnectionAtATime(ModelUnderTest model) {
        return false;
    }

    /** How long each flood is held at the length of a real attack ({@link #atAttackLength()}). */
    protected static final Duration ATTACK_IDLE_TIMEOUT = Duration.ofSeconds(15);

    /**
     * Whether this suite floods at the length of a real attack (the slow set's variant of a module's suite): each
     * flood held for {@link #ATTACK_IDLE_TIMEOUT}, and every model flooded by both clients, whatever
     * {@link #floodedBySlowReader} leaves out of the fast suite. The attack that took a netty server from 95 MiB to
     * 4-5 GB ran 15-20 s.
     */
    protected boolean atAttackLength() {
        return false;
    }

    /** How long the server holds a connection that takes nothing: the length of each flood. */
    protected Duration idleTimeout() {
        return atAttackLength() ? ATTACK_IDLE_TIMEOUT : Duration.ofMillis(500);
    }

    /** JVM flags of the model's child, after the kit's own (the netty module's leak detector level). */
    protected List<String> childJvmFlags() {
        return List.of();
    }

    /**
     * Whether {@code model} is also flooded by the client that reads one byte a second (every model is flooded by
     * the one that never reads): every model by default. A module whose models share the code that stops reading
     * may leave the slow reader to one of them in the kit's short form (not {@link #atAttackLength()}), as long as
     * its attack-length suite floods every model with both.
     */
    protected boolean floodedBySlowReader(ModelUnderTest model) {
        return true;
    }

    private Stream<Arguments> modelsAndClients() {
        List<ModelUnderTest> all = models().toList();
        return Stream.of(FloodClient.Reading.values())
                .flatMap(reading -> all.stream()
                        .filter(model ->
                                reading == FloodClient.Reading.NEVER || atAttackLength() || floodedBySlowReader(model))
                        .map(model -> Arguments.of(model, reading)));
    }

    @ParameterizedTest(name = "{0}, reading {1}")
    @MethodSource("modelsAndClients")
    void aClientThatPipelinesAndDoesNotReadIsHeldInBoundedMemoryAndClosed(
            ModelUnderTest model, FloodClient.Reading reading) throws Exception {
        String transport = model.configure().apply(ServerConfig.defaults()).transport();
        Duration idle = idleTimeout();
        String what = model + " flooded by a client reading " + reading;
        try (ProbeChild child = ProbeChild.start(model.name(), transport, idle, jvmFlags())) {
            int port = Integer.parseInt(child.expect("port")[1]);
            warmUp(port);
            long heapBefore = heapKiB(child);
            long rssBefore = child.rssKiB();
            long[] rssMax = {rssBefore};
            long[] heapFlooded = {-1};
            List<CompletableFuture<Long>> bystanders = new ArrayList<>();
            FloodClient.Outcome flood;
            try (FloodClient client = new FloodClient(port, reading)) {
                long start = System.nanoTime();
                long halfIdle = idle.toNanos() / 2;
                flood = client.run(
                        idle.plus(CLOSE_BOUND).toNanos(),
                        start + FLOOD_BOUND.plus(idle).toNanos(),
                        (now, c) -> {
                            if (child.isAlive()) {
                                rssMax[0] = Math.max(rssMax[0], child.rssKiB());
                            }
                            // The bystander comes once the server has taken nothing for a moment, or a second in.
                            if (bystanders.isEmpty()
                                    && (c.stalledForNanos(now) > BYSTANDER_AFTER_NANOS
                                            || now - start > TimeUnit.SECONDS.toNanos(1))) {
                                bystanders.add(
                                        CompletableFuture.supplyAsync(() -> servedAtNanos(port), BYSTANDER_THREADS));
                            }
                            // What the server holds for the flooding connection, weighed while it holds it.
                            if (heapFlooded[0] < 0
                                    && (c.stalledForNanos(now) > halfIdle || now - start > FLOOD_BOUND.toNanos() / 2)) {
                                heapFlooded[0] = heapKiB(child);
                            }
                        });
            }
            long rssGrowth = rssMax[0] - rssBefore;
            long heapHeld = heapFlooded[0] - heapBefore;
            System.out.printf(
                    "%s: took %s in %d ms (first stall of 250 ms: %s), %s; RSS %d MiB, +%d MiB at most while flooded;"
                            + " heap in use %d MiB before, %d MiB while flooded%n",
                    what,
                    mib(flood.sentBytes()),
                    millisBetween(flood.startNanos(), flood.endNanos()),
                    flood.firstStallNanos() == 0
                            ? "none"
                            : millisBetween(flood.startNanos(), flood.firstStallNanos()) + " ms",
                    flood.closed()
                            ? "closed by the server " + flood.heldMillis() + " ms after it last took requests"
                            : "never closed",
                    rssBefore / 1024,
                    rssGrowth / 1024,
                    heapBefore / 1024,
                    heapFlooded[0] / 1024);

            long readBound = socketBuffersBytes() + READ_SLACK_BYTES;
            assertTrue(
                    flood.sentBytes() <= readBound,
                    what + ": the server kept reading: it took " + mib(flood.sentBytes()) + " of requests in "
                            + millisBetween(flood.startNanos(), flood.endNanos()) + " ms, more than the socket buffers"
                            + " on the way hold (" + mib(readBound) + " with slack; resident set +" + rssGrowth / 1024
                            + " MiB); it must stop reading a connection whose answers are not taken");
            assertTrue(
                    rssGrowth <= MAX_RSS_GROWTH,
                    what + ": the resident set grew from " + rssBefore / 1024 + " MiB by " + rssGrowth / 1024
                            + " MiB, over " + MAX_RSS_GROWTH / 1024 + " MiB");
            assertTrue(
                    heapHeld <= MAX_HEAP_HELD,
                    what + ": the heap in use after a full collection grew from " + heapBefore / 1024 + " MiB by "
                            + heapHeld / 1024 + " MiB while flooded, over " + MAX_HEAP_HELD / 1024 + " MiB");
            assertTrue(
                    flood.closed(),
                    what + ": the server did not close the connection within the idle timeout (" + idle.toMillis()
                            + " ms) plus " + CLOSE_BOUND.toMillis() + " ms of the last request it took");
            assertTrue(
                    flood.heldMillis() <= idle.plus(CLOSE_BOUND).toMillis(),
                    what + ": closed " + flood.heldMillis() + " ms after the last request it took");

            long servedDuring = bystanders.isEmpty() ? 0 : awaitServed(bystanders.get(0), what + ": the bystander");
            assertTrue(servedDuring != 0, what + ": no bystander was started");
            if (!servesOneConnectionAtATime(model)) {
                assertTrue(
                        servedDuring - flood.closedAtNanos() < 0,
                        what + ": the bystander was served only " + millisBetween(flood.closedAtNanos(), servedDuring)
                                + " ms after the flooding connection was closed, not while it was open");
            }
            servedAtNanos(port);
            // After a collection, a leak detector reports what it found on the next allocations: serve a few more.
            long heapAfter = heapKiB(child);
            servedAtNanos(port);
            servedAtNanos(port);
            heapAfter = Math.max(heapAfter, heapKiB(child));
            assertTrue(
                    heapAfter - heapBefore <= MAX_HEAP_HELD,
                    what + ": " + (heapAfter - heapBefore) / 1024 + " MiB more heap in use after the close than before"
                            + " the flood");
            String errors = child.logText()
                    .lines()
                    .filter(line -> line.contains(" ERROR ") || line.contains("LEAK:"))
                    .limit(20)
                    .collect(Collectors.joining("\n"));
            assertEquals("", errors, what + ": the model logged errors");
            assertTrue(child.isAlive(), what + ": the child died; its log:\n" + child.logText());
        }
    }

    private List<String> jvmFlags() {
        // The heap committed and touched at start (the probe's flags cap it at 256 MiB): the resident set then
        // grows only by what lives outside it, and a heap that grows on garbage is not taken for the model's.
        List<String> flags = new ArrayList<>(List.of("-Xms256m", "-XX:+AlwaysPreTouch"));
        flags.addAll(childJvmFlags());
        String extra = System.getProperty("httpmodels.backpressure.flags", "").strip();
        if (!extra.isEmpty()) {
            flags.addAll(Arrays.asList(extra.split("\\s+")));
        }
        return flags;
    }

    private static long heapKiB(ProbeChild child) throws IOException {
        return Long.parseLong(child.ask("heap", "heap")[1]);
    }

    /**
     * What the socket buffers between the flooding client and the server can hold at most, in bytes: the client's
     * send buffer and the server's receive buffer at the kernel's largest ({@code tcp_wmem} and {@code tcp_rmem}).
     */
    static long socketBuffersBytes() throws IOException {
        return largest("/proc/sys/net/ipv4/tcp_wmem") + largest("/proc/sys/net/ipv4/tcp_rmem");
    }

    // Read by lines: on some kernels a procfs file read whole (Files.readString) comes back cut after its first byte.
    private static long largest(String sysctl) throws IOException {
        String[] values = Files.readAllLines(Path.of(sysctl)).get(0).strip().split("\\s+");
        return Long.parseLong(values[values.length - 1]);
    }

    // A well-behaved pipelining client, so the paths the flood takes are compiled before the baseline; it closes
    // its connection, so a model that serves one at a time is free for the flood.
    private static void warmUp(int port) throws IOException {
        byte[] batch = GET.repeat(WARM_UP_PIPELINE).getBytes(StandardCharsets.US_ASCII);
        try (RawHttpConnection client = new RawHttpConnection(port)) {
            for (int sent = 0; sent < WARM_UP_REQUESTS; sent += WARM_UP_PIPELINE) {
                client.send(batch);
                for (int i = 0; i < WARM_UP_PIPELINE; i++) {
                    assertHello(client.read(), "warm-up request " + (sent + i));
                }
            }
        }
    }

    // One request on a new connection; returns when its answer arrived (System.nanoTime()).
    private long servedAtNanos(int port) {
        // Long enough for a model that serves one connection at a time to be done with the flood.
        int readTimeoutMillis =
                (int) FLOOD_BOUND.plus(idleTimeout()).plus(CLOSE_BOUND).toMillis();
        try (RawHttpConnection bystander = new RawHttpConnection(port, readTimeoutMillis)) {
            assertHello(bystander.send(GET).read(), "a bystander");
            return System.nanoTime();
        } catch (IOException e) {
            throw new AssertionError("a bystander was not served: " + e, e);
        }
    }

    private static long awaitServed(CompletableFuture<Long> bystander, String what) throws InterruptedException {
        try {
            return bystander.get(ProbeChild.ANSWER_BOUND.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new AssertionError(what + " was not served", e.getCause());
        } catch (TimeoutException e) {
            throw new AssertionError(what + " was not served within " + ProbeChild.ANSWER_BOUND, e);
        }
    }

    private static void assertHello(RawHttpConnection.Response response, String what) {
        assertNotNull(response, what);
        assertEquals(200, response.status(), what + ": " + response.statusLine());
        assertArrayEquals(HELLO, response.body(), what);
    }

    private static long millisBetween(long fromNanos, long toNanos) {
        return TimeUnit.NANOSECONDS.toMillis(toNanos - fromNanos);
    }

    private static String mib(long bytes) {
        return String.format("%.1f MiB", bytes / 1048576.0);
    }
}
