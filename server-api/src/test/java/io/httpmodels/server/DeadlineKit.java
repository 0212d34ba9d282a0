package io.httpmodels.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The request deadlines every model keeps ({@link ServerConfig.Timeouts#header()},
 * {@link ServerConfig.Timeouts#body()}), on real loopback sockets. A module runs it for its models as it runs the
 * {@link ConformanceKit}: extend, list the models.
 *
 * <p>A trickling client here sends one byte every {@value #TRICKLE_MILLIS} ms: it never goes silent for the idle
 * timeout, so only a deadline can cut it. Each test asserts both sides: cut no earlier than its deadline, and no
 * later than the deadline plus {@link #BOUND}, with 408 and a close; a client slower than any single read but
 * within the deadline is served; the time between keep-alive requests is the idle timeout's, not a deadline's.
 * Pacing a client is the client's behaviour, so it waits in bounded reads, never in a sleep.
 *
 * <p>The kit's tests run concurrently with each other (never beside another class's): each has a server of its
 * own and spends its time waiting for a deadline, which takes no CPU, so the bounds hold as they do alone. Its
 * bound, {@link #BOUND} past a deadline, holds beside other modules' tests too ({@code mvn verify} runs the
 * hand-written models' kits three modules at a time), so it is not tagged {@code bounds}: the slow set's
 * frameworks' deadline kits run with the other slow tests, two modules at a time.
 */
@ExtendWith(DocumentedDeviations.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
public abstract class DeadlineKit implements KitCoverage {

    /** The kit's head and body deadlines: short, so a test takes about a second. */
    protected static final Duration DEADLINE = Duration.ofMillis(600);

    /** The idle timeout in the kit: far longer than a deadline, so a cut at the deadline cannot be the idle one. */
    protected static final Duration IDLE = Duration.ofSeconds(10);

    /**
     * How late after its deadline a cut may come: timer granularity and a busy, shared machine (a 2-core machine at
     * a load average of 26 once took 2.1 s in all for a 0.6 s deadline). Still far below {@link #IDLE}.
     */
    protected static final Duration BOUND = Duration.ofSeconds(3);

    private static final long TRICKLE_MILLIS = 100;
    private static final String HELLO = "Hello, World!";

    /** The models this module runs the kit for. */
    protected abstract Stream<ModelUnderTest> models();

    private static ServerConfig config() {
        return ServerConfig.defaults()
                .withIdleTimeout(IDLE)
                .withHeaderTimeout(DEADLINE)
                .withBodyTimeout(DEADLINE);
    }

    private static RunningServer start(ModelUnderTest model, ServerConfig config) throws IOException {
        return model.model().start(model.configure().apply(config));
    }

    private static String get(String target) {
        return "GET " + target + " HTTP/1.1\r\nHost: localhost\r\n\r\n";
    }

    // ---------------------------------------------------------------- cut at the deadline

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    @Execution(ExecutionMode.CONCURRENT)
    void aClientTricklingItsHeadIsCutAtTheHeadDeadlineWith408(ModelUnderTest model) throws IOException {
        try (RunningServer server = start(model, config())) {
            Cut cut = trickle(server.port(), "GET /plaintext HTTP/1.1\r\nHost: localhost\r\n", "X-Slow: 1\r\n");
            cut.assertAnswered408WithinTheDeadline();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    @Execution(ExecutionMode.CONCURRENT)
    void aClientTricklingItsBodyIsCutAtTheBodyDeadlineWith408(ModelUnderTest model) throws IOException {
        try (RunningServer server = start(model, config())) {
            Cut cut = trickle(
                    server.port(), "POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1000\r\n\r\n", "a");
            cut.assertAnswered408WithinTheDeadline();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    @Execution(ExecutionMode.CONCURRENT)
    void aChunkedBodyTrickledChunkByChunkIsCutAtTheBodyDeadline(ModelUnderTest model) throws IOException {
        try (RunningServer server = start(model, config())) {
            Cut cut = trickle(
                    server.port(),
                    "POST /echo HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n",
                    "1\r\na\r\n");
            cut.assertAnswered408WithinTheDeadline();
        }
    }

    /**
     * A request may be answered before its body is read (netty refuses a target with no route at once; the blocking
     * models read the body first): one answer only, then the close at the body deadline, never a 408 after a 404.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    @Execution(ExecutionMode.CONCURRENT)
    void aBodyTrickledToAnUnknownTargetGetsOneAnswerAndTheClose(ModelUnderTest model) throws IOException {
        try (RunningServer server = start(model, config())) {
            Cut cut = trickle(
                    server.port(), "POST /nowhere HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1000\r\n\r\n", "a");
            assertEquals(1, cut.received.split("HTTP/1\\.1 ", -1).length - 1, cut.received);
            assertTrue(
                    cut.received.startsWith("HTTP/1.1 404 ") || cut.received.startsWith("HTTP/1.1 408 "), cut.received);
            assertTrue(cut.closedMillis >= 0, "closed");
            assertCutInTime(cut.closedMillis);
        }
    }

    /** The answers already due leave first; then the request still trickling is cut. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    @Execution(ExecutionMode.CONCURRENT)
    void aPipelinedRequestIsAnsweredBeforeTheTricklingOneIsCut(ModelUnderTest model) throws IOException {
        try (RunningServer server = start(model, config())) {
            Cut cut =
                    trickle(server.port(), get("/plaintext") + "GET /json HTTP/1.1\r\nHost: localhost\r\n", "X: 1\r\n");
            assertTrue(cut.received.startsWith("HTTP/1.1 200 OK\r\n"), cut.received);
            assertTrue(cut.received.contains(HELLO + "HTTP/1.1 408 Request Timeout\r\n"), cut.received);
            assertTrue(cut.closedMillis >= 0, "closed");
            assertCutInTime(cut.closedMillis);
        }
    }

    // ---------------------------------------------------------------- not cut

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    @Execution(ExecutionMode.CONCURRENT)
    void aSlowClientWithinTheDeadlinesIsServed(ModelUnderTest model) throws IOException {
        // Deadlines with room to spare for a busy machine; the pauses still put each piece in a read of its own.
        Duration roomy = DEADLINE.multipliedBy(4);
        try (RunningServer server =
                        start(model, config().withHeaderTimeout(roomy).withBodyTimeout(roomy));
                RawHttpConnection client = new RawHttpConnection(server.port())) {
            long gap = DEADLINE.toMillis() / 8;
            sendInPieces(client, List.of("GET /plain", "text HTTP/1.1\r\nHo", "st: localhost\r\n", "\r\n"), gap);
            assertEquals(HELLO, client.read().bodyText());
            sendInPieces(
                    client,
                    List.of("POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Length: 6\r\n\r\n", "ab", "cd", "ef"),
                    gap);
            RawHttpConnection.Response echoed = client.read();
            assertEquals(200, echoed.status(), echoed.statusLine());
            assertTrue(echoed.bodyText().endsWith("\r\n\r\nabcdef"), echoed.bodyText());
        }
    }

    /**
     * A deadline times one request, never the connection: a keep-alive client may pause between requests for
     * longer than any deadline (up to the idle timeout), and many requests, each on time, may take longer together.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    @Execution(ExecutionMode.CONCURRENT)
    void keepAliveIdlingIsTimedByTheIdleTimeoutAlone(ModelUnderTest model) throws IOException {
        Duration idle = DEADLINE.multipliedBy(4);
        try (RunningServer server = start(model, config().withIdleTimeout(idle));
                RawHttpConnection client = new RawHttpConnection(server.port())) {
            long start = System.nanoTime();
            while (System.nanoTime() - start < DEADLINE.toNanos() * 2) {
                assertEquals(HELLO, client.send(get("/plaintext")).read().bodyText());
            }
            // Silent for twice the deadline: no answer, no close (a bounded read that must time out).
            assertNoAnswerFor(client, DEADLINE.multipliedBy(2));
            assertEquals(HELLO, client.send(get("/plaintext")).read().bodyText(), "still open after the pause");
            long silentFrom = System.nanoTime();
            assertTrue(client.closedByServer(), "closed at the idle timeout");
            long closedAfter = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - silentFrom);
            // Well past the deadline: the idle timeout's close (it started at the server's last write, a little
            // before the client's silence did).
            assertTrue(
                    closedAfter >= idle.minus(DEADLINE).toMillis(), "closed after " + closedAfter + " ms of silence");
        }
    }

    /** The deadline bounds how long one trickler can hold a model: every other client is served, at worst after it. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    @Execution(ExecutionMode.CONCURRENT)
    void aTricklerHoldsNoModelPastItsDeadline(ModelUnderTest model) throws Exception {
        try (RunningServer server = start(model, config().withWorkerThreads(1))) {
            CompletableFuture<Void> started = new CompletableFuture<>();
            // The trickler gets a thread of its own: the common pool may have one thread, which the kit's tests,
            // running concurrently, would otherwise take in turns.
            CompletableFuture<Cut> trickler = CompletableFuture.supplyAsync(
                    () -> {
                        try {
                            return trickle(server.port(), "GET /plaintext HTTP/1.1\r\n", "X-Slow: 1\r\n", started);
                        } catch (IOException e) {
                            throw new IllegalStateException(e);
                        }
                    },
                    Thread.ofPlatform().name("trickler")::start);
            started.get(10, TimeUnit.SECONDS);
            // A single thread, or a pool of one, is held until the deadline frees it; the others serve at once.
            try (RawHttpConnection client = new RawHttpConnection(server.port())) {
                long start = System.nanoTime();
                assertEquals(HELLO, client.send(get("/plaintext")).read().bodyText());
                assertCutInTime(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
            }
            trickler.get(30, TimeUnit.SECONDS).assertAnswered408WithinTheDeadline();
        }
    }

    // ---------------------------------------------------------------- the clients

    /** What a trickling client saw: every byte the server sent, and when (ms from its first byte) 408 came and it closed. */
    private record Cut(String received, long answeredMillis, long closedMillis) {

        void assertAnswered408WithinTheDeadline() {
            assertTrue(received.startsWith("HTTP/1.1 408 Request Timeout\r\n"), received);
            assertTrue(received.toLowerCase(Locale.ROOT).contains("\r\nconnection: close\r\n"), received);
            assertTrue(closedMillis >= 0, "the server must close after the 408: " + received);
            assertTrue(
                    answeredMillis >= DEADLINE.toMillis() - 20,
                    "cut after " + answeredMillis + " ms, before the " + DEADLINE.toMillis() + " ms deadline");
            assertCutInTime(closedMillis);
        }
    }

    private static void assertCutInTime(long millis) {
        long latest = DEADLINE.plus(BOUND).toMillis();
        assertTrue(millis <= latest, "took " + millis + " ms, more than the deadline plus " + BOUND.toMillis() + " ms");
    }

    /**
     * Sends {@code prefix} at once, then {@code unit} repeated a byte at a time, one byte every
     * {@value #TRICKLE_MILLIS} ms, until the server answers 408 (earlier answers do not stop it); then reads until
     * the server closes. Bounded: at most 20 s.
     */
    private static Cut trickle(int port, String prefix, String unit) throws IOException {
        return trickle(port, prefix, unit, new CompletableFuture<>());
    }

    /** As above; {@code started} completes once the prefix is sent. */
    private static Cut trickle(int port, String prefix, String unit, CompletableFuture<Void> started)
            throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 5_000);
            socket.setTcpNoDelay(true);
            socket.setSoTimeout((int) TRICKLE_MILLIS);
            OutputStream out = socket.getOutputStream();
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream received = new ByteArrayOutputStream();
            byte[] trickled = unit.repeat(1000).getBytes(StandardCharsets.ISO_8859_1);
            byte[] buffer = new byte[4096];
            long start = System.nanoTime();
            long answered = -1;
            long closed = -1;
            int next = 0;
            out.write(prefix.getBytes(StandardCharsets.ISO_8859_1));
            started.complete(null);
            while (System.nanoTime() - start < TimeUnit.SECONDS.toNanos(20)) {
                try {
                    int n = in.read(buffer);
                    if (n < 0) {
                        closed = System.nanoTime();
                        break;
                    }
                    received.write(buffer, 0, n);
                    if (answered < 0
                            && received.toString(StandardCharsets.ISO_8859_1).contains(" 408 ")) {
                        answered = System.nanoTime();
                    }
                } catch (SocketTimeoutException e) {
                    if (answered < 0 && next < trickled.length) {
                        try {
                            out.write(trickled[next++]);
                        } catch (IOException gone) {
                            // the server closed its side; what it sent is still to be read
                        }
                    }
                } catch (SocketException reset) {
                    closed = System.nanoTime();
                    break;
                }
            }
            return new Cut(
                    received.toString(StandardCharsets.ISO_8859_1),
                    millisSince(start, answered),
                    millisSince(start, closed));
        }
    }

    private static long millisSince(long start, long at) {
        return at < 0 ? -1 : TimeUnit.NANOSECONDS.toMillis(at - start);
    }

    /** Sends each piece in its own write, waiting {@code gapMillis} after each but the last in a read that must time out. */
    private static void sendInPieces(RawHttpConnection client, List<String> pieces, long gapMillis) throws IOException {
        for (int i = 0; i < pieces.size(); i++) {
            client.send(pieces.get(i));
            if (i < pieces.size() - 1) {
                assertNoAnswerFor(client, Duration.ofMillis(gapMillis));
            }
        }
    }

    // A bounded read that must time out: the server neither answers nor closes meanwhile.
    private static void assertNoAnswerFor(RawHttpConnection client, Duration wait) throws IOException {
        Socket socket = client.socket();
        int before = socket.getSoTimeout();
        socket.setSoTimeout((int) wait.toMillis());
        try {
            int b = socket.getInputStream().read();
            throw new AssertionError(b < 0 ? "closed by the server" : "the server sent something early");
        } catch (SocketTimeoutException expected) {
            // neither an answer nor a close
        } finally {
            socket.setSoTimeout(before);
        }
    }
}
