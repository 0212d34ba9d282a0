package io.httpmodels.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BackgroundConnectionsTest {

    @Test
    void idleConnectionsAreEachAnsweredOnceAndHeldBesideTheMeasuredLoad() throws IOException {
        try (TestServer server = TestServer.ok()) {
            LoadReport report = new LoadClient(LoadConfig.builder(server.url("/plaintext"))
                            .connections(2)
                            .requests(300)
                            .idleConnections(50)
                            .build())
                    .run();
            assertEquals(300, report.recorded().requests());
            assertEquals(0, report.responses().errors().total());
            BackgroundReport b = report.background();
            assertNotNull(b);
            assertEquals(50, b.idle().connections());
            assertEquals(50, b.idle().answered());
            assertEquals(50, b.idle().open());
            assertEquals(0, b.idle().closedByServer());
            assertEquals(0, b.idle().errorAnswers());
            assertTrue(b.opening().beforeStart());
            assertEquals(0, b.slow().connections());
            // One request per idle connection, none counted among the measured ones.
            assertTrue(server.requests() >= 350, "requests served: " + server.requests());
            assertEquals(52, server.connections());
            String text = ReportText.render(report);
            assertTrue(text.contains("Idle connections: 50 asked, 50 answered, 50 open at the end"), text);
            assertTrue(ReportJson.render(report).contains("\"idleAnswered\": 50"));
        }
    }

    @Test
    void aRunWithoutBackgroundReportsNone() throws IOException {
        try (TestServer server = TestServer.ok()) {
            LoadReport report = new LoadClient(LoadConfig.builder(server.url("/"))
                            .connections(1)
                            .requests(10)
                            .build())
                    .run();
            assertNull(report.background());
            assertTrue(ReportJson.render(report).contains("\"background\": null"));
        }
    }

    @Test
    void idleConnectionsAServerNeverAnswersAreOpenButNotAnswered() throws IOException {
        // As a fixed pool whose threads are all taken: the kernel completes the connects, nobody reads them.
        try (ServerSocket silent = TestServer.listener(100)) {
            LoadConfig config = LoadConfig.builder("http://127.0.0.1:" + silent.getLocalPort() + "/")
                    .idleConnections(20)
                    .build();
            BackgroundConnections background =
                    new BackgroundConnections(config, address(silent), config.encodeRequest());
            background.start();
            boolean opened = background.awaitOpened(System.nanoTime() + TimeUnit.SECONDS.toNanos(10), () -> false);
            BackgroundReport b = background.stop(opened);
            assertTrue(opened);
            assertEquals(20, b.idle().open());
            assertEquals(0, b.idle().answered());
        }
    }

    @Test
    void slowConnectionsTrickleARequestHeadAndAreReopenedWhenTheServerClosesThem() throws Exception {
        // A server with a header deadline, in miniature: it reads 30 bytes of a head, answers 408 and closes.
        int slow = 3;
        CountDownLatch rounds = new CountDownLatch(2 * slow);
        List<String> heads = new CopyOnWriteArrayList<>();
        try (ServerSocket server = TestServer.listener(50)) {
            Thread acceptor = new Thread(() -> {
                while (true) {
                    try (Socket s = server.accept()) {
                        byte[] head = s.getInputStream().readNBytes(30);
                        if (head.length < 30) {
                            continue; // closed by the client as the test stops it
                        }
                        heads.add(new String(head, StandardCharsets.ISO_8859_1));
                        s.getOutputStream()
                                .write("HTTP/1.1 408 Request Timeout\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                                        .getBytes(StandardCharsets.ISO_8859_1));
                        rounds.countDown();
                    } catch (IOException e) {
                        return; // the server socket closed: the test is over
                    }
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            LoadConfig config = LoadConfig.builder("http://127.0.0.1:" + server.getLocalPort() + "/slow")
                    .slowConnections(slow)
                    .slowInterval(Duration.ofMillis(2))
                    .build();
            BackgroundConnections background =
                    new BackgroundConnections(config, address(server), config.encodeRequest());
            background.start();
            assertTrue(background.awaitOpened(System.nanoTime() + TimeUnit.SECONDS.toNanos(10), () -> false));
            assertTrue(rounds.await(30, TimeUnit.SECONDS), "the slow connections were not reopened");
            BackgroundReport b = background.stop(true);
            assertTrue(
                    b.slow().closedByServer() >= slow,
                    "closed by the server: " + b.slow().closedByServer());
            assertTrue(b.slow().answered() >= slow, "answered: " + b.slow().answered());
            assertTrue(
                    b.slow().bytesSent() >= 2 * slow * 30L, "bytes: " + b.slow().bytesSent());
            String expected = ("GET /slow HTTP/1.1\r\nHost: 127.0.0.1:" + server.getLocalPort() + "\r\nX-Slow: 1\r\n")
                    .substring(0, 30);
            for (String head : heads) {
                assertEquals(expected, head);
            }
        }
    }

    @Test
    void slowConnectionsHoldTheirServerThreadsWhileTheMeasuredLoadRuns() throws IOException {
        try (TestServer server = TestServer.ok()) {
            LoadReport report = new LoadClient(LoadConfig.builder(server.url("/"))
                            .connections(2)
                            .requests(200)
                            .slowConnections(4)
                            .slowInterval(Duration.ofMillis(5))
                            .build())
                    .run();
            assertEquals(200, report.recorded().requests());
            BackgroundReport b = report.background();
            assertEquals(4, b.slow().open());
            assertEquals(0, b.slow().closedByServer());
            assertEquals(200, server.requests()); // a slow head never completes a request
            assertEquals(6, server.connections());
        }
    }

    @Test
    void twoThousandIdleConnectionsFitInAFifthOf256MegabytesOfHeap() throws IOException {
        // The load client holds 10,000 idle connections within a 256 MB heap; here a fifth of them, in a fifth
        // of the heap, measured as heap used after GC (the bound is generous: a connection takes ~1-2 KB).
        int count = 2_000;
        long fds = ((com.sun.management.UnixOperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getMaxFileDescriptorCount();
        assumeTrue(fds > 2L * count + 500, "needs a file limit above " + (2 * count + 500) + ", have " + fds);
        try (ServerSocket server = TestServer.listener(count)) {
            List<Socket> accepted = new CopyOnWriteArrayList<>();
            Thread acceptor = new Thread(() -> {
                while (true) {
                    try {
                        accepted.add(server.accept());
                    } catch (IOException e) {
                        return;
                    }
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            long before = heapAfterGc();
            LoadConfig config = LoadConfig.builder("http://127.0.0.1:" + server.getLocalPort() + "/")
                    .idleConnections(count)
                    .build();
            BackgroundConnections background =
                    new BackgroundConnections(config, address(server), config.encodeRequest());
            background.start();
            boolean opened = background.awaitOpened(System.nanoTime() + TimeUnit.SECONDS.toNanos(30), () -> false);
            long held = heapAfterGc() - before;
            BackgroundReport b = background.stop(opened);
            for (Socket s : accepted) {
                s.close();
            }
            assertTrue(opened);
            assertEquals(count, b.idle().open());
            assertTrue(held < 256L * 1024 * 1024 / 5, "heap held by " + count + " connections: " + held + " bytes");
        }
    }

    private static long heapAfterGc() {
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static InetSocketAddress address(ServerSocket server) {
        return new InetSocketAddress(InetAddress.getLoopbackAddress(), server.getLocalPort());
    }
}
