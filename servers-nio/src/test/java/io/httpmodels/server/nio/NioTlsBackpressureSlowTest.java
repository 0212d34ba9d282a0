package io.httpmodels.server.nio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.server.KitTransport;
import io.httpmodels.server.RawHttpConnection;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.ServerModels;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The backpressure kit's idea over TLS: a client that pipelines far more than the socket buffers hold and never
 * reads its answers makes the reactor stop reading it (its writes stall for good, having sent no more than the
 * buffers on the way hold), so the server holds at most {@link ServerConfig.Limits#maxPendingOutputBytes()} of
 * encrypted answers and one read's plaintext for it; a bystander is served meanwhile, and the flooder is closed within
 * the idle timeout of the stall. (The kit itself floods in plaintext, from a child JVM, and measures memory.)
 */
@Tag("slow")
@Tag("bounds")
class NioTlsBackpressureSlowTest {

    /** What the flooder may send: far more than any socket buffers hold, so a server that keeps reading lets it. */
    private static final long FLOOD_CAP_BYTES = 512L << 20;

    private static final long READ_SLACK_BYTES = 8L << 20;
    private static final Duration IDLE = Duration.ofSeconds(3);
    private static final Duration STALLED_AFTER = Duration.ofSeconds(1);
    private static final Duration CLOSE_BOUND = Duration.ofSeconds(3);

    @Test
    void aTlsClientThatNeverReadsIsStoppedThenClosedAndOthersAreServed() throws Exception {
        String request = "GET /echo HTTP/1.1\r\nHost: localhost\r\nX-Padding: " + "p".repeat(1000) + "\r\n\r\n";
        byte[] batch = request.repeat(64).getBytes(StandardCharsets.US_ASCII);
        AtomicLong sent = new AtomicLong();
        AtomicLong lastProgressNanos = new AtomicLong();
        try (RunningServer server = ServerModels.byName(NioReactorServer.NAME)
                        .start(KitTransport.TLS.apply(
                                ServerConfig.defaults().withWorkerThreads(1).withIdleTimeout(IDLE)));
                RawHttpConnection flooder = KitTransport.TLS.connect(server.port(), 60_000)) {
            OutputStream out = flooder.socket().getOutputStream();
            lastProgressNanos.set(System.nanoTime());
            CompletableFuture<IOException> flood = CompletableFuture.supplyAsync(
                    () -> {
                        try {
                            while (sent.get() < FLOOD_CAP_BYTES) {
                                out.write(batch);
                                sent.addAndGet(batch.length);
                                lastProgressNanos.set(System.nanoTime());
                            }
                            return null;
                        } catch (IOException e) {
                            return e; // the server closed the connection, as it should
                        }
                    },
                    r -> Thread.ofPlatform().name("tls-flooder").start(r));

            awaitStall(flood, sent, lastProgressNanos);
            long readBound = socketBuffersBytes() + READ_SLACK_BYTES;
            System.out.printf(
                    "nio-reactor over TLS: the flooder stalled after %d MiB of requests (bound %d MiB)%n",
                    sent.get() >> 20, readBound >> 20);
            assertFalse(flood.isDone(), "the flooder was never stopped: the server kept reading");
            assertTrue(
                    sent.get() <= readBound,
                    "the server took " + (sent.get() >> 20) + " MiB, more than the socket buffers hold ("
                            + (readBound >> 20) + " MiB with slack)");

            try (RawHttpConnection bystander = KitTransport.TLS.connect(server.port())) {
                RawHttpConnection.Response answer = bystander
                        .send("GET /plaintext HTTP/1.1\r\nHost: localhost\r\n\r\n")
                        .read();
                assertEquals("Hello, World!", answer.bodyText());
            }
            assertFalse(flood.isDone(), "the flooder was closed before the idle timeout");

            IOException closed = flood.get(IDLE.plus(CLOSE_BOUND).toMillis() + 10_000, TimeUnit.MILLISECONDS);
            assertNotNull(closed, "the flooder's writes ended without an error");
            long heldMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - lastProgressNanos.get());
            assertTrue(
                    heldMillis <= IDLE.plus(CLOSE_BOUND).toMillis(),
                    "closed " + heldMillis + " ms after the server last took requests");
        }
    }

    /** Waits (bounded) until the flooder, having sent some, has made no progress for {@link #STALLED_AFTER}. */
    private static void awaitStall(CompletableFuture<IOException> flood, AtomicLong sent, AtomicLong lastProgressNanos)
            throws InterruptedException {
        long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() - giveUp < 0 && !flood.isDone()) {
            if (sent.get() > 0 && System.nanoTime() - lastProgressNanos.get() > STALLED_AFTER.toNanos()) {
                return;
            }
            Thread.sleep(20); // polling the flooder's progress, not waiting for the server
        }
    }

    /** The client's send buffer and the server's receive buffer at the kernel's largest, as the kit bounds them. */
    private static long socketBuffersBytes() throws IOException {
        return largest("/proc/sys/net/ipv4/tcp_wmem") + largest("/proc/sys/net/ipv4/tcp_rmem");
    }

    private static long largest(String sysctl) throws IOException {
        String[] values = Files.readAllLines(Path.of(sysctl)).get(0).strip().split("\\s+");
        return Long.parseLong(values[values.length - 1]);
    }
}
