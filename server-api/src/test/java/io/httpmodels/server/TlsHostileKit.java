package io.httpmodels.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Clients that get TLS wrong, against every model serving HTTPS: garbage instead of a ClientHello, a plaintext HTTP
 * request to the TLS port, a handshake that stops halfway, and a connection that never starts one. Each gets a close,
 * or an alert and a close (for plaintext HTTP, a plaintext 400 and a close will do, as nginx answers), never an
 * answer and never a hang; a stalled one is closed within the header deadline ({@link #HEADER_TIMEOUT}, see
 * {@link io.httpmodels.server.tls.ServerTls}); and a well-behaved TLS client is served meanwhile or, for a model that
 * serves one connection at a time, right after. A module runs it as it runs {@link HostileClientKit}:
 *
 * <pre>{@code
 * class BioTlsHostileTest extends TlsHostileKit {
 *     @Override
 *     protected Stream<ModelUnderTest> models() {
 *         return Stream.of(ModelUnderTest.named("thread-per-connection"));
 *     }
 * }
 * }</pre>
 *
 * Every wait is bounded: the hostile socket's reads by {@link #HEADER_TIMEOUT} plus {@link #SLACK}, the
 * bystander's by {@link RawHttpConnection#READ_TIMEOUT_MILLIS}, the class by {@link Timeout}.
 */
@ExtendWith(DocumentedDeviations.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
public abstract class TlsHostileKit implements KitCoverage {

    /** The head deadline the kit's servers run with: short, so that the stalled cases end soon. */
    protected static final Duration HEADER_TIMEOUT = Duration.ofSeconds(1);

    /** Longer than the head deadline, so that only the deadline can close a stalled handshake in time. */
    protected static final Duration IDLE_TIMEOUT = Duration.ofSeconds(10);

    /** How much later than the deadline a close may come and still count: scheduling on a busy two-core host. */
    protected static final Duration SLACK = Duration.ofSeconds(3);

    private static final int TLS_ALERT = 0x15;
    private static final String HELLO = "Hello, World!";

    /** The models this module runs the kit for. */
    protected abstract Stream<ModelUnderTest> models();

    /** The config every test starts from, before {@link ModelUnderTest#configure()} adjusts it. */
    protected ServerConfig baseConfig() {
        return KitTransport.TLS.apply(ServerConfig.defaults()
                .withHeaderTimeout(HEADER_TIMEOUT)
                .withIdleTimeout(IDLE_TIMEOUT)
                .withWorkerThreads(2));
    }

    private RunningServer start(ModelUnderTest model) throws IOException {
        return model.model().start(model.configure().apply(baseConfig()));
    }

    /** See {@link KitTransport#warmUp}. */
    @BeforeAll
    void warmTheTlsPathOfThisJvm() throws IOException {
        KitTransport.warmUp(models());
    }

    /** How a hostile connection ended. */
    enum Ending {
        /** EOF or a reset, with nothing before it. */
        CLOSED,
        /** A TLS alert record, then EOF or a reset. */
        ALERT_THEN_CLOSED,
        /** A plaintext HTTP 4xx answer, then EOF or a reset. */
        PLAINTEXT_4XX_THEN_CLOSED,
        /** Anything else: bytes that are none of those, or a 2xx. */
        SOMETHING_ELSE,
        /** Nothing within the bound. */
        STILL_OPEN
    }

    // ---------------------------------------------------------------- the cases

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void garbageInsteadOfAClientHelloIsClosed(ModelUnderTest model) throws IOException {
        byte[] garbage = new byte[16 * 1024];
        for (int i = 0; i < garbage.length; i++) {
            garbage[i] = (byte) (i * 131 + 7); // starts 0x07: no TLS record type
        }
        try (RunningServer server = start(model);
                Socket hostile = connect(server)) {
            hostile.getOutputStream().write(garbage);
            Ending ending = ending(hostile);
            assertTrue(
                    ending == Ending.CLOSED || ending == Ending.ALERT_THEN_CLOSED,
                    "garbage instead of a ClientHello: expected a close or an alert and a close, got " + ending);
            assertServes(server, "after garbage instead of a ClientHello");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void plaintextHttpToTheTlsPortGetsACloseAnAlertOrA400(ModelUnderTest model) throws IOException {
        try (RunningServer server = start(model);
                Socket hostile = connect(server)) {
            hostile.getOutputStream()
                    .write("GET /plaintext HTTP/1.1\r\nHost: localhost\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            Ending ending = ending(hostile);
            assertTrue(
                    ending == Ending.CLOSED
                            || ending == Ending.ALERT_THEN_CLOSED
                            || ending == Ending.PLAINTEXT_4XX_THEN_CLOSED,
                    "plaintext HTTP to the TLS port: expected a close, an alert or a 400, then a close; got " + ending);
            assertServes(server, "after plaintext HTTP to the TLS port");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void aHandshakeStoppedHalfwayIsClosedWithinTheHeaderDeadline(ModelUnderTest model) throws IOException {
        byte[] hello = clientHello();
        assertStalledConnectionIsClosedInTime(model, Arrays.copyOf(hello, hello.length / 2), "half a ClientHello");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void aConnectionThatNeverStartsAHandshakeIsClosedWithinTheHeaderDeadline(ModelUnderTest model) throws IOException {
        assertStalledConnectionIsClosedInTime(model, new byte[0], "no ClientHello");
    }

    // ---------------------------------------------------------------- helpers

    private void assertStalledConnectionIsClosedInTime(ModelUnderTest model, byte[] sent, String what)
            throws IOException {
        try (RunningServer server = start(model);
                Socket hostile = connect(server)) {
            long start = System.nanoTime();
            hostile.getOutputStream().write(sent);
            hostile.getOutputStream().flush();
            // Served while the stalled connection is open, or (one connection at a time) once the deadline ends it.
            assertServes(server, "beside a stalled handshake (" + what + ")");
            Ending ending = ending(hostile);
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertTrue(
                    ending == Ending.CLOSED || ending == Ending.ALERT_THEN_CLOSED,
                    what + ": expected a close within the " + HEADER_TIMEOUT.toMillis() + " ms head deadline (+ "
                            + SLACK.toMillis() + " ms), got " + ending + " after " + millis + " ms");
        }
    }

    private static Socket connect(RunningServer server) throws IOException {
        Socket socket = new Socket();
        int bound = (int) (HEADER_TIMEOUT.plus(SLACK).toMillis());
        socket.connect(new InetSocketAddress("127.0.0.1", server.port()), bound);
        socket.setSoTimeout(bound);
        socket.setTcpNoDelay(true);
        return socket;
    }

    /**
     * Reads what the server sends until it closes, within the socket's timeout in all: classified as an
     * {@link Ending}.
     */
    static Ending ending(Socket socket) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(socket.getSoTimeout());
        InputStream in = socket.getInputStream();
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        byte[] buffer = new byte[4096];
        try {
            int n;
            while ((n = in.read(buffer)) >= 0) {
                received.write(buffer, 0, n);
                if (received.size() > 64 * 1024 || System.nanoTime() > deadline) {
                    return Ending.SOMETHING_ELSE; // more than an alert or an error page, or no end
                }
            }
        } catch (SocketTimeoutException e) {
            return received.size() == 0 ? Ending.STILL_OPEN : Ending.SOMETHING_ELSE;
        } catch (SocketException e) {
            // a reset: closed all the same, after whatever arrived before it
        }
        return classify(received.toByteArray());
    }

    static Ending classify(byte[] bytes) {
        if (bytes.length == 0) {
            return Ending.CLOSED;
        }
        if ((bytes[0] & 0xff) == TLS_ALERT) {
            return Ending.ALERT_THEN_CLOSED;
        }
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        if (text.startsWith("HTTP/1.") && text.length() > 12 && text.charAt(9) == '4') {
            return Ending.PLAINTEXT_4XX_THEN_CLOSED;
        }
        return Ending.SOMETHING_ELSE;
    }

    /** The first flight of a real TLS client (one or more records): the ClientHello the JDK would send. */
    static byte[] clientHello() {
        try {
            SSLEngine engine = SSLContext.getDefault().createSSLEngine("localhost", 443);
            engine.setUseClientMode(true);
            engine.beginHandshake();
            ByteBuffer out = ByteBuffer.allocate(engine.getSession().getPacketBufferSize());
            engine.wrap(ByteBuffer.allocate(0), out);
            out.flip();
            byte[] hello = new byte[out.remaining()];
            out.get(hello);
            if (hello.length < 10) {
                fail("the JDK produced no ClientHello");
            }
            return hello;
        } catch (SSLException | NoSuchAlgorithmException e) {
            throw new AssertionError("cannot make a ClientHello", e);
        }
    }

    private static void assertServes(RunningServer server, String message) throws IOException {
        try (RawHttpConnection client = KitTransport.TLS.connect(server.port())) {
            RawHttpConnection.Response response = client.send("GET /plaintext HTTP/1.1\r\nHost: localhost\r\n\r\n")
                    .read();
            assertEquals(200, response.status(), message + ": " + response.statusLine());
            assertArrayEquals(HELLO.getBytes(StandardCharsets.US_ASCII), response.body(), message);
        }
    }
}
