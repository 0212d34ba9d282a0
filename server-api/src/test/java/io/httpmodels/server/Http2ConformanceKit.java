package io.httpmodels.server;

import static io.httpmodels.server.Http2Frames.CONTINUATION;
import static io.httpmodels.server.Http2Frames.DATA;
import static io.httpmodels.server.Http2Frames.END_HEADERS;
import static io.httpmodels.server.Http2Frames.END_STREAM;
import static io.httpmodels.server.Http2Frames.FLOW_CONTROL_ERROR;
import static io.httpmodels.server.Http2Frames.FRAME_SIZE_ERROR;
import static io.httpmodels.server.Http2Frames.GOAWAY;
import static io.httpmodels.server.Http2Frames.HEADERS;
import static io.httpmodels.server.Http2Frames.PING;
import static io.httpmodels.server.Http2Frames.PROTOCOL_ERROR;
import static io.httpmodels.server.Http2Frames.RST_STREAM;
import static io.httpmodels.server.Http2Frames.SETTINGS;
import static io.httpmodels.server.Http2Frames.STREAM_CLOSED;
import static io.httpmodels.server.Http2Frames.WINDOW_UPDATE;
import static io.httpmodels.server.Http2Frames.frame;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * RFC 9113's MUSTs as tests, one case each, naming its section: what a model that speaks h2c does when a client
 * written by hand ({@link Http2AttackConnection}, {@link Http2Frames}) keeps or breaks a rule of the connection
 * preface, SETTINGS, PING, stream states, frame sizes, field blocks, flow control and well-formed requests. The
 * model runs in this JVM with {@link ServerConfig#http2()} on, one server per model for the class, a new connection
 * per case, h2c by prior knowledge. A case chooses its rules as h2spec's do where they agree with the RFC.
 *
 * <p>A connection error passes when the server sends GOAWAY with the expected code, or closes the connection without
 * a GOAWAY (a close is how a client sees a connection error too, as h2spec accepts); a GOAWAY with another code, or
 * the connection left open, fails. A stream error passes when the server resets the stream (RST_STREAM) with the
 * expected code, or ends the connection as for a connection error with it (RFC 9113 §5.4: an endpoint may treat a
 * stream error as a connection error); a server may answer the stream before it resets it, but a stream answered and
 * not reset fails. A model that answers a case otherwise has it on record ({@link Deviation}, {@link KitRule}'s
 * {@code H2_*} rules), which {@link DocumentedDeviations} requires to go on failing and lists in the conformance
 * matrix.
 */
@ExtendWith(DocumentedDeviations.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
public abstract class Http2ConformanceKit implements KitCoverage {

    /**
     * How long a case waits for a frame the rule requires, or for the connection's end: generous on a busy machine,
     * shorter in a case on record as silent ({@link DocumentedDeviations#readTimeoutMillis()}).
     */
    private static long replyMillis() {
        return DocumentedDeviations.readTimeoutMillis();
    }

    private static final int MAX_WINDOW = Integer.MAX_VALUE;

    private final Map<String, Target> targets = new HashMap<>();

    /** A server the kit connects to: the port its h2c listens on. The kit closes it after its class. */
    protected interface Target extends AutoCloseable {
        int port();

        @Override
        void close() throws Exception;
    }

    /** The models this module checks: each must speak h2c. */
    protected abstract Stream<ModelUnderTest> models();

    /** h2c by prior knowledge: every case opens its connection with HTTP/2's preface. */
    @Override
    public final HttpProtocol speaks() {
        return HttpProtocol.H2C;
    }

    /**
     * Starts the server {@code model} names, h2c on: by default the model in this JVM with {@link ServerConfig#http2()}
     * and the model's config; a suite against a peer (nginx) starts the peer instead.
     */
    protected Target start(ModelUnderTest model) throws IOException {
        RunningServer server = model.model()
                .start(model.configure().apply(ServerConfig.defaults()).withHttp2(true));
        return new Target() {
            @Override
            public int port() {
                return server.port();
            }

            @Override
            public void close() throws Exception {
                server.close();
            }
        };
    }

    @AfterAll
    void stopTargets() throws Exception {
        for (Target target : targets.values()) {
            target.close();
        }
        targets.clear();
    }

    private int port(ModelUnderTest model) throws IOException {
        Target target = targets.get(model.label());
        if (target == null) {
            target = start(model);
            targets.put(model.label(), target);
        }
        return target.port();
    }

    /** A connection that has sent the preface and an empty SETTINGS, reading and keeping the server's frames. */
    private Http2AttackConnection open(ModelUnderTest model) throws IOException {
        return open(model, Http2Frames.settings());
    }

    private Http2AttackConnection open(ModelUnderTest model, byte[] settings) throws IOException {
        byte[] opening = Arrays.copyOf(Http2Frames.PREFACE, Http2Frames.PREFACE.length + settings.length);
        System.arraycopy(settings, 0, opening, Http2Frames.PREFACE.length, settings.length);
        return openRaw(model, opening);
    }

    private Http2AttackConnection openRaw(ModelUnderTest model, byte[] opening) throws IOException {
        Http2AttackConnection connection = new Http2AttackConnection(port(model), opening, true);
        connection.startReading();
        return connection;
    }

    private static void send(Http2AttackConnection connection, byte[]... frames) throws IOException {
        for (byte[] f : frames) {
            connection.write(f);
        }
        connection.flush();
    }

    private static byte[] get(int streamId, String path) {
        return frame(HEADERS, END_STREAM | END_HEADERS, streamId, Http2Frames.requestBlock("GET", path));
    }

    // §3.4 the connection preface

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void theServersFirstFrameIsSettings(ModelUnderTest model) throws Exception {
        try (Http2AttackConnection connection = open(model)) {
            Http2AttackConnection.Frame first = connection.nextFrame(replyMillis());
            assertNotNull(first, "no frame within " + replyMillis() + " ms of the preface");
            assertEquals(SETTINGS, first.type(), "the first frame: " + first);
            assertEquals(0, first.flags(), "the server's preface SETTINGS is not an ACK: " + first);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void anInvalidPrefaceIsAConnectionErrorOfTypeProtocolError(ModelUnderTest model) throws Exception {
        byte[] bad = "PRI * HTTP/2.0\r\n\r\nXX\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
        try (Http2AttackConnection connection = openRaw(model, bad)) {
            assertConnectionError(connection, PROTOCOL_ERROR);
        }
    }

    // §6.5 SETTINGS

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void theClientsSettingsAreAcknowledged(ModelUnderTest model) throws Exception {
        try (Http2AttackConnection connection =
                open(model, Http2Frames.settings(Http2Frames.SETTINGS_ENABLE_PUSH, 0))) {
            Http2AttackConnection.Frame ack =
                    awaitFrame(connection, f -> f.type() == SETTINGS && f.has(Http2Frames.ACK), "a SETTINGS ACK");
            assertEquals(0, ack.payload().length, "a SETTINGS ACK has no payload");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void settingsOnAStreamIsAConnectionErrorOfTypeProtocolError(ModelUnderTest model) throws Exception {
        try (Http2AttackConnection connection = open(model)) {
            send(connection, frame(SETTINGS, 0, 1, new byte[0]));
            assertConnectionError(connection, PROTOCOL_ERROR);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void aSettingsAckWithAPayloadIsAConnectionErrorOfTypeFrameSizeError(ModelUnderTest model) throws Exception {
        try (Http2AttackConnection connection = open(model)) {
            send(connection, frame(SETTINGS, Http2Frames.ACK, 0, new byte[6]));
            assertConnectionError(connection, FRAME_SIZE_ERROR);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void aSettingsLengthNotAMultipleOfSixIsAConnectionErrorOfTypeFrameSizeError(ModelUnderTest model) throws Exception {
        try (Http2AttackConnection connection = open(model)) {
            send(connection, frame(SETTINGS, 0, 0, new byte[] {0, 3, 0, 0}));
            assertConnectionError(connection, FRAME_SIZE_ERROR);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void anInitialWindowSizeAbove2To31Minus1IsAConnectionErrorOfTypeFlowControlError(ModelUnderTest model)
            throws Exception {
        try (Http2AttackConnection connection = open(model)) {
            send(connection, Http2Frames.settings(Http2Frames.SETTINGS_INITIAL_WINDOW_SIZE, 0x8000_0000));
            assertConnectionError(connection, FLOW_CONTROL_ERROR);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void enablePushOtherThan0Or1IsAConnectionErrorOfTypeProtocolError(ModelUnderTest model) throws Exception {
        try (Http2AttackConnection connection = open(model)) {
            send(connection, Http2Frames.settings(Http2Frames.SETTINGS_ENABLE_PUSH, 2));
            assertConnectionError(connection, PROTOCOL_ERROR);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void aMaxFrameSizeBelow16384IsAConnectionErrorOfTypeProtocolError(ModelUnderTest model) throws Exception {
        try (Http2AttackConnection connection = open(model)) {
            send(connection, Http2Frames.settings(Http2Frames.SETTINGS_MAX_FRAME_SIZE, 16_383));
            assertConnectionError(connection, PROTOCOL_ERROR);
        }
    }

    // §6.7 PING

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void aPingIsAnsweredWithAnAckEchoingItsPayload(ModelUnderTest model) throws Exception {
        try (Http2AttackConnection connection = open(model)) {
            assertPingAnswered(connection, 0x0123_4567_89ab_cdefL);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void aPingOfAnotherLengthThan8IsAConnectionErrorOfTypeFrameSizeError(ModelUnderTest model) throws Exception {
        try (Http2AttackConnection connection = open(model)) {
            send(connection, frame(PING, 0, 0, new byte[6]));
            assertConnectionError(connection, FRAME_SIZE_ERROR);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void aPingOnAStreamIsAConnectionErrorOfTypeProtocolError(ModelUnderTest model) throws Exception {
        try (Http2AttackConnection connection = open(model)) {
            send(connection, frame(PING, 0, 1, new byte[8]));
            assertConnectionError(connection, PROTOCOL_ERROR);
        }
    }

    // §4.1, §4.2, §4.3, §6.10 frames and field blocks

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void aFrameOfUnknownTypeIsIgnored(ModelUnderTest model) throws Exception {
        try (Http2AttackConnection connection = open(model)) {
            send(connection, frame(0x20, 0xff, 0, new byte[] {1, 2, 3, 4}), frame(0x21, 0, 1, new byte[8]));
            assertPingAnswered(connection, 42);
        }
    }

    /**
     * A HEADERS frame one byte over the server's SETTINGS_MAX_FRAME_SIZE (16,384 unless its preface says otherwise).
     * A server that takes the largest frame the 24-bit length can say has no frame over its limit: the case is then
     * aborted, not passed.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void aFieldBlockOverMaxFrameSizeIsAConnectionErrorOfTypeFrameSizeError(ModelUnderTest model) throws Exception {
        try (Http2AttackConnection connection = open(model)) {
            Http2AttackConnection.Frame preface = awaitFrame(connection, f -> f.type() == SETTINGS, "SETTINGS");
            int max = setting(preface, Http2Frames.SETTINGS_MAX_FRAME_SIZE, Http2Frames.MAX_FRAME_PAYLOAD);
            assumeTrue(max < 0xff_ffff, "the server takes frames of " + max + " bytes, the most a frame can say");
            ByteArrayOutputStream block = new ByteArrayOutputStream();
            block.writeBytes(Http2Frames.requestBlock("GET", "/plaintext"));
            Http2Frames.literal(block, "x-pad", "a".repeat(max));
            send(connection, frame(HEADERS, END_STREAM | END_HEADERS, 1, block.toByteArray()));
            assertConnectionError(connection, FRAME_SIZE_ERROR);
        }
    }

    /** The value of setting {@code id} in a SETTINGS frame, or {@code otherwise} when it does not set it. */
    private static int setting(Http2AttackConnection.Frame settings, int id, int otherwise) {
        byte[] p = settings.payload();
        int value = otherwise;
        for (int at = 0; at + 6 <= p.length; at += 6) {
            if (((p[at] & 0xff) << 8 | (p[at + 1] & 0xff)) == id) {
                value = Http2Frames.readInt(p, at + 2);
            }
        }
        return value;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void continuationWithoutHeadersIsAConnectionErrorOfTypeProtocolError(ModelUnderTest model) throws Exception {
        try (Http2AttackConnection connection = open(model)) {
            send(connection, frame(CONTINUATION, END_HEADERS, 1, Http2Frames.requestBlock("GET", "/plaintext")));
            assertConnectionError(connection, PROTOCOL_ERROR);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void aFrameInsideAFieldBlockIsAConnectionErrorOfTypeProtocolError(ModelUnderTest model) throws Exception {
        try (Http2AttackConnection connection = open(model)) {
            send(
                    connection,
                    frame(HEADERS, END_STREAM, 1, Http2Frames.requestBlock("GET", "/plaintext")),
                    Http2Frames.ping(7));
            assertConnectionError(connection, PROTOCOL_ERROR);
        }
    }

    // §5.1, §5.1.1 stream states and identifiers

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void dataOnAnIdleStreamIsAConnectionErrorOfTypeProtocolError(ModelUnderTest model) throws Exception {
        try (Http2AttackConnection connection = open(model)) {
            send(connection, frame(DATA, END_STREAM, 1, new byte[4]));
            assertConnectionError(connection, PROTOCOL_ERROR);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void anEvenStreamIdFromTheClientIsAConnectionErrorOfTypeProtocolError(ModelUnderTest model) throws Exception {
        try (Http2AttackConnection connection = open(model)) {
            send(connection, get(2, "/plaintext"));
            assertConnectionError(connection, PROTOCOL_ERROR);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void aStreamIdLowerThanOneOpenedBeforeIsAConnectionErrorOfTypeProtocolError(ModelUnderTest model) throws Exception {
        try (Http2AttackConnection connection = open(model)) {
            send(connection, get(5, "/plaintext"), get(3, "/plaintext"));
            // Opening stream 5 closed stream 3 (§5.1.1), so STREAM_CLOSED (§5.1) is the RFC's word too.
            assertConnectionError(connection, PROTOCOL_ERROR, STREAM_CLOSED);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void dataAfterTheClientEndedItsStreamIsAStreamErrorOfTypeStreamClosed(ModelUnderTest model) throws Exception {
        try (Http2AttackConnection connection = open(model)) {
            send(connection, get(1, "/plaintext"), frame(DATA, 0, 1, new byte[4]));
            assertStreamError(connection, 1, STREAM_CLOSED);
        }
    }

    /**
     * A stream both sides ended (the client's END_STREAM, then the server's) is closed: HEADERS on it again is an error.
     * Not a stream the client reset: a server may still be resetting it itself when the HEADERS come, which is a race.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void headersOnAClosedStreamIsAnError(ModelUnderTest model) throws Exception {
        try (Http2AttackConnection connection = open(model)) {
            send(connection, get(1, "/plaintext"));
            awaitFrame(
                    connection,
                    f -> (f.type() == DATA || f.type() == HEADERS) && f.streamId() == 1 && f.has(END_STREAM),
                    "the response's end");
            // Whatever the server sends as it closes the stream comes before the PING's ACK, not after the HEADERS.
            assertPingAnswered(connection, 2);
            send(connection, get(1, "/plaintext"));
            // The stream is closed, and its id no longer greater than every stream's: either code is the RFC's.
            assertStreamError(connection, 1, STREAM_CLOSED, PROTOCOL_ERROR);
        }
    }

    // §6.9 flow control

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void aWindowUpdateOf0OnTheConnectionIsAConnectionErrorOfTypeProtocolError(ModelUnderTest model) throws Exception {
        try (Http2AttackConnection connection = open(model)) {
            send(connection, Http2Frames.windowUpdate(0, 0));
            assertConnectionError(connection, PROTOCOL_ERROR);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void aWindowUpdateOf0OnAStreamIsAStreamErrorOfTypeProtocolError(ModelUnderTest model) throws Exception {
        try (Http2AttackConnection connection = open(model)) {
            send(
                    connection,
                    frame(HEADERS, END_HEADERS, 1, Http2Frames.requestBlock("POST", "/echo")),
                    Http2Frames.windowUpdate(1, 0));
            assertStreamError(connection, 1, PROTOCOL_ERROR);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void aConnectionWindowPast2To31Minus1IsAConnectionErrorOfTypeFlowControlError(ModelUnderTest model)
            throws Exception {
        try (Http2AttackConnection connection = open(model)) {
            send(connection, Http2Frames.windowUpdate(0, MAX_WINDOW));
            assertConnectionError(connection, FLOW_CONTROL_ERROR);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void aStreamWindowPast2To31Minus1IsAStreamErrorOfTypeFlowControlError(ModelUnderTest model) throws Exception {
        try (Http2AttackConnection connection = open(model)) {
            send(
                    connection,
                    frame(HEADERS, END_HEADERS, 1, Http2Frames.requestBlock("POST", "/echo")),
                    Http2Frames.windowUpdate(1, MAX_WINDOW));
            assertStreamError(connection, 1, FLOW_CONTROL_ERROR);
        }
    }

    /**
     * With a 16-byte initial window, the echo of a request of over a hundred bytes comes 16 bytes at a time: no more
     * DATA than granted until a WINDOW_UPDATE, then the rest.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void theServerSendsNoMoreDataThanTheClientsWindow(ModelUnderTest model) throws Exception {
        int window = 16;
        byte[] body = "x".repeat(100).getBytes(StandardCharsets.US_ASCII);
        try (Http2AttackConnection connection =
                open(model, Http2Frames.settings(Http2Frames.SETTINGS_INITIAL_WINDOW_SIZE, window))) {
            awaitFrame(connection, f -> f.type() == SETTINGS && f.has(Http2Frames.ACK), "a SETTINGS ACK");
            ByteArrayOutputStream block = new ByteArrayOutputStream();
            block.writeBytes(Http2Frames.requestBlock("POST", "/echo"));
            Http2Frames.literal(block, "content-length", String.valueOf(body.length));
            send(connection, frame(HEADERS, END_HEADERS, 1, block.toByteArray()), frame(DATA, END_STREAM, 1, body));
            int[] received = {0};
            awaitFrame(
                    connection,
                    f -> {
                        if (f.type() == DATA && f.streamId() == 1) {
                            received[0] += f.payload().length;
                            assertTrue(!f.has(END_STREAM), "the whole echo came within " + window + " bytes");
                        }
                        return received[0] >= window;
                    },
                    "DATA filling the window");
            // Whatever the server sends before answering this PING it sent unasked: nothing, on the stream.
            send(connection, Http2Frames.ping(9));
            awaitFrame(
                    connection,
                    f -> {
                        if (f.type() == DATA && f.streamId() == 1) {
                            received[0] += f.payload().length;
                        }
                        return f.type() == PING && f.has(Http2Frames.ACK);
                    },
                    "a PING ACK");
            assertEquals(window, received[0], "DATA bytes sent within a " + window + "-byte window");
            send(connection, Http2Frames.windowUpdate(1, 1 << 20));
            awaitFrame(
                    connection,
                    f -> f.type() == DATA && f.streamId() == 1 && f.has(END_STREAM),
                    "the rest of the echo once the window opened");
        }
    }

    // §8.1.1, §8.2, §8.3 malformed requests

    /** Requests RFC 9113 calls malformed, each one way. */
    enum MalformedRequest {
        UPPERCASE_FIELD_NAME("uppercase field name", fields("GET", "/plaintext", "X-Upper", "1")),
        CONNECTION("Connection field", fields("GET", "/plaintext", "connection", "keep-alive")),
        KEEP_ALIVE("Keep-Alive field", fields("GET", "/plaintext", "keep-alive", "timeout=5")),
        TRANSFER_ENCODING("Transfer-Encoding field", fields("GET", "/plaintext", "transfer-encoding", "chunked")),
        UPGRADE("Upgrade field", fields("GET", "/plaintext", "upgrade", "h2c")),
        TE_NOT_TRAILERS("TE other than trailers", fields("GET", "/plaintext", "te", "gzip")),
        NO_METHOD("no :method", block(b -> pseudo(b, null, "http", "/plaintext"))),
        NO_SCHEME("no :scheme", block(b -> pseudo(b, "GET", null, "/plaintext"))),
        NO_PATH("no :path", block(b -> pseudo(b, "GET", "http", null))),
        EMPTY_PATH("empty :path", block(b -> pseudo(b, "GET", "http", ""))),
        PSEUDO_AFTER_REGULAR("pseudo-header after a regular field", block(b -> {
            Http2Frames.literal(b, ":method", "GET");
            Http2Frames.literal(b, ":scheme", "http");
            Http2Frames.literal(b, "x-a", "1");
            Http2Frames.literal(b, ":path", "/plaintext");
        })),
        DUPLICATE_PATH("duplicate :path", block(b -> {
            pseudo(b, "GET", "http", "/plaintext");
            Http2Frames.literal(b, ":path", "/plaintext");
        })),
        UNKNOWN_PSEUDO("undefined pseudo-header", fields("GET", "/plaintext", ":foo", "bar")),
        STATUS_IN_REQUEST("response pseudo-header in a request", fields("GET", "/plaintext", ":status", "200")),
        CONTENT_LENGTH_MISMATCH(
                "Content-Length not the DATA's length", fields("POST", "/echo", "content-length", "10"));

        private final String label;
        private final byte[] block;

        MalformedRequest(String label, byte[] block) {
            this.label = label;
            this.block = block;
        }

        private static byte[] fields(String method, String path, String name, String value) {
            return block(b -> {
                b.writeBytes(Http2Frames.requestBlock(method, path));
                Http2Frames.literal(b, name, value);
            });
        }

        private static byte[] block(Consumer<ByteArrayOutputStream> fields) {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            fields.accept(b);
            return b.toByteArray();
        }

        private static void pseudo(ByteArrayOutputStream b, String method, String scheme, String path) {
            if (method != null) {
                Http2Frames.literal(b, ":method", method);
            }
            if (scheme != null) {
                Http2Frames.literal(b, ":scheme", scheme);
            }
            if (path != null) {
                Http2Frames.literal(b, ":path", path);
            }
            Http2Frames.literal(b, ":authority", "localhost");
        }

        /** The request's frames on {@code streamId}: a POST carries 4 bytes of DATA, the rest end with HEADERS. */
        byte[][] frames(int streamId) {
            if (this == CONTENT_LENGTH_MISMATCH) {
                return new byte[][] {
                    frame(HEADERS, END_HEADERS, streamId, block), frame(DATA, END_STREAM, streamId, new byte[4])
                };
            }
            return new byte[][] {frame(HEADERS, END_STREAM | END_HEADERS, streamId, block)};
        }

        @Override
        public String toString() {
            return label;
        }
    }

    private Stream<Arguments> modelsAndMalformedRequests() {
        List<MalformedRequest> all = Arrays.asList(MalformedRequest.values());
        return models().flatMap(model -> all.stream().map(request -> Arguments.of(model, request)));
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("modelsAndMalformedRequests")
    void aMalformedRequestIsAStreamErrorOfTypeProtocolError(ModelUnderTest model, MalformedRequest request)
            throws Exception {
        try (Http2AttackConnection connection = open(model)) {
            send(connection, request.frames(1));
            assertStreamError(connection, 1, PROTOCOL_ERROR);
        }
    }

    // what the cases require

    /** Reads frames until one {@code wanted} accepts; fails if the connection ends or none comes in time. */
    private static Http2AttackConnection.Frame awaitFrame(
            Http2AttackConnection connection, Predicate<Http2AttackConnection.Frame> wanted, String what)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(replyMillis());
        List<String> seen = new ArrayList<>();
        while (System.nanoTime() - deadline < 0) {
            Http2AttackConnection.Frame f = connection.nextFrame(replyMillis());
            if (f == null) {
                break;
            }
            if (wanted.test(f)) {
                return f;
            }
            seen.add(describe(f));
            if (f.type() == GOAWAY) {
                throw new AssertionError("wanted " + what + "; the server sent " + seen);
            }
        }
        throw new AssertionError("wanted " + what + "; the server sent " + seen + ending(connection));
    }

    private static void assertPingAnswered(Http2AttackConnection connection, long opaque) throws Exception {
        send(connection, Http2Frames.ping(opaque));
        byte[] payload = Http2Frames.pingPayload(opaque);
        Http2AttackConnection.Frame ack = awaitFrame(
                connection,
                f -> f.type() == PING && f.has(Http2Frames.ACK) && Arrays.equals(payload, f.payload()),
                "a PING ACK echoing " + Long.toHexString(opaque));
        assertArrayEquals(payload, ack.payload());
    }

    /** The server sends GOAWAY with one of {@code codes}, or closes the connection without one. */
    private static void assertConnectionError(Http2AttackConnection connection, int... codes) throws Exception {
        List<String> wanted =
                Arrays.stream(codes).mapToObj(Http2ConformanceKit::code).toList();
        List<String> seen = new ArrayList<>();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(replyMillis());
        while (System.nanoTime() - deadline < 0) {
            Http2AttackConnection.Frame f = connection.nextFrame(replyMillis());
            if (f == null) {
                break;
            }
            seen.add(describe(f));
            if (f.type() == GOAWAY) {
                String sent = code(Http2Frames.readInt(f.payload(), 4));
                assertTrue(wanted.contains(sent), "the GOAWAY's code " + sent + ", not " + wanted + "; " + seen);
                return;
            }
        }
        if (connection.endedBy() == null) {
            throw new AssertionError("wanted a connection error " + wanted + "; the connection stayed open, the"
                    + " server sent " + seen);
        }
    }

    /**
     * The server resets stream {@code streamId} with one of {@code codes}, or ends the connection with one of them
     * (GOAWAY, or a close without one); an answer on the stream with no reset fails once a PING round trip shows the
     * server has said all it would.
     */
    private static void assertStreamError(Http2AttackConnection connection, int streamId, int... codes)
            throws Exception {
        List<String> seen = new ArrayList<>();
        List<String> wanted =
                Arrays.stream(codes).mapToObj(Http2ConformanceKit::code).toList();
        long pingSent = -1;
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(replyMillis());
        while (System.nanoTime() - deadline < 0) {
            Http2AttackConnection.Frame f = connection.nextFrame(replyMillis());
            if (f == null) {
                break;
            }
            seen.add(describe(f));
            if (f.type() == RST_STREAM && f.streamId() == streamId) {
                String sent = code(Http2Frames.readInt(f.payload(), 0));
                assertTrue(wanted.contains(sent), "the RST_STREAM's code " + sent + ", not " + wanted + "; " + seen);
                return;
            }
            if (f.type() == GOAWAY) {
                String sent = code(Http2Frames.readInt(f.payload(), 4));
                assertTrue(wanted.contains(sent), "the GOAWAY's code " + sent + ", not " + wanted + "; " + seen);
                return;
            }
            if ((f.type() == HEADERS || f.type() == DATA) && f.streamId() == streamId && f.has(END_STREAM)) {
                pingSent = 0x5eed;
                send(connection, Http2Frames.ping(pingSent));
            }
            if (f.type() == PING
                    && f.has(Http2Frames.ACK)
                    && Arrays.equals(Http2Frames.pingPayload(pingSent), f.payload())) {
                throw new AssertionError(
                        "wanted a stream error " + wanted + "; the server answered the stream: " + seen);
            }
        }
        if (connection.endedBy() == null) {
            throw new AssertionError("wanted a stream error " + wanted + "; none came, the server sent " + seen);
        }
    }

    private static String ending(Http2AttackConnection connection) {
        return connection.endedBy() == null ? "" : ", then the connection " + connection.endedBy();
    }

    /** A frame as a failure message names it: type, stream, and what it says (a code, a status). */
    static String describe(Http2AttackConnection.Frame f) {
        return switch (f.type()) {
            case GOAWAY -> "GOAWAY " + code(Http2Frames.readInt(f.payload(), 4));
            case RST_STREAM -> "RST_STREAM " + code(Http2Frames.readInt(f.payload(), 0)) + " on " + f.streamId();
            case HEADERS ->
                "HEADERS" + status(f.payload()) + " on " + f.streamId() + (f.has(END_STREAM) ? " END_STREAM" : "");
            case DATA ->
                "DATA " + f.payload().length + " on " + f.streamId() + (f.has(END_STREAM) ? " END_STREAM" : "");
            case SETTINGS -> f.has(Http2Frames.ACK) ? "SETTINGS ACK" : "SETTINGS";
            case PING -> f.has(Http2Frames.ACK) ? "PING ACK" : "PING";
            case WINDOW_UPDATE -> "WINDOW_UPDATE on " + f.streamId();
            default -> f.toString();
        };
    }

    /**
     * The status of a response's field block when it opens with {@code :status} (RFC 7541 Appendix A: an indexed
     * field, or a literal whose name is a static-table {@code :status}, its value plain or Huffman-coded digits), or
     * "" when it opens otherwise.
     */
    static String status(byte[] block) {
        // A dynamic table size update (RFC 7541 §6.3) may open the block: skip it, its integer's 5-bit prefix and all.
        int at = 0;
        if (block.length > 0 && (block[0] & 0xe0) == 0x20) {
            at = 1;
            if ((block[0] & 0x1f) == 0x1f) {
                while (at < block.length && (block[at] & 0x80) != 0) {
                    at++;
                }
                at++;
            }
        }
        if (at > 0) {
            return at >= block.length ? "" : status(Arrays.copyOfRange(block, at, block.length));
        }
        if (block.length == 0) {
            return "";
        }
        int first = block[0] & 0xff;
        if ((first & 0x80) != 0) {
            int index = first & 0x7f;
            String[] statuses = {"200", "204", "206", "304", "400", "404", "500"};
            return index >= 8 && index <= 14 ? " :status " + statuses[index - 8] : "";
        }
        int nameIndex = (first & 0xc0) == 0x40 ? first & 0x3f : first & 0x0f;
        if (nameIndex < 8 || nameIndex > 14 || block.length < 2) {
            return "";
        }
        int length = block[1] & 0x7f;
        if (block.length < 2 + length) {
            return "";
        }
        byte[] value = Arrays.copyOfRange(block, 2, 2 + length);
        return " :status "
                + ((block[1] & 0x80) == 0 ? new String(value, StandardCharsets.US_ASCII) : huffmanDigits(value));
    }

    /** Huffman-coded digits (RFC 7541 Appendix B: 0-2 in 5 bits, 3-9 in 6), as a status is coded; "?" otherwise. */
    private static String huffmanDigits(byte[] coded) {
        StringBuilder digits = new StringBuilder();
        int bits = 0;
        int have = 0;
        for (byte b : coded) {
            bits = (bits << 8) | (b & 0xff);
            have += 8;
            while (have >= 6 || (have >= 5 && (bits >>> (have - 5) & 0x1f) <= 2)) {
                int five = bits >>> (have - 5) & 0x1f;
                if (five <= 2) {
                    digits.append((char) ('0' + five));
                    have -= 5;
                } else {
                    int six = bits >>> (have - 6) & 0x3f;
                    if (six < 0x19 || six > 0x1f) {
                        return digits.length() == 3 ? digits.toString() : "?";
                    }
                    digits.append((char) ('3' + six - 0x19));
                    have -= 6;
                }
                bits &= (1 << have) - 1;
                if (digits.length() == 3) {
                    return digits.toString();
                }
            }
        }
        return digits.length() == 3 ? digits.toString() : "?";
    }

    /** An error code by its RFC 9113 §7 name. */
    static String code(int code) {
        return switch (code) {
            case 0x0 -> "NO_ERROR";
            case 0x1 -> "PROTOCOL_ERROR";
            case 0x2 -> "INTERNAL_ERROR";
            case 0x3 -> "FLOW_CONTROL_ERROR";
            case 0x4 -> "SETTINGS_TIMEOUT";
            case 0x5 -> "STREAM_CLOSED";
            case 0x6 -> "FRAME_SIZE_ERROR";
            case 0x7 -> "REFUSED_STREAM";
            case 0x8 -> "CANCEL";
            case 0x9 -> "COMPRESSION_ERROR";
            case 0xa -> "CONNECT_ERROR";
            case 0xb -> "ENHANCE_YOUR_CALM";
            case 0xc -> "INADEQUATE_SECURITY";
            case 0xd -> "HTTP_1_1_REQUIRED";
            default -> "0x" + Integer.toHexString(code);
        };
    }
}
