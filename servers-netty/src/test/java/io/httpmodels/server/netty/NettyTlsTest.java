package io.httpmodels.server.netty;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.server.KitTransport;
import io.httpmodels.server.RawHttpConnection;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.ServerModels;
import io.httpmodels.server.Workload;
import io.httpmodels.server.tls.TlsProvider;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import io.netty.handler.timeout.IdleStateEvent;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * What netty does with {@code config.tls()}: serves HTTPS with the provider asked for and says so, bounds the
 * handshake by the header timeout (and starts the idle clock at its end), closes plaintext and garbage sent to the TLS port without a warning per
 * connection, and refuses OpenSSL where BoringSSL does not load. The kits run over TLS in the slow set
 * ({@link NettyTlsConformanceTest}).
 */
// In the slow set (mvn verify -Pslow, which .ci/run runs), as every model's TLS tests since 2026-12-05: mvn verify
// keeps its 3 minutes, and serves HTTPS end to end through the harness (TlsTargetsTest: netty, nio-reactor).
@Tag("slow")
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class NettyTlsTest {

    /** A handshake bound short beside the idle timeout, yet long enough for a cold JVM's first handshake. */
    private static final Duration HEADER_TIMEOUT = Duration.ofSeconds(1);

    private static final Duration IDLE_TIMEOUT = Duration.ofSeconds(60);

    private static ServerConfig config(TlsProvider provider) {
        return ServerConfig.defaults()
                .withWorkerThreads(1)
                .withTransport(NettyTransport.NIO.id())
                .withHeaderTimeout(Duration.ofSeconds(10))
                .withIdleTimeout(IDLE_TIMEOUT)
                .withTls(KitTransport.certificate().withProvider(provider));
    }

    @ParameterizedTest
    @EnumSource(TlsProvider.class)
    void theJdkHttpClientGetsPlaintextOverHttpsAndTheDescriptionNamesTheProvider(TlsProvider provider)
            throws Exception {
        assertTrue(OpenSsl.isAvailable(), "BoringSSL loads here: " + OpenSsl.unavailabilityCause());
        // netty on every transport that runs here, netty-virtual on nio.
        record Served(String model, ServerConfig config) {}
        List<Served> servers = new ArrayList<>();
        for (NettyTransport transport : NettyTransport.available()) {
            servers.add(new Served("netty", config(provider).withTransport(transport.id())));
        }
        servers.add(new Served("netty-virtual", config(provider)));
        for (Served served : servers) {
            try (RunningServer server = ServerModels.byName(served.model()).start(served.config());
                    HttpClient client = HttpClient.newBuilder()
                            .version(HttpClient.Version.HTTP_1_1)
                            .sslContext(KitTransport.clientContext())
                            .connectTimeout(Duration.ofSeconds(5))
                            .build()) {
                HttpResponse<String> response = client.send(
                        HttpRequest.newBuilder(URI.create("https://127.0.0.1:" + server.port() + "/plaintext"))
                                .timeout(Duration.ofSeconds(10))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                assertEquals(200, response.statusCode());
                assertEquals(new String(Workload.plaintextBody(), StandardCharsets.US_ASCII), response.body());
                assertEquals(
                        "TLSv1.3", response.sslSession().orElseThrow().getProtocol(), "the newest of the protocols");
                assertTrue(server.description().endsWith(", TLS (" + provider.id() + ")"), server.description());
            }
        }
    }

    @ParameterizedTest
    @EnumSource(TlsProvider.class)
    void aClientThatStallsMidHandshakeIsClosedAtTheHeaderTimeout(TlsProvider provider) throws Exception {
        // A TLS record header announcing a 512-byte handshake message, then 3 bytes of it: half a ClientHello.
        byte[] halfAClientHello = {0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01};
        try (RunningServer server =
                        ServerModels.byName("netty").start(config(provider).withHeaderTimeout(HEADER_TIMEOUT));
                RawHttpConnection silent = new RawHttpConnection(server.port(), 20_000);
                RawHttpConnection half = new RawHttpConnection(server.port(), 20_000)) {
            long start = System.nanoTime();
            half.send(halfAClientHello);
            assertTrue(silent.closedByServerAfterDiscarding(), "a client that sends nothing is closed");
            assertTrue(half.closedByServerAfterDiscarding(), "a client that stops mid-ClientHello is closed");
            long elapsedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertTrue(
                    elapsedMillis < 5_000,
                    "closed after " + elapsedMillis + " ms: at the header timeout (1 s), not at SslHandler's default"
                            + " handshake timeout (10 s) nor the idle timeout");
        }
    }

    @ParameterizedTest
    @EnumSource(TlsProvider.class)
    void plaintextToTheTlsPortIsClosedAndOthersAreServed(TlsProvider provider) throws Exception {
        try (RunningServer server = ServerModels.byName("netty").start(config(provider));
                RawHttpConnection plaintext = new RawHttpConnection(server.port(), 5_000)) {
            plaintext.send("GET /plaintext HTTP/1.1\r\nHost: localhost\r\n\r\n");
            assertTrue(plaintext.closedByServerAfterDiscarding(), "closed, perhaps after an alert");
            try (RawHttpConnection encrypted = KitTransport.TLS.connect(server.port())) {
                assertEquals(
                        200,
                        encrypted
                                .send("GET /plaintext HTTP/1.1\r\nHost: localhost\r\n\r\n")
                                .read()
                                .status());
            }
        }
    }

    @ParameterizedTest
    @EnumSource(TlsProvider.class)
    void aFailedHandshakeNeverReachesTheEndOfThePipeline(TlsProvider provider) {
        // EmbeddedChannel rethrows what reaches the pipeline's tail, where a real channel logs it at WARN with
        // its stack trace: once per connection that sends plaintext or garbage.
        ServerConfig config = config(provider);
        EmbeddedChannel channel = new EmbeddedChannel(new NettyServerInitializer(
                config, null, NettyTls.serverContext(config.tls().orElseThrow()), "netty", null));
        assertDoesNotThrow(() -> channel.writeInbound(Unpooled.copiedBuffer(
                "GET /plaintext HTTP/1.1\r\nHost: localhost\r\n\r\n", StandardCharsets.US_ASCII)));
        assertFalse(channel.isOpen(), "closed");
        channel.finishAndReleaseAll();
    }

    @Test
    void theIdleClockRestartsWhenAHandshakeCompletes() {
        List<Object> events = new ArrayList<>();
        EmbeddedChannel channel = new EmbeddedChannel();
        channel.freezeTime();
        channel.pipeline()
                .addLast(new NettyServerInitializer.ReaderIdleHandler(1_000), new ChannelInboundHandlerAdapter() {
                    @Override
                    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
                        events.add(evt);
                    }
                });
        after(channel, 900);
        channel.pipeline().fireUserEventTriggered(SslHandshakeCompletionEvent.SUCCESS);
        after(channel, 900);
        assertEquals(List.of(SslHandshakeCompletionEvent.SUCCESS), events, "1.8 s after the accept, 0.9 s idle");
        after(channel, 200);
        assertTrue(events.getLast() instanceof IdleStateEvent, "1 s after the handshake: " + events);
        channel.finishAndReleaseAll();
    }

    private static void after(EmbeddedChannel channel, long millis) {
        channel.advanceTimeBy(millis, TimeUnit.MILLISECONDS);
        channel.runScheduledPendingTasks();
    }

    @Test
    void openSslWhereBoringSslDoesNotLoadIsRefusedSayingWhy() {
        IllegalArgumentException refused = assertThrows(
                IllegalArgumentException.class,
                () -> NettyTls.requireOpenSsl(
                        false, new UnsatisfiedLinkError("no netty_tcnative in java.library.path")));
        assertTrue(refused.getMessage().contains("openssl"), refused.getMessage());
        assertTrue(refused.getMessage().contains("no netty_tcnative"), refused.getMessage());
        assertDoesNotThrow(() -> NettyTls.requireOpenSsl(true, null));
    }

    @Test
    void plaintextStaysPlaintextAndSaysNothingOfTls() throws Exception {
        try (RunningServer server = ServerModels.byName("netty")
                .start(ServerConfig.defaults().withWorkerThreads(1).withTransport(NettyTransport.NIO.id()))) {
            assertFalse(server.description().contains("TLS"), server.description());
        }
    }
}
