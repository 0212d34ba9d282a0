package io.httpmodels.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Hostile clients against every model, as tests: malformed and ambiguous requests, requests split at every byte,
 * resets in the middle of a request and of a response, and clients that send and never read. Each hostile
 * connection gets its answer (a 4xx, or a close where the case allows one), and a well-behaved client on
 * another connection is served while the hostile one is still open and again afterwards. A module runs it by
 * extending this class, as it does {@link ConformanceKit}:
 *
 * <pre>{@code
 * class BioHostileClientTest extends HostileClientKit {
 *     @Override
 *     protected Stream<ModelUnderTest> models() {
 *         return Stream.of(ModelUnderTest.named("single-thread"), ModelUnderTest.named("fixed-pool"));
 *     }
 * }
 * }</pre>
 *
 * <p>"While the hostile one is open": a model that serves one connection at a time (see
 * {@link #servesOneConnectionAtATime}) cannot answer anyone else until the hostile connection ends, so for it the
 * well-behaved client is connected and has sent its request while the hostile connection is open, and is read
 * after that one has ended; every other model must answer it first. Every wait is bounded: socket read timeouts
 * of {@link RawHttpConnection#READ_TIMEOUT_MILLIS}, a short idle timeout, and the class's {@link Timeout}.
 */
@ExtendWith(DocumentedDeviations.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
public abstract class HostileClientKit implements KitCoverage {

    /** The kit's limits: small, so that the cases that cross them stay small. */
    protected static final int MAX_HEADER_BYTES = 4096;

    protected static final int MAX_BODY_BYTES = 64 * 1024;

    /**
     * Short, because the idle timeout is how long a one-connection-at-a-time model holds a kept-alive hostile
     * connection, and how long a blocking write to a client that never reads may last.
     */
    protected static final Duration IDLE_TIMEOUT = Duration.ofMillis(500);

    /** Two workers: the fixed pool is exhausted by two stalled clients. */
    protected static final int WORKER_THREADS = 2;

    private static final String HELLO = "Hello, World!";

    /** The models this module runs the kit for. */
    protected abstract Stream<ModelUnderTest> models();

    /** Whether {@code model} serves only one connection at a time (and so cannot answer a bystander meanwhile). */
    protected boolean servesOneConnectionAtATime(ModelUnderTest model) {
        return false;
    }

    /** The config every test starts from, before {@link ModelUnderTest#configure()} adjusts it. */
    protected ServerConfig baseConfig() {
        return ServerConfig.defaults()
                .withIdleTimeout(IDLE_TIMEOUT)
                .withMaxHeaderBytes(MAX_HEADER_BYTES)
                .withMaxBodyBytes(MAX_BODY_BYTES)
                .withWorkerThreads(WORKER_THREADS);
    }

    private RunningServer start(ModelUnderTest model, ServerConfig config) throws IOException {
        return model.model().start(model.configure().apply(config));
    }

    private static String get(String target) {
        return "GET " + target + " HTTP/1.1\r\nHost: localhost\r\n\r\n";
    }

    // ---------------------------------------------------------------- what a hostile request may get

    /**
     * What a case accepts: a status from {@code statuses}, followed by a close when {@code closeAfter}; or, when
     * {@code closeWithoutAnswer}, a close with no answer at all.
     */
    record Expected(Set<Integer> statuses, boolean closeAfter, boolean closeWithoutAnswer) {

        boolean accepts(int status) {
            return statuses.isEmpty() ? status >= 400 && status < 500 : statuses.contains(status);
        }

        @Override
        public String toString() {
            return (statuses.isEmpty() ? "a 4xx" : "one of " + statuses)
                    + (closeAfter ? " then a close" : "")
                    + (closeWithoutAnswer ? ", or a close" : "");
        }
    }

    /** Exactly one of these statuses, then the server closes. */
    private static Expected refused(Integer... statuses) {
        return new Expected(Set.of(statuses), true, false);
    }

    /** Any 4xx, or a close without an answer: what the RFC allows when the codecs legitimately differ. */
    private static Expected anyClientErrorOrClose() {
        return new Expected(Set.of(), false, true);
    }

    /** Framing the server must not trust: one of these statuses then a close, or a close without an answer. */
    private static Expected refusedOrClosed(Integer... statuses) {
        return new Expected(Set.of(statuses), true, true);
    }

    private static Arguments hostile(String name, String request, Expected expected) {
        return hostile(name, request.getBytes(StandardCharsets.ISO_8859_1), expected);
    }

    private static Arguments hostile(String name, byte[] request, Expected expected) {
        return Arguments.of(name, request, expected);
    }

    private static final String POST = "POST /echo HTTP/1.1\r\nHost: x\r\n";

    /** Every hostile request, with what it must get. */
    static Stream<Arguments> hostileRequests() {
        StringBuilder tenThousandHeaders = new StringBuilder("GET /plaintext HTTP/1.1\r\nHost: x\r\n");
        for (int i = 0; i < 10_000; i++) {
            tenThousandHeaders.append("X-").append(i).append(": v\r\n");
        }
        tenThousandHeaders.append("\r\n");
        return Stream.of(
                // bad request lines
                hostile("empty method", " /plaintext HTTP/1.1\r\nHost: x\r\n\r\n", refused(400)),
                hostile("no target", "GET HTTP/1.1\r\nHost: x\r\n\r\n", refused(400)),
                hostile("four parts", "GET /plaintext HTTP/1.1 extra\r\nHost: x\r\n\r\n", refused(400)),
                hostile("only a method", "GET\r\n\r\n", refused(400)),
                hostile("binary noise", "\u0000\u0001\u0002\u00ff\u00fe\r\n\r\n", refusedOrClosed(400)),
                hostile("TLS ClientHello", tlsClientHello(), refusedOrClosed(400)),
                hostile("version without digits", "GET /plaintext HTTP/x.y\r\nHost: x\r\n\r\n", refused(400)),
                hostile("long version", "GET /plaintext HTTP/1.1111\r\nHost: x\r\n\r\n", refused(400, 505)),
                // obsolete line folding
                hostile(
                        "obs-fold with a space",
                        "GET /plaintext HTTP/1.1\r\nHost: x\r\nX-A: 1\r\n 2\r\n\r\n",
                        refused(400)),
                hostile(
                        "obs-fold with a tab",
                        "GET /plaintext HTTP/1.1\r\nHost: x\r\nX-A: 1\r\n\t2\r\n\r\n",
                        refused(400)),
                hostile("obs-fold of the Host", "GET /plaintext HTTP/1.1\r\nHost: x\r\n y\r\n\r\n", refused(400)),
                // NUL, bare CR and bare LF in headers
                hostile(
                        "NUL in a header value",
                        "GET /plaintext HTTP/1.1\r\nHost: x\r\nX-A: a\u0000b\r\n\r\n",
                        refused(400)),
                hostile(
                        "NUL in a header name",
                        "GET /plaintext HTTP/1.1\r\nHost: x\r\nX-\u0000A: b\r\n\r\n",
                        refused(400)),
                hostile(
                        "bare CR in a header value",
                        "GET /plaintext HTTP/1.1\r\nHost: x\r\nX-A: a\rb\r\n\r\n",
                        refused(400)),
                hostile(
                        "bare CR ending a header",
                        "GET /plaintext HTTP/1.1\r\nHost: x\r\nX-A: a\r\r\n\r\n",
                        refused(400)),
                // A bare LF as a line end is the conformance work's (RFC 9112 §2.2 allows it); these are bad
                // whichever way a bare LF is read.
                hostile(
                        "bare LF then a fold",
                        "GET /plaintext HTTP/1.1\r\nHost: x\r\nX-A: a\n b\r\n\r\n",
                        refused(400)),
                hostile(
                        "bare LF then no colon",
                        "GET /plaintext HTTP/1.1\r\nHost: x\r\nX-A: a\nbogus\r\n\r\n",
                        refused(400)),
                // too many headers
                hostile("10,000 headers", tenThousandHeaders.toString(), refusedOrClosed(431)),
                // Content-Length
                hostile("negative Content-Length", POST + "Content-Length: -5\r\n\r\nhello", refused(400)),
                hostile("Content-Length with a plus", POST + "Content-Length: +5\r\n\r\nhello", refused(400)),
                hostile(
                        "overflowing Content-Length",
                        POST + "Content-Length: 99999999999999999999999\r\n\r\nhello",
                        refused(400, 413)),
                hostile(
                        "Content-Length of 2^63",
                        POST + "Content-Length: 9223372036854775808\r\n\r\nhello",
                        refused(400, 413)),
                hostile(
                        "conflicting Content-Lengths",
                        POST + "Content-Length: 5\r\nContent-Length: 6\r\n\r\nhello!",
                        refused(400)),
                hostile("Content-Length list", POST + "Content-Length: 5, 6\r\n\r\nhello!", refused(400)),
                hostile("Content-Length in hex", POST + "Content-Length: 0x5\r\n\r\nhello", refused(400)),
                hostile("empty Content-Length", POST + "Content-Length:\r\n\r\n", refused(400)),
                // Content-Length with Transfer-Encoding
                hostile(
                        "Content-Length then Transfer-Encoding",
                        POST + "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
                        refused(400)),
                hostile(
                        "Transfer-Encoding then Content-Length",
                        POST + "Transfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n0\r\n\r\n",
                        refused(400)),
                // chunk sizes
                hostile(
                        "chunk size that overflows a long",
                        POST + "Transfer-Encoding: chunked\r\n\r\nffffffffffffffffffffffff\r\nhello\r\n0\r\n\r\n",
                        refused(400, 413)),
                hostile(
                        "chunk size of 2^63",
                        POST + "Transfer-Encoding: chunked\r\n\r\n8000000000000000\r\nhello\r\n0\r\n\r\n",
                        refused(400, 413)),
                hostile(
                        "negative chunk size",
                        POST + "Transfer-Encoding: chunked\r\n\r\n-5\r\nhello\r\n0\r\n\r\n",
                        refused(400)),
                hostile(
                        "chunk longer than its size",
                        POST + "Transfer-Encoding: chunked\r\n\r\n2\r\nhello\r\n0\r\n\r\n",
                        refusedOrClosed(400)),
                hostile(
                        "chunk size not hex",
                        POST + "Transfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n",
                        refused(400)),
                // non-ASCII: in the target any 4xx will do (404 is an answer too); in a field name, 400
                hostile(
                        "UTF-8 in the target",
                        utf8("GET /plaintext\u00e9 HTTP/1.1\r\nHost: x\r\n\r\n"),
                        anyClientErrorOrClose()),
                hostile(
                        "Latin-1 byte in the target",
                        "GET /\u00ff HTTP/1.1\r\nHost: x\r\n\r\n",
                        anyClientErrorOrClose()),
                hostile(
                        "UTF-8 in a field name",
                        utf8("GET /plaintext HTTP/1.1\r\nHost: x\r\nX-\u00e9t\u00e9: v\r\n\r\n"),
                        refused(400)),
                hostile(
                        "Latin-1 byte in a field name",
                        "GET /plaintext HTTP/1.1\r\nHost: x\r\nX-\u00ff: v\r\n\r\n",
                        refused(400)));
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    // The first bytes of a TLS 1.2 ClientHello: what a client that speaks HTTPS to an HTTP port sends.
    private static byte[] tlsClientHello() {
        byte[] hello = new byte[64];
        hello[0] = 0x16;
        hello[1] = 0x03;
        hello[2] = 0x01;
        hello[3] = 0x00;
        hello[4] = 0x3b;
        hello[5] = 0x01;
        for (int i = 6; i < hello.length; i++) {
            hello[i] = (byte) (i * 31);
        }
        return hello;
    }

    private Stream<Arguments> modelsAndHostileRequests() {
        List<ModelUnderTest> all = models().toList();
        return hostileRequests()
                .flatMap(bad -> all.stream().map(model -> {
                    Object[] args = bad.get();
                    return Arguments.of(model, args[0], args[1], args[2]);
                }));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("modelsAndHostileRequests")
    void aHostileRequestGetsItsAnswerWhileOthersAreServed(
            ModelUnderTest model, String what, byte[] request, Expected expected) throws IOException {
        try (RunningServer server = start(model, baseConfig())) {
            try (RawHttpConnection hostile = new RawHttpConnection(server.port())) {
                hostile.send(request);
                withBystander(server, model, what, hostile, () -> assertAnswered(hostile, what, expected));
            }
            assertServes(server, "after: " + what);
        }
    }

    private static void assertAnswered(RawHttpConnection hostile, String what, Expected expected) throws IOException {
        RawHttpConnection.Response response;
        try {
            response = hostile.read();
        } catch (SocketTimeoutException e) {
            throw new AssertionError(what + ": neither an answer nor a close within "
                    + RawHttpConnection.READ_TIMEOUT_MILLIS + " ms; expected " + expected);
        } catch (IOException e) {
            // EOF before a status line, or a reset
            assertTrue(
                    expected.closeWithoutAnswer(),
                    what + ": closed without an answer (" + e + "); expected " + expected);
            return;
        }
        assertTrue(
                expected.accepts(response.status()),
                what + ": got '" + response.statusLine() + "'; expected " + expected);
        if (expected.closeAfter()) {
            assertEquals("close", String.valueOf(response.header("Connection")).toLowerCase(), what);
            assertTrue(hostile.closedByServerAfterDiscarding(), what + ": the connection must close after the answer");
        }
    }

    // ---------------------------------------------------------------- a request split at every byte

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void requestsSplitAtEveryByteAreAnswered(ModelUnderTest model) throws IOException {
        String chunked = POST + "Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n";
        String sized = POST + "Content-Length: 5\r\n\r\nhello";
        byte[] requests = (get("/plaintext") + chunked + sized).getBytes(StandardCharsets.US_ASCII);
        try (RunningServer server = start(model, baseConfig().withIdleTimeout(Duration.ofSeconds(5)))) {
            try (RawHttpConnection client = new RawHttpConnection(server.port())) {
                for (byte b : requests) {
                    client.send(new byte[] {b}); // one write, one segment (TCP_NODELAY) per byte
                }
                withBystander(server, model, "split at every byte", client, () -> {
                    assertEquals(HELLO, client.read().bodyText());
                    String echoed = client.read().bodyText();
                    assertTrue(echoed.startsWith("POST /echo HTTP/1.1\r\n"), echoed);
                    assertTrue(echoed.endsWith("\r\n\r\nhello world"), echoed);
                    assertEquals(sized, client.read().bodyText());
                });
            }
            assertServes(server, "after a request split at every byte");
        }
    }

    // ---------------------------------------------------------------- resets

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void aResetInTheMiddleOfARequestLeavesTheServerServing(ModelUnderTest model) throws IOException {
        try (RunningServer server = start(model, baseConfig())) {
            for (String half : List.of(
                    "GET /plaintext HTTP/1.1\r\nHo",
                    POST + "Content-Length: 1000\r\n\r\nonly a few bytes",
                    POST + "Transfer-Encoding: chunked\r\n\r\n100\r\nonly a few bytes")) {
                RawHttpConnection hostile = new RawHttpConnection(server.port());
                hostile.send(half);
                reset(hostile);
                assertServes(
                        server,
                        "after a reset in the middle of '"
                                + half.lines().findFirst().orElseThrow() + "'");
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void aResetInTheMiddleOfAResponseLeavesTheServerServing(ModelUnderTest model) throws IOException {
        // Forty pipelined echoes of 32 KB each: over a megabyte of answers, so the reset lands while the server is
        // still writing them.
        String body = "x".repeat(32 * 1024);
        String echo = POST + "Content-Length: " + body.length() + "\r\n\r\n" + body;
        try (RunningServer server = start(model, baseConfig())) {
            RawHttpConnection hostile = new RawHttpConnection(server.port());
            hostile.send(echo.repeat(40));
            InputStream in = hostile.socket().getInputStream();
            byte[] some = in.readNBytes(100);
            assertEquals(100, some.length, "the answers started");
            assertTrue(new String(some, StandardCharsets.ISO_8859_1).startsWith("HTTP/1.1 200 OK\r\n"));
            reset(hostile);
            assertServes(server, "after a reset in the middle of a response");
        }
    }

    // Closes with SO_LINGER 0: the kernel sends RST instead of FIN.
    private static void reset(RawHttpConnection connection) throws IOException {
        connection.socket().setSoLinger(true, 0);
        connection.close();
    }

    // ---------------------------------------------------------------- clients that send and never read

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void clientsThatSendAndNeverReadDoNotStopTheServer(ModelUnderTest model) throws IOException {
        try (RunningServer server = start(model, baseConfig())) {
            // As many stalled clients as the fixed pool has threads: a model whose writes block for ever would
            // then have nobody left to serve anyone else.
            List<SocketChannel> stalled = new ArrayList<>();
            try {
                for (int i = 0; i < WORKER_THREADS; i++) {
                    stalled.add(sendWithoutReading(server.port()));
                }
                long start = System.nanoTime();
                // Bounded by the read timeout: served at once by a model that keeps serving, or once the stalled
                // connections have been given up on by one whose writes wait at most the idle timeout.
                assertServes(server, "while " + WORKER_THREADS + " clients send and never read");
                long servedAfterMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                assertTrue(
                        servedAfterMillis < RawHttpConnection.READ_TIMEOUT_MILLIS,
                        "served after " + servedAfterMillis + " ms");
                for (SocketChannel channel : stalled) {
                    assertTrue(
                            closedByServerAfterDiscarding(channel),
                            "a client that never reads is closed once it has been silent for the idle timeout");
                }
            } finally {
                for (SocketChannel channel : stalled) {
                    channel.close();
                }
            }
            assertServes(server, "after clients that never read");
        }
    }

    // Netty answers every request it has read and queues the answers; through a 4 KB window they take seconds
    // to drain.
    private static final long DRAIN_BOUND_MILLIS = 30_000;

    /**
     * The most a client that never reads sends: enough to block a blocking server's writes (over 3 MB of answers
     * for each MB of these requests, past the kernel's largest send buffer, tcp_wmem's 4 MB here), and little
     * enough that Netty, which reads and answers all of it, is not kept busy for long (with no cap, about 4 MB
     * each, it held a bystander on the same event loop for 1 to 7 s on this shared 2-core machine).
     */
    static final long SEND_CAP_BYTES = 3 << 20;

    // Pipelines requests without reading until the server stops taking them (its buffers and ours are full) or
    // SEND_CAP_BYTES have gone; the answers pile up unread.
    static SocketChannel sendWithoutReading(int port) throws IOException {
        SocketChannel channel = SocketChannel.open();
        channel.setOption(StandardSocketOptions.SO_RCVBUF, 4096); // before connecting, so the window stays small
        channel.connect(new InetSocketAddress("127.0.0.1", port));
        channel.configureBlocking(false);
        ByteBuffer requests = ByteBuffer.wrap(get("/plaintext").repeat(1000).getBytes(StandardCharsets.US_ASCII));
        long total = 0;
        long stuckSince = 0;
        while (total < SEND_CAP_BYTES) {
            if (!requests.hasRemaining()) {
                requests.rewind();
            }
            int n = channel.write(requests);
            total += n;
            if (n > 0) {
                stuckSince = 0;
            } else if (stuckSince == 0) {
                stuckSince = System.nanoTime();
            } else if (System.nanoTime() - stuckSince > TimeUnit.MILLISECONDS.toNanos(200)) {
                break; // the server has stopped reading: its writes to us are blocked or queued
            } else {
                Thread.onSpinWait();
            }
        }
        return channel;
    }

    // Reads and discards everything the server sent: true once EOF or a reset arrives. Each read is bounded by
    // the read timeout, the whole by DRAIN_BOUND_MILLIS: what the server queued before it gave up comes first,
    // through the client's small receive window.
    static boolean closedByServerAfterDiscarding(SocketChannel channel) throws IOException {
        Socket socket = channel.socket();
        socket.setReceiveBufferSize(1 << 20); // drain faster than the small window the test stalled with
        channel.configureBlocking(true);
        socket.setSoTimeout(RawHttpConnection.READ_TIMEOUT_MILLIS);
        InputStream in = socket.getInputStream();
        byte[] sink = new byte[64 * 1024];
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(DRAIN_BOUND_MILLIS);
        try {
            while (in.read(sink) >= 0) {
                if (System.nanoTime() > deadline) {
                    return false; // still answering: the server kept writing to a client that did not read
                }
            }
            return true;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (SocketException e) {
            return true;
        }
    }

    // ---------------------------------------------------------------- the well-behaved client

    /** What a test does with its hostile connection while the bystander waits. */
    @FunctionalInterface
    private interface HostileStep {
        void run() throws IOException;
    }

    // A well-behaved client connects and sends its request while the hostile connection is open. A model that
    // serves connections at the same time answers it before the hostile step runs; one that serves one at a
    // time answers it once the hostile connection has ended (after the step, the kit closes it).
    private void withBystander(
            RunningServer server, ModelUnderTest model, String what, RawHttpConnection hostile, HostileStep hostileStep)
            throws IOException {
        try (RawHttpConnection bystander = new RawHttpConnection(server.port())) {
            bystander.send(get("/plaintext"));
            boolean oneAtATime = servesOneConnectionAtATime(model);
            if (!oneAtATime) {
                assertHello(bystander.read(), "a bystander while the hostile connection is open: " + what);
            }
            hostileStep.run();
            if (oneAtATime) {
                hostile.close();
                assertHello(bystander.read(), "a bystander after the hostile connection: " + what);
            }
        }
    }

    private static void assertServes(RunningServer server, String message) throws IOException {
        try (RawHttpConnection client = new RawHttpConnection(server.port())) {
            assertHello(client.send(get("/plaintext")).read(), message);
        }
    }

    private static void assertHello(RawHttpConnection.Response response, String message) {
        assertEquals(200, response.status(), message + ": " + response.statusLine());
        assertArrayEquals(HELLO.getBytes(StandardCharsets.US_ASCII), response.body(), message);
    }
}
