package io.httpmodels.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.server.db.DatabaseSettings;
import io.httpmodels.server.tls.ServerTls;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

class ServerConfigTest {

    private static final ServerConfig DEFAULTS = ServerConfig.defaults();
    private static final Duration H = Duration.ofSeconds(10);
    private static final Duration B = Duration.ofSeconds(30);

    @Test
    void defaultsListenOnLoopbackOnAnEphemeralPort() {
        ServerConfig config = ServerConfig.defaults();
        assertTrue(config.address().bindAddress().isLoopbackAddress());
        assertEquals(0, config.address().port());
        assertEquals(0, config.threads().workers());
        assertEquals(0, config.workMillis());
        assertEquals(0, config.threads().workPool());
        assertEquals(Duration.ofSeconds(30), config.timeouts().idle());
        assertEquals(Duration.ofSeconds(10), config.timeouts().header());
        assertEquals(Duration.ofSeconds(30), config.timeouts().body());
        assertEquals(8192, config.limits().maxHeaderBytes());
        assertEquals(1024 * 1024, config.limits().maxBodyBytes());
        assertEquals(64 * 1024, config.limits().maxPendingOutputBytes());
        assertEquals(32 * 1024, config.limits().resumeReadingBelowBytes());
        assertEquals(ServerConfig.AUTO_TRANSPORT, config.transport());
        int cores = Runtime.getRuntime().availableProcessors();
        assertEquals(4 * cores, ServerConfig.fourTimesCores());
        assertEquals(4 * cores, config.threads().workPoolOrDefault());
        assertEquals(5, config.withWorkPoolThreads(5).threads().workPoolOrDefault());
        assertEquals(7, config.withWorkerThreads(7).threads().workersOr(3));
        assertEquals(3, config.threads().workersOr(3));
    }

    /** Each {@code with} changes its own setting and nothing else. */
    @Test
    void eachWithChangesOneSetting() throws Exception {
        InetAddress any = InetAddress.getByName("0.0.0.0");
        InetAddress lo = DEFAULTS.address().bindAddress();
        ServerConfig.Address loopback = new ServerConfig.Address(lo, 0);
        ServerConfig.Threads threads = new ServerConfig.Threads(0, 0);
        ServerConfig.Timeouts timeouts = new ServerConfig.Timeouts(Duration.ofSeconds(30), H, B);
        ServerConfig.Limits limits = new ServerConfig.Limits(8192, 1 << 20, 65536);
        Optional<ServerTls> plain = Optional.empty();
        Optional<DatabaseSettings> none = Optional.empty();
        assertEquals(
                new ServerConfig(
                        new ServerConfig.Address(any, 0), threads, 0, timeouts, limits, "auto", plain, none, false),
                DEFAULTS.withBindAddress(any));
        assertEquals(
                new ServerConfig(
                        new ServerConfig.Address(lo, 8080), threads, 0, timeouts, limits, "auto", plain, none, false),
                DEFAULTS.withPort(8080));
        assertEquals(
                new ServerConfig(
                        loopback, new ServerConfig.Threads(3, 0), 0, timeouts, limits, "auto", plain, none, false),
                DEFAULTS.withWorkerThreads(3));
        assertEquals(
                new ServerConfig(loopback, threads, 4, timeouts, limits, "auto", plain, none, false),
                DEFAULTS.withWorkMillis(4));
        assertEquals(
                new ServerConfig(
                        loopback, new ServerConfig.Threads(0, 5), 0, timeouts, limits, "auto", plain, none, false),
                DEFAULTS.withWorkPoolThreads(5));
        assertEquals(
                new ServerConfig(
                        loopback,
                        threads,
                        0,
                        new ServerConfig.Timeouts(Duration.ofSeconds(6), H, B),
                        limits,
                        "auto",
                        plain,
                        none,
                        false),
                DEFAULTS.withIdleTimeout(Duration.ofSeconds(6)));
        assertEquals(
                new ServerConfig(
                        loopback,
                        threads,
                        0,
                        new ServerConfig.Timeouts(Duration.ofSeconds(30), Duration.ofSeconds(2), B),
                        limits,
                        "auto",
                        plain,
                        none,
                        false),
                DEFAULTS.withHeaderTimeout(Duration.ofSeconds(2)));
        assertEquals(
                new ServerConfig(
                        loopback,
                        threads,
                        0,
                        new ServerConfig.Timeouts(Duration.ofSeconds(30), H, Duration.ofSeconds(3)),
                        limits,
                        "auto",
                        plain,
                        none,
                        false),
                DEFAULTS.withBodyTimeout(Duration.ofSeconds(3)));
        assertEquals(
                new ServerConfig(
                        loopback,
                        threads,
                        0,
                        timeouts,
                        new ServerConfig.Limits(700, 1 << 20, 65536),
                        "auto",
                        plain,
                        none,
                        false),
                DEFAULTS.withMaxHeaderBytes(700));
        assertEquals(
                new ServerConfig(
                        loopback,
                        threads,
                        0,
                        timeouts,
                        new ServerConfig.Limits(8192, 8, 65536),
                        "auto",
                        plain,
                        none,
                        false),
                DEFAULTS.withMaxBodyBytes(8));
        assertEquals(
                new ServerConfig(
                        loopback,
                        threads,
                        0,
                        timeouts,
                        new ServerConfig.Limits(8192, 1 << 20, 4096),
                        "auto",
                        plain,
                        none,
                        false),
                DEFAULTS.withMaxPendingOutputBytes(4096));
        assertEquals(
                new ServerConfig(loopback, threads, 0, timeouts, limits, "nio", plain, none, false),
                DEFAULTS.withTransport("nio"));
        DatabaseSettings db = DatabaseSettings.of("jdbc:postgresql://127.0.0.1:15432/hello_world");
        assertEquals(
                new ServerConfig(loopback, threads, 0, timeouts, limits, "auto", plain, Optional.of(db), false),
                DEFAULTS.withDatabase(db));
        assertEquals(
                DEFAULTS, DEFAULTS.withDatabase(db).toBuilder().database(none).build());
    }

    /** A builder changes several settings at once and checks them as the constructor does, once, at the end. */
    @Test
    void aBuilderSetsSeveralAtOnceAndChecksThemWhenBuilt() {
        ServerConfig.Builder builder =
                DEFAULTS.toBuilder().port(8080).workerThreads(2).transport("nio");
        assertEquals(DEFAULTS.withPort(8080).withWorkerThreads(2).withTransport("nio"), builder.build());
        assertEquals(DEFAULTS, DEFAULTS.toBuilder().build(), "a builder starts from the settings it came from");
        ServerConfig.Builder bad = DEFAULTS.toBuilder().port(-1);
        assertRefused("port must be 0..65535, was -1", bad::build);
    }

    @Test
    void theLimitsOfEachSettingAreAcceptedAndOneBeyondIsRefusedWithItsName() {
        DEFAULTS.withPort(0);
        DEFAULTS.withPort(65_535);
        DEFAULTS.withWorkerThreads(0);
        DEFAULTS.withWorkMillis(0);
        DEFAULTS.withWorkPoolThreads(0);
        DEFAULTS.withIdleTimeout(Duration.ofMillis(1));
        DEFAULTS.withIdleTimeout(Duration.ofMillis(Integer.MAX_VALUE));
        DEFAULTS.withHeaderTimeout(Duration.ofMillis(1));
        DEFAULTS.withHeaderTimeout(Duration.ofMillis(Integer.MAX_VALUE));
        DEFAULTS.withBodyTimeout(Duration.ofMillis(1));
        DEFAULTS.withBodyTimeout(Duration.ofMillis(Integer.MAX_VALUE));
        DEFAULTS.withMaxHeaderBytes(256);
        DEFAULTS.withMaxBodyBytes(0);
        DEFAULTS.withMaxPendingOutputBytes(1024);

        assertRefused("port must be 0..65535, was -1", () -> DEFAULTS.withPort(-1));
        assertRefused("port must be 0..65535, was 65536", () -> DEFAULTS.withPort(65_536));
        assertRefused("workerThreads must not be negative, was -1", () -> DEFAULTS.withWorkerThreads(-1));
        assertRefused("workMillis must not be negative, was -1", () -> DEFAULTS.withWorkMillis(-1));
        assertRefused("workPoolThreads must not be negative, was -1", () -> DEFAULTS.withWorkPoolThreads(-1));
        assertRefused(
                "idleTimeout must be positive and under 24 days, was PT0S",
                () -> DEFAULTS.withIdleTimeout(Duration.ZERO));
        assertRefused(
                "idleTimeout must be positive and under 24 days, was PT-0.001S",
                () -> DEFAULTS.withIdleTimeout(Duration.ofMillis(-1)));
        assertRefused(
                "idleTimeout must be positive and under 24 days, was PT596H31M23.648S",
                () -> DEFAULTS.withIdleTimeout(Duration.ofMillis(Integer.MAX_VALUE + 1L)));
        assertRefused(
                "headerTimeout must be positive and under 24 days, was PT0S",
                () -> DEFAULTS.withHeaderTimeout(Duration.ZERO));
        assertRefused(
                "headerTimeout must be positive and under 24 days, was PT596H31M23.648S",
                () -> DEFAULTS.withHeaderTimeout(Duration.ofMillis(Integer.MAX_VALUE + 1L)));
        assertRefused(
                "bodyTimeout must be positive and under 24 days, was PT-0.001S",
                () -> DEFAULTS.withBodyTimeout(Duration.ofMillis(-1)));
        assertRefused(
                "bodyTimeout must be positive and under 24 days, was PT596H31M23.648S",
                () -> DEFAULTS.withBodyTimeout(Duration.ofMillis(Integer.MAX_VALUE + 1L)));
        assertRefused("maxHeaderBytes must be at least 256, was 255", () -> DEFAULTS.withMaxHeaderBytes(255));
        assertRefused("maxBodyBytes must not be negative, was -1", () -> DEFAULTS.withMaxBodyBytes(-1));
        assertRefused(
                "maxPendingOutputBytes must be at least 1024, was 1023",
                () -> DEFAULTS.withMaxPendingOutputBytes(1023));
        assertRefused("transport must not be blank", () -> DEFAULTS.withTransport(" "));
        assertThrows(NullPointerException.class, () -> DEFAULTS.withTransport(null));
        assertThrows(NullPointerException.class, () -> DEFAULTS.withIdleTimeout(null));
        assertThrows(NullPointerException.class, () -> DEFAULTS.withHeaderTimeout(null));
        assertThrows(NullPointerException.class, () -> DEFAULTS.withBodyTimeout(null));
        assertThrows(NullPointerException.class, () -> DEFAULTS.withBindAddress(null));
    }

    /** HTTP/2 is h2c in plaintext and h2 over TLS; without it, HTTP/1.1, which every model speaks. */
    @Test
    void http2IsH2cInPlaintextAndH2OverTls() throws Exception {
        assertEquals(HttpProtocol.HTTP_1_1, DEFAULTS.protocol());
        assertEquals(HttpProtocol.H2C, DEFAULTS.withHttp2(true).protocol());
        ServerConfig tls = DEFAULTS.withTls(ServerTls.selfSigned()).withHttp2(true);
        assertEquals(HttpProtocol.H2, tls.protocol());
        assertEquals(HttpProtocol.HTTP_1_1, tls.withHttp2(false).protocol());
        assertTrue(tls.toBuilder().build().http2());
    }

    /** A model speaks HTTP/1.1 unless it says more, and is refused HTTP/2 naming both. */
    @Test
    void aModelIsRefusedAProtocolItDoesNotSpeak() {
        HttpServerModel plain = new HttpServerModel() {
            @Override
            public String name() {
                return "plain";
            }

            @Override
            public String description() {
                return "HTTP/1.1 only";
            }

            @Override
            public RunningServer start(ServerConfig config) {
                throw new UnsupportedOperationException();
            }
        };
        DEFAULTS.requireSpokenBy(plain);
        IllegalArgumentException refused = assertThrows(
                IllegalArgumentException.class, () -> DEFAULTS.withHttp2(true).requireSpokenBy(plain));
        assertEquals("plain speaks HTTP/1.1 only: it cannot serve HTTP/2 over cleartext (h2c)", refused.getMessage());
        assertEquals(Set.of(HttpProtocol.HTTP_1_1), plain.protocols());
    }

    private static void assertRefused(String message, Supplier<ServerConfig> make) {
        assertEquals(
                message, assertThrows(IllegalArgumentException.class, make::get).getMessage());
    }
}
