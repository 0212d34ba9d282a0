package io.httpmodels.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import org.junit.jupiter.api.Tag;
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
 *       {@link ServerConfig.Limits#maxPendingOutputBytes()} of answers wait in the server;
 *   <li>its resident set ({@code VmRSS} of {@code /proc/<pid>/status}, sampled every 20 ms) grows by at most
 *       {@link #MAX_RSS_GROWTH}, and the heap it keeps (in use after a full collection, sampled once the server has
 *       stopped taking requests) by at most {@link #MAX_HEAP_HELD}. The child's heap starts at 256 MiB, touched at
 *       start, so its resident set measures the rest (direct buffers, where Netty keeps unsent answers, native
 *       memory and threads) and a heap that must grow past it to hold what the model keeps, not a heap growing on
 *       garbage. A server that keeps reading is flooded only until its resident set has grown by
 *       {@link #FLOOD_STOP_GROWTH}: the kit then stops the flood and records the growth and how fast it came;
 *   <li>bystanders, one at a time on other connections from the flood's start to its end, are each answered within
 *       {@link #BYSTANDER_BOUND} and before the flood ends (after it, for a model that serves one connection at a
 *       time), and one is after it;
 *   <li>the server closes the flooding connection by itself within the idle timeout plus {@link #CLOSE_BOUND} of
 *       the moment it stopped taking requests;
 *   <li>memory comes back: after the close the heap in use is again within {@link #MAX_HEAP_HELD} of where it
 *       was, and the model logged no error (the netty module runs its child with Netty's leak detector at
 *       {@code paranoid}, which tracks every buffer and logs each leaked one as an error).
 * </ul>
 *
 * <p>Every check is made and every one a model breaks is named in one failure, with the case's figures (also in its
 * record, {@link CaseFigures}): a server that never closes the flood is still seen to starve a bystander.
 *
 * <p>The idle timeout ({@link #idleTimeout()}) is how long the flooding connection is held, so it sets how long a
 * case takes: half a second here; a module's slow suite overrides it with the length of a real attack. The figures
 * of every case are printed. {@code -Dhttpmodels.backpressure.flags="..."} appends JVM flags to the child's.
 */
@ExtendWith(DocumentedDeviations.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 10, unit = TimeUnit.MINUTES)
@Tag("bounds")
public abstract class BackpressureKit implements KitCoverage {

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

    /**
     * How far the resident set may grow before the kit stops the flood, in KiB (256 MiB): four times
     * {@link #MAX_RSS_GROWTH}, so a server that keeps what it is sent shows it past any doubt (t-io grew by gigabytes
     * when nothing stopped the flood), and its child stays far below what would threaten a shared machine.
     */
    protected static final long FLOOD_STOP_GROWTH = 256 * 1024;

    /**
     * The child's largest heap: the 256 MiB the kit touches at start, and room for a model that holds what it is sent
     * on its heap to grow its resident set past {@link #FLOOD_STOP_GROWTH} with the collector still keeping up (at
     * 512 MiB of growth under this ceiling, t-io spent its time collecting and starved its other clients).
     */
    private static final String CHILD_MAX_HEAP = "-Xmx1g";

    /** How soon a bystander must be answered while the flood is open. */
    private static final Duration BYSTANDER_BOUND = Duration.ofSeconds(5);

    /** How long a bystander is given before the flood's end for its answer to count as due during the flood. */
    private static final Duration BYSTANDER_GRACE = Duration.ofSeconds(1);

    /** The pause between one bystander's answer and the next bystander. */
    private static final Duration BYSTANDER_GAP = Duration.ofMillis(200);

    /** Requests the server may take beyond what the socket buffers hold: answers to fill its own, and slack. */
    private static final long READ_SLACK_BYTES = 8L << 20;

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
        try (ProbeChild child = ProbeChild.start(model.name(), transport, idle, jvmFlags(), childClassPath())) {
            int port = Integer.parseInt(child.expect("port")[1]);
            warmUp(port);
            long heapBefore = heapKiB(child);
            long rssBefore = child.rssKiB();
            FloodWatch watch = new FloodWatch(rssBefore, port);
            FloodClient.Outcome flood;
            long floodEndNanos;
            try (FloodClient client = new FloodClient(port, reading)) {
                long start = System.nanoTime();
                long halfIdle = idle.toNanos() / 2;
                flood = client.run(
                        idle.plus(CLOSE_BOUND).toNanos(),
                        start + FLOOD_BOUND.plus(idle).toNanos(),
                        (now, c) -> {
                            if (child.isAlive()) {
                                watch.rssMaxKiB = Math.max(watch.rssMaxKiB, child.rssKiB());
                            }
                            // Enough seen, and no more: the server's memory is past any doubt.
                            if (watch.rssMaxKiB - rssBefore > FLOOD_STOP_GROWTH || !child.isAlive()) {
                                watch.stoppedAfterNanos = now - start;
                                c.stop();
                                return;
                            }
                            // Bystanders, one at a time from the flood's first tick to its end: a server may close
                            // the flood within a tick or two of the client's seeing it stop taking requests (its
                            // idle timer runs from its own last read, earlier than the socket buffers fill).
                            watch.bystanders.sendIfDue(now);
                            // What the server holds for the flooding connection, weighed while it holds it.
                            if (watch.heapFloodedKiB < 0
                                    && (c.stalledForNanos(now) > halfIdle || now - start > FLOOD_BOUND.toNanos() / 2)) {
                                watch.heapFloodedKiB = heapKiB(child);
                            }
                        });
                floodEndNanos = flood.closed() ? flood.closedAtNanos() : System.nanoTime();
            }
            List<String> broken = new ArrayList<>();
            String bystander = watch.bystanders.outcome(floodEndNanos, servesOneConnectionAtATime(model), broken);
            long rssGrowth = watch.rssMaxKiB - rssBefore;
            long readBound = socketBuffersBytes() + READ_SLACK_BYTES;
            if (flood.sentBytes() > readBound) {
                broken.add("the server kept reading: it took " + mib(flood.sentBytes()) + " of requests in "
                        + millisBetween(flood.startNanos(), flood.endNanos()) + " ms, more than the socket buffers on"
                        + " the way hold (" + mib(readBound) + " with slack); it must stop reading a connection whose"
                        + " answers are not taken");
            }
            if (rssGrowth > MAX_RSS_GROWTH) {
                broken.add("the resident set grew from " + rssBefore / 1024 + " MiB by " + rssGrowth / 1024 + " MiB"
                        + (watch.stoppedAfterNanos > 0
                                ? " in " + TimeUnit.NANOSECONDS.toMillis(watch.stoppedAfterNanos)
                                        + " ms, when the kit stopped the flood (at " + FLOOD_STOP_GROWTH / 1024
                                        + " MiB of growth)"
                                : "")
                        + ", over " + MAX_RSS_GROWTH / 1024 + " MiB");
            }
            long heapHeld = watch.heapFloodedKiB - heapBefore;
            if (watch.heapFloodedKiB >= 0 && heapHeld > MAX_HEAP_HELD) {
                broken.add("the heap in use after a full collection grew from " + heapBefore / 1024 + " MiB by "
                        + heapHeld / 1024 + " MiB while flooded, over " + MAX_HEAP_HELD / 1024 + " MiB");
            }
            if (watch.stoppedAfterNanos == 0) { // a flood stopped by the kit shows nothing of the close
                if (!flood.closed()) {
                    broken.add("the server did not close the connection within the idle timeout (" + idle.toMillis()
                            + " ms) plus " + CLOSE_BOUND.toMillis() + " ms of the last request it took");
                } else if (flood.heldMillis() > idle.plus(CLOSE_BOUND).toMillis()) {
                    broken.add("closed " + flood.heldMillis() + " ms after the last request it took");
                }
            }
            long heapAfter = -1;
            if (child.isAlive()) {
                servedAtNanos(port);
                // After a collection, a leak detector reports what it found on the next allocations: serve a few.
                heapAfter = heapKiB(child);
                servedAtNanos(port);
                servedAtNanos(port);
                heapAfter = Math.max(heapAfter, heapKiB(child));
                if (heapAfter - heapBefore > MAX_HEAP_HELD) {
                    broken.add((heapAfter - heapBefore) / 1024 + " MiB more heap in use after the close than before"
                            + " the flood");
                }
            } else {
                broken.add("the child died; its log:\n" + child.logText());
            }
            String errors = child.logText()
                    .lines()
                    .filter(line ->
                            line.contains(" ERROR ") || line.contains("LEAK:") || line.contains("OutOfMemoryError"))
                    .limit(20)
                    .collect(Collectors.joining("\n"));
            if (!errors.isEmpty()) {
                broken.add("the model logged errors:\n" + errors);
            }
            String figures = String.format(
                    "took %s of requests in %d ms (first stall of %d ms: %s); %s; resident set %d MiB, +%d MiB at"
                            + " most%s; heap in use after a collection %d MiB before, %s while flooded, %s after; %s",
                    mib(flood.sentBytes()),
                    millisBetween(flood.startNanos(), flood.endNanos()),
                    FloodClient.STALL_MILLIS,
                    flood.firstStallNanos() == 0
                            ? "none"
                            : millisBetween(flood.startNanos(), flood.firstStallNanos()) + " ms in",
                    watch.stoppedAfterNanos > 0
                            ? "stopped by the kit at " + FLOOD_STOP_GROWTH / 1024 + " MiB of growth"
                            : flood.closed()
                                    ? "closed by the server " + flood.heldMillis() + " ms after it last took requests"
                                    : "never closed",
                    rssBefore / 1024,
                    rssGrowth / 1024,
                    watch.stoppedAfterNanos > 0 || rssGrowth > MAX_RSS_GROWTH
                            ? String.format(
                                    " (%d MiB/s)",
                                    rssGrowth
                                            * 1000
                                            / 1024
                                            / Math.max(1, millisBetween(flood.startNanos(), flood.endNanos())))
                            : "",
                    heapBefore / 1024,
                    watch.heapFloodedKiB < 0 ? "not weighed" : signedMib(heapHeld),
                    heapAfter < 0 ? "not weighed" : signedMib(heapAfter - heapBefore),
                    bystander);
            System.out.println(what + ": " + figures);
            CaseFigures.record(figures);
            if (!broken.isEmpty()) {
                throw new AssertionError(what + ": " + String.join("; ", broken) + " (" + figures + ")");
            }
        }
    }

    /** What one flood saw, sampled on its ticks: written on the test thread only. */
    private final class FloodWatch {
        long rssMaxKiB;
        long heapFloodedKiB = -1;
        /** How far into the flood the kit stopped it at {@link #FLOOD_STOP_GROWTH}; 0 if it did not. */
        long stoppedAfterNanos;

        final Bystanders bystanders;

        FloodWatch(long rssKiB, int port) {
            this.rssMaxKiB = rssKiB;
            this.bystanders = new Bystanders(port);
        }
    }

    /** One bystander: when its request went, and when its answer came ({@link System#nanoTime()}). */
    private record Bystander(long sentNanos, CompletableFuture<Long> servedAtNanos) {}

    /**
     * Clients on other connections while the flood is held, one at a time, each a new connection with one request:
     * the next goes {@link #BYSTANDER_GAP} after the last was answered, so a server that stops serving others at
     * any point of the hold (the JDK's dispatcher, once its write to the flood blocks) leaves one waiting.
     */
    private final class Bystanders {
        private final int port;
        private final List<Bystander> sent = new ArrayList<>();

        Bystanders(int port) {
            this.port = port;
        }

        boolean started() {
            return !sent.isEmpty();
        }

        void sendIfDue(long now) {
            if (!sent.isEmpty()) {
                CompletableFuture<Long> last = sent.get(sent.size() - 1).servedAtNanos();
                if (!last.isDone() || last.isCompletedExceptionally() || now - last.join() < BYSTANDER_GAP.toNanos()) {
                    return;
                }
            }
            sent.add(new Bystander(
                    System.nanoTime(), CompletableFuture.supplyAsync(() -> servedAtNanos(port), BYSTANDER_THREADS)));
        }

        /**
         * What became of the bystanders, in words: each answered while the flood was open (before
         * {@code floodEndNanos}) and within {@link #BYSTANDER_BOUND}, as every model that serves connections side by
         * side must, or only after the flood, as a model that serves one at a time may. One sent too late for an
         * answer before the flood's end ({@link #BYSTANDER_GRACE}) is not held against it. Adds to {@code broken}
         * what they saw broken.
         */
        String outcome(long floodEndNanos, boolean oneAtATime, List<String> broken) throws InterruptedException {
            if (sent.isEmpty()) {
                broken.add("no bystander was sent: the flood ended first");
                return "no bystander";
            }
            long longestMillis = 0;
            for (Bystander b : sent) {
                long servedAt;
                try {
                    servedAt = b.servedAtNanos().get(ProbeChild.ANSWER_BOUND.toMillis(), TimeUnit.MILLISECONDS);
                } catch (ExecutionException | TimeoutException e) {
                    Throwable cause = e instanceof ExecutionException ? e.getCause() : e;
                    broken.add("a bystander got no answer, during the flood or " + ProbeChild.ANSWER_BOUND.toSeconds()
                            + " s after it: " + cause);
                    return "a bystander never answered";
                }
                long waitedMillis = millisBetween(b.sentNanos(), servedAt);
                long openMillis = millisBetween(b.sentNanos(), floodEndNanos);
                boolean during = servedAt - floodEndNanos < 0;
                if (oneAtATime) {
                    return "a bystander answered in " + waitedMillis + " ms, " + (during ? "during" : "after")
                            + " the flood";
                }
                boolean starved = !during && openMillis >= BYSTANDER_GRACE.toMillis();
                if (starved || waitedMillis > BYSTANDER_BOUND.toMillis()) {
                    broken.add("serves nobody else meanwhile: a bystander sent while the flood was held got no answer"
                            + " in the " + Math.min(openMillis, waitedMillis) + " ms the flood lasted after it, only "
                            + waitedMillis + " ms after it was sent" + (during ? "" : ", once the flood had gone"));
                    return "bystander " + sent.size() + " answered only after " + waitedMillis + " ms, "
                            + (during ? "during" : "after") + " the flood";
                }
                longestMillis = Math.max(longestMillis, waitedMillis);
            }
            return sent.size() + " bystander(s) answered while the flood was open, in " + longestMillis + " ms at most";
        }
    }

    /** What goes before the child's class path: the kit's self-test registers its own models there. */
    List<Path> childClassPath() {
        return List.of();
    }

    private List<String> jvmFlags() {
        // The heap committed and touched at start: the resident set then grows only by what lives outside it, or
        // by a heap that must grow past it to hold what the model keeps; a heap that grows on garbage is not taken
        // for the model's. Its ceiling leaves room to the flood's stop, so such a model grows rather than failing
        // with OutOfMemoryError first, and stays far below what would threaten the machine.
        List<String> flags = new ArrayList<>(childHeapFlags());
        flags.addAll(childJvmFlags());
        String extra = System.getProperty("httpmodels.backpressure.flags", "").strip();
        if (!extra.isEmpty()) {
            flags.addAll(Arrays.asList(extra.split("\\s+")));
        }
        return flags;
    }

    /**
     * The child's heap flags: 256 MiB committed and touched at start, so its resident set grows only by what lives
     * outside the heap or by a heap that must grow past it ({@link Http2AttackKit} measures its children so too).
     */
    static List<String> childHeapFlags() {
        return List.of("-Xms256m", "-XX:+AlwaysPreTouch", CHILD_MAX_HEAP);
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

    private static void assertHello(RawHttpConnection.Response response, String what) {
        assertNotNull(response, what);
        assertEquals(200, response.status(), what + ": " + response.statusLine());
        assertArrayEquals(HELLO, response.body(), what);
    }

    private static long millisBetween(long fromNanos, long toNanos) {
        return TimeUnit.NANOSECONDS.toMillis(toNanos - fromNanos);
    }

    private static String signedMib(long kib) {
        return String.format("%+d MiB", kib / 1024);
    }

    private static String mib(long bytes) {
        return String.format("%.1f MiB", bytes / 1048576.0);
    }
}
