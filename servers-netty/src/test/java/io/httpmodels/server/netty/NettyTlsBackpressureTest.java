package io.httpmodels.server.netty;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.server.KitTransport;
import io.httpmodels.server.RawHttpConnection;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.ServerModels;
import io.httpmodels.server.tls.TlsProvider;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Back-pressure over TLS: a client that pipelines requests and never reads its answers is no longer read once its
 * unsent answers pass {@link ServerConfig.Limits#maxPendingOutputBytes()} (SslHandler's queue of unencrypted answers
 * counts toward the channel's water marks), so its writes stall far short of what it would send; and it is closed one
 * idle timeout after, at once rather than after SslHandler's wait for a close_notify that cannot leave. The plaintext
 * {@link NettyBackpressureTest} measures the server's memory under such clients; this checks the TLS path's bounds
 * from the client's side.
 */
@Tag("slow")
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@Tag("bounds")
class NettyTlsBackpressureTest {

    /** Long enough that a loaded machine's pause between handshake and first write is not taken for idleness. */
    private static final Duration IDLE_TIMEOUT = Duration.ofSeconds(2);

    /** What the client would send: far more than the socket buffers of both ends (tcp_rmem's maximum is 32 MB). */
    private static final int BATCHES = 2_048;

    private static final byte[] BATCH =
            "GET /plaintext HTTP/1.1\r\nHost: localhost\r\n\r\n".repeat(1_400).getBytes(StandardCharsets.US_ASCII);

    @ParameterizedTest
    @EnumSource(TlsProvider.class)
    void aClientThatPipelinesAndNeverReadsStallsThenIsClosedAtTheIdleTimeout(TlsProvider provider) throws Exception {
        ServerConfig config = ServerConfig.defaults()
                .withWorkerThreads(1)
                .withTransport(NettyTransport.NIO.id())
                .withIdleTimeout(IDLE_TIMEOUT)
                .withTls(KitTransport.certificate().withProvider(provider));
        try (RunningServer server = ServerModels.byName("netty").start(config);
                RawHttpConnection flooder = KitTransport.TLS.connect(server.port(), 60_000);
                ExecutorService writer = Executors.newSingleThreadExecutor()) {
            long[] lastWriteNanos = {System.nanoTime()};
            CompletableFuture<Integer> written = CompletableFuture.supplyAsync(
                    () -> {
                        for (int i = 0; i < BATCHES; i++) {
                            try {
                                flooder.send(BATCH);
                            } catch (IOException closed) {
                                return i;
                            }
                            lastWriteNanos[0] = System.nanoTime();
                        }
                        return BATCHES;
                    },
                    writer);
            int batches = written.get(90, TimeUnit.SECONDS);
            long closedAfterMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - lastWriteNanos[0]);
            long mebibytes = (long) batches * BATCH.length >> 20;
            assertTrue(batches > 0, "closed before the first batch: an idle close, not back-pressure");
            assertTrue(
                    batches < BATCHES / 2,
                    "the server read " + mebibytes + " MiB of requests whose answers the client never took");
            assertTrue(
                    closedAfterMillis < IDLE_TIMEOUT.toMillis() + 2_000,
                    "closed " + closedAfterMillis + " ms after the client's writes stalled (" + mebibytes
                            + " MiB sent): one idle timeout, not SslHandler's 3 s close_notify wait beyond it");
        }
    }
}
