package io.httpmodels.load;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

class LoadConfigTest {

    private static LoadConfig.Builder builder() {
        return LoadConfig.builder("http://127.0.0.1:8080/plaintext");
    }

    private static String request(LoadConfig config) {
        return new String(config.encodeRequest(), StandardCharsets.ISO_8859_1);
    }

    private static void assertRefused(String message, UnaryOperator<LoadConfig.Builder> settings) {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> settings.apply(builder()).build());
        assertEquals(message, e.getMessage());
    }

    @Test
    void theDefaultsAreFortyConnectionsOneThreadTenSecondsClosedLoopKeepAlive() {
        LoadConfig config = builder().build();
        assertEquals(URI.create("http://127.0.0.1:8080/plaintext"), config.uri());
        assertEquals(40, config.connections().count());
        assertEquals(1, config.connections().threads());
        assertEquals(Duration.ofSeconds(10), config.timeline().duration());
        assertEquals(0, config.timeline().requests());
        assertFalse(config.counted());
        assertEquals(Duration.ZERO, config.timeline().warmup());
        assertEquals(Duration.ZERO, config.connections().rampUp());
        assertTrue(config.connections().keepAlive());
        assertEquals(1, config.connections().pipeline());
        assertEquals(0, config.pacing().rate());
        assertFalse(config.rateMode());
        assertEquals("GET", config.request().method());
        assertEquals(List.of(), config.request().headers());
        assertEquals(0, config.request().body().length);
        assertEquals(Duration.ofSeconds(2), config.timeout());
        // A timed run is bounded by its warm-up, duration and timeout, plus ten seconds.
        assertEquals(Duration.ofSeconds(22), config.timeline().maxTime());
        assertEquals(
                Duration.ofMillis(500 + 3000 + 700 + 10_000),
                builder()
                        .warmup(Duration.ofMillis(500))
                        .duration(Duration.ofSeconds(3))
                        .timeout(Duration.ofMillis(700))
                        .build()
                        .timeline()
                        .maxTime());
        LoadConfig counted = builder().requests(7).build();
        assertTrue(counted.counted());
        assertNull(counted.timeline().duration());
        assertEquals(Duration.ofMinutes(10), counted.timeline().maxTime());
        assertTrue(builder().rate(0.5).build().rateMode());
    }

    @Test
    void theTargetIsThePathAndQueryAndThePortDefaultsTo80() {
        assertEquals("/plaintext", builder().build().target());
        assertEquals(8080, builder().build().port());
        LoadConfig bare = LoadConfig.builder("http://example").build();
        assertEquals("/", bare.target());
        assertEquals(80, bare.port());
        assertEquals(
                "/a%20b?x=1&y=%2F",
                LoadConfig.builder("http://h/a%20b?x=1&y=%2F").build().target());
        assertEquals("/?q", LoadConfig.builder("http://h?q").build().target());
        LoadConfig portZero = LoadConfig.builder("http://h:0/").build();
        assertEquals(0, portZero.port(), "a port given as 0 is 0, not the default");
        assertEquals("GET / HTTP/1.1\r\nHost: h:0\r\n\r\n", request(portZero));
        assertEquals(
                "/json",
                builder().uri(URI.create("http://other:9/json")).build().target());
    }

    @Test
    void theRequestIsEncodedOnceWithHostLengthAndCloseWhereNeeded() {
        assertEquals(
                "GET /plaintext HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n",
                request(builder().build()));
        assertEquals(
                "GET / HTTP/1.1\r\nHost: example\r\n\r\n",
                request(LoadConfig.builder("http://example").build()));
        assertEquals(
                "POST /plaintext HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nX-A: 1\r\nContent-Length: 4\r\n"
                        + "Connection: close\r\n\r\nping",
                request(builder()
                        .method(" post ")
                        .header("X-A: 1")
                        .body("ping".getBytes(StandardCharsets.US_ASCII))
                        .keepAlive(false)
                        .build()));
        // Headers the user gave are not added again.
        assertEquals(
                "PUT /plaintext HTTP/1.1\r\nhost: mine\r\ncontent-length : 4\r\nConnection: keep-alive\r\n\r\nping",
                request(builder()
                        .method("PUT")
                        .header("host: mine")
                        .header("content-length : 4")
                        .header("Connection: keep-alive")
                        .body("ping".getBytes(StandardCharsets.US_ASCII))
                        .keepAlive(false)
                        .build()));
    }

    @Test
    void theBodyIsCopiedInAndOut() {
        byte[] body = {1, 2, 3};
        LoadConfig config = builder().body(body).build();
        body[0] = 9;
        assertArrayEquals(new byte[] {1, 2, 3}, config.request().body());
        config.request().body()[1] = 9;
        assertArrayEquals(new byte[] {1, 2, 3}, config.request().body());
        assertEquals("", new String(builder().body(null).build().request().body(), StandardCharsets.US_ASCII));
    }

    @Test
    void nullsTakeTheDefaults() {
        LoadConfig config = LoadConfig.builder("http://h/")
                .connections(1)
                .requests(3)
                .warmup(null)
                .rampUp(null)
                .method(null)
                .body(null)
                .timeout(null)
                .maxTime(null)
                .slowInterval(null)
                .build();
        assertEquals(Duration.ZERO, config.timeline().warmup());
        assertEquals(Duration.ZERO, config.connections().rampUp());
        assertEquals("GET", config.request().method());
        assertEquals(List.of(), config.request().headers());
        assertEquals(Duration.ofSeconds(2), config.timeout());
        assertEquals(LoadConfig.DEFAULT_COUNTED_MAX_TIME, config.timeline().maxTime());
        assertEquals(LoadConfig.DEFAULT_SLOW_INTERVAL, config.background().slowInterval());
        assertEquals(0, config.request().body().length);
        assertEquals("GET", builder().method(" ").build().request().method());
    }

    /**
     * The limits of each setting, the least it accepts (the most, for the pipeline and for threads against
     * connections): the settings, then what the built config must hold for them.
     */
    static Stream<Arguments> limits() {
        return Stream.of(
                limit(
                        "one connection on one thread",
                        b -> b.connections(1).threads(1),
                        c -> List.of(c.connections().count(), c.connections().threads()),
                        List.of(1, 1)),
                limit(
                        "as many threads as connections",
                        b -> b.connections(3).threads(3),
                        c -> List.of(c.connections().count(), c.connections().threads()),
                        List.of(3, 3)),
                limit(
                        "the deepest pipeline (MAX_PIPELINE)",
                        b -> b.pipeline(LoadConfig.MAX_PIPELINE),
                        c -> c.connections().pipeline(),
                        LoadConfig.MAX_PIPELINE),
                limit(
                        "a duration of 1 ns",
                        b -> b.duration(Duration.ofNanos(1)),
                        c -> c.timeline().duration(),
                        Duration.ofNanos(1)),
                limit(
                        "one request",
                        b -> b.requests(1),
                        c -> List.of(c.timeline().requests(), c.counted()),
                        List.of(1L, true)),
                limit(
                        "a timeout and a max time of 1 ns",
                        b -> b.timeout(Duration.ofNanos(1)).maxTime(Duration.ofNanos(1)),
                        c -> List.of(c.timeout(), c.timeline().maxTime()),
                        List.of(Duration.ofNanos(1), Duration.ofNanos(1))),
                limit(
                        "an extension method and a header with an empty value",
                        b -> b.method("M-SEARCH").header("X:"),
                        LoadConfigTest::request,
                        "M-SEARCH /plaintext HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nX:\r\n\r\n"));
    }

    private static Arguments limit(
            String name, UnaryOperator<LoadConfig.Builder> settings, Function<LoadConfig, Object> read, Object held) {
        return Arguments.of(name, settings, read, held);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("limits")
    void theLimitsOfEachSettingAreAccepted(
            String limit, UnaryOperator<LoadConfig.Builder> settings, Function<LoadConfig, Object> read, Object held) {
        assertEquals(held, read.apply(settings.apply(builder()).build()), limit);
    }

    @Test
    void nonsenseIsRefusedWithAReason() {
        assertRefused("only http:// and https:// URLs are supported: ftp://h/", b -> b.uri(URI.create("ftp://h/")));
        assertRefused(
                "TLS settings need an https:// URL: http://127.0.0.1:8080/plaintext", b -> b.tls(TlsSettings.DEFAULT));
        assertRefused(
                "idle and slow connections are plain HTTP only, not https://",
                b -> b.uri(URI.create("https://h/")).idleConnections(1));
        assertRefused("URL has no host: http:///path", b -> b.uri(URI.create("http:///path")));
        assertThrows(NullPointerException.class, () -> builder().uri(null).build());
        assertRefused("connections must be at least 1", b -> b.connections(0));
        assertRefused(
                "threads must be between 1 and connections (2)",
                b -> b.connections(2).threads(3));
        assertRefused("threads must be between 1 and connections (40)", b -> b.threads(0));
        assertRefused("give either a duration or a request count, not both or neither", b -> b.duration(null));
        assertRefused("duration must be positive", b -> b.duration(Duration.ZERO));
        assertRefused("duration must be positive", b -> b.duration(Duration.ofSeconds(-1)));
        assertRefused("requests must be positive", b -> b.requests(-1));
        assertRefused("warmup cannot be negative", b -> b.warmup(Duration.ofMillis(-1)));
        assertRefused("ramp-up cannot be negative", b -> b.rampUp(Duration.ofMillis(-1)));
        assertRefused("pipeline must be between 1 and 1024", b -> b.pipeline(0));
        assertRefused("pipeline must be between 1 and 1024", b -> b.pipeline(1025));
        assertRefused("pipelining needs keep-alive", b -> b.pipeline(2).keepAlive(false));
        assertRefused("rate must be 0 (closed loop) or a positive number", b -> b.rate(-1));
        assertRefused("rate must be 0 (closed loop) or a positive number", b -> b.rate(Double.NaN));
        assertRefused("rate must be 0 (closed loop) or a positive number", b -> b.rate(Double.POSITIVE_INFINITY));
        assertRefused("bad method: GE T", b -> b.method("GE T"));
        assertRefused("bad method: G\u007fT", b -> b.method("G\u007fT"));
        assertRefused("header must be 'Name: value': no colon", b -> b.header("no colon"));
        assertRefused("header must be 'Name: value': : empty name", b -> b.header(": empty name"));
        assertRefused("header must be 'Name: value': X: a\rb", b -> b.header("X: a\rb"));
        assertRefused("header must be 'Name: value': X: a\nb", b -> b.header("X: a\nb"));
        assertRefused("header must be 'Name: value': \rX: 1", b -> b.header("\rX: 1"));
        assertRefused("header must be 'Name: value': \nX: 1", b -> b.header("\nX: 1"));
        assertRefused("timeout must be positive", b -> b.timeout(Duration.ZERO));
        assertRefused("timeout must be positive", b -> b.timeout(Duration.ofSeconds(-1)));
        assertRefused("max time must be positive", b -> b.maxTime(Duration.ZERO));
        assertRefused("max time must be positive", b -> b.maxTime(Duration.ofSeconds(-1)));
    }
}
