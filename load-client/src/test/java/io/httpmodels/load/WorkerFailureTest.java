package io.httpmodels.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.load.ScriptedServer.Reply;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A {@link Worker}'s one error path and what it costs, on a {@link TestClock}: a request or a connect that outlives
 * the timeout, connects refused (with their back-off, and the abort when none ever succeeds), a target that stops
 * accepting, a server that closes an idle connection, answers that come early or in pieces, and the connections
 * and descriptors a worker leaves behind (none). Exact counts and instants throughout.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class WorkerFailureTest {

    private static Duration ms(double millis) {
        return Duration.ofNanos(Math.round(millis * 1e6));
    }

    private static WorkerRun run(TestClock clock, InetSocketAddress target, LoadConfig config, long quota) {
        return WorkerRun.of(
                clock,
                target,
                config,
                config.connections().count(),
                quota,
                config.pacing().rate());
    }

    private static int closedPort() throws IOException {
        try (ServerSocket probe = new ServerSocket(0)) {
            return probe.getLocalPort(); // free once closed: connects are refused
        }
    }

    @Test
    void aRequestOutstandingLongerThanTheTimeoutIsATimeoutAndIsSentAgainOnANewConnection() throws IOException {
        TestClock clock = new TestClock();
        try (ScriptedServer server = ScriptedServer.start(clock, (i, c) -> i == 1 ? Reply.none() : Reply.ok())) {
            LoadConfig config = LoadConfig.builder(server.url("/"))
                    .connections(1)
                    .requests(3)
                    .timeout(ms(30))
                    .build();
            WorkerRun r = run(clock, server.address(), config, 3);
            assertNull(r.run().abortReason());
            Worker w = r.worker();
            assertEquals(3, w.completed());
            assertEquals(1, w.errors().timeout());
            assertEquals(1, w.errors().total());
            assertEquals(1, w.publishedErrors());
            assertEquals(2, w.connectsSucceeded());
            // Request 1, sent at 0, is 30 ms old at 30 ms, not older: it is given up at the next housekeeping, and
            // sent again at once.
            assertEquals(List.of(Duration.ZERO, Duration.ZERO, ms(40), ms(40)), server.requestTimes());
            assertEquals(List.of(2, 2), server.requestsPerConnection());
            assertTrue(server.allClosedByClient(), "the timed-out connection was closed, and the last one at the end");
        }
    }

    @Test
    void aConnectThatHangsIsTimedOutAndRetriedWithBackOffUntilTheRunIsAborted() throws IOException {
        TestClock clock = new TestClock();
        try (FullListener listener = new FullListener()) {
            LoadConfig config = LoadConfig.builder(
                            "http://127.0.0.1:" + listener.address().getPort() + "/")
                    .connections(1)
                    .requests(1)
                    .timeout(ms(30))
                    .build();
            WorkerRun r = run(clock, listener.address(), config, 1);
            assertEquals(
                    "cannot connect to 127.0.0.1:" + listener.address().getPort()
                            + ": connect timed out (10 attempts, none succeeded)",
                    r.run().abortReason());
            assertEquals(10, r.worker().errors().timeout());
            assertEquals(10, r.worker().errors().total());
            assertEquals(0, r.worker().connectsSucceeded());
            // Each attempt is given up at the first housekeeping (every 10 ms) more than 30 ms after it began, and
            // the next begins 1, 2, 4 ... 64, then 100 ms later: at 0, 41, 82, 124, 168, 216, 282, 384, 520 and
            // 660 ms; the tenth is given up at 700 ms.
            assertEquals(ms(700), r.stoppedAfter());
        }
    }

    @Test
    void aRefusedConnectIsRetriedAfter1MsThenTwiceAsLongEachTimeUpTo100MsAndGivenUpAfterTenTries() throws IOException {
        TestClock clock = new TestClock();
        int port = closedPort();
        LoadConfig config = LoadConfig.builder("http://127.0.0.1:" + port + "/")
                .connections(1)
                .requests(1)
                .build();
        WorkerRun r = run(clock, new InetSocketAddress("127.0.0.1", port), config, 1);
        assertEquals(
                "cannot connect to 127.0.0.1:" + port + ": Connection refused (10 attempts, none succeeded)",
                r.run().abortReason());
        assertEquals(10, r.worker().errors().connect());
        assertEquals(10, r.worker().publishedErrors());
        // Tries at 0, 1, 3, 7, 15, 31, 63, 127, 227 and 327 ms.
        assertEquals(ms(327), r.stoppedAfter());
    }

    @Test
    void withSeveralConnectionsARefusedTargetIsGivenUpAfterThreeTriesEach() throws IOException {
        TestClock clock = new TestClock();
        int port = closedPort();
        LoadConfig config = LoadConfig.builder("http://127.0.0.1:" + port + "/")
                .connections(4)
                .requests(8)
                .build();
        WorkerRun r = run(clock, new InetSocketAddress("127.0.0.1", port), config, 8);
        assertEquals(
                "cannot connect to 127.0.0.1:" + port + ": Connection refused (12 attempts, none succeeded)",
                r.run().abortReason());
        assertEquals(12, r.worker().errors().connect());
        assertEquals(ms(3), r.stoppedAfter(), "each connection tried at 0, 1 and 3 ms");
    }

    @Test
    void anUnresolvableTargetFailsEachConnectAsItIsMade() throws IOException {
        TestClock clock = new TestClock();
        LoadConfig config = LoadConfig.builder("http://127.0.0.1:1/")
                .connections(1)
                .requests(1)
                .build();
        WorkerRun r = run(clock, InetSocketAddress.createUnresolved("no-such-host.invalid", 80), config, 1);
        assertEquals(
                "cannot connect to no-such-host.invalid:80: null (10 attempts, none succeeded)",
                r.run().abortReason());
        assertEquals(10, r.worker().errors().connect());
        assertEquals(ms(327), r.stoppedAfter());
    }

    @Test
    void aTargetThatStopsAcceptingIsDeclaredGoneAfterFiveSecondsOfRefusedConnects() throws IOException {
        TestClock clock = new TestClock();
        try (ScriptedServer server =
                ScriptedServer.start(clock, (i, c) -> Reply.ok().after(ms(1)))) {
            clock.at(ms(50), server::kill);
            LoadConfig config = LoadConfig.builder(server.url("/"))
                    .connections(2)
                    .requests(1_000_000)
                    .timeout(Duration.ofSeconds(60))
                    .build();
            WorkerRun r = run(clock, server.address(), config, 1_000_000);
            Worker w = r.worker();
            String target = "127.0.0.1:" + server.address().getPort();
            // Both connections are reset at 50 ms, and every connect is refused from then on, each slot trying
            // again 1, 2, 4 ... 64, then 100 ms later (at 51, 53, ... 177, 277 ... 4977, 5077 ms): the first refusal
            // 5 s after the first (50 ms) ends the run.
            assertEquals(
                    target + " stopped accepting connections: Connection refused (113 attempts failed in a row)",
                    r.run().abortReason());
            assertEquals(ms(5077), r.stoppedAfter());
            assertEquals(2, w.errors().read(), "the two resets");
            assertEquals(
                    114, w.errors().connect(), "the other slot's refusal at 5077 ms, in the same turn, counts too");
            assertEquals(2, w.connectsSucceeded());
            assertEquals(98, w.completed(), "two connections answered each millisecond up to 49 ms; 50 ms is the kill");
        }
    }

    @Test
    void anIdleConnectionClosedByTheServerIsReopenedWithoutAnError() throws IOException {
        TestClock clock = new TestClock();
        // Request 0 is answered and its connection closed at once; request 1 takes 10 ms. The closed connection
        // has nothing outstanding: the close is not an error, and the quota's third request goes on a new one.
        try (ScriptedServer server = ScriptedServer.start(
                clock, (i, c) -> i == 0 ? Reply.ok().thenClose() : Reply.ok().after(ms(i == 1 ? 10 : 1)))) {
            LoadConfig config = LoadConfig.builder(server.url("/"))
                    .connections(2)
                    .requests(3)
                    .build();
            WorkerRun r = run(clock, server.address(), config, 3);
            Worker w = r.worker();
            assertNull(r.run().abortReason());
            assertEquals(3, w.completed());
            assertEquals(0, w.errors().total(), w.errors().toString());
            assertEquals(3, w.connectsSucceeded());
            assertEquals(List.of(1, 1, 1), server.requestsPerConnection());
            assertEquals(ms(10), r.stoppedAfter());
        }
    }

    @Test
    void anAnswerBeforeTheWholeRequestIsWrittenIsRecordedAndTheNextRequestFollowsTheWrite() throws IOException {
        TestClock clock = new TestClock();
        // The server answers each request as soon as its head arrives, while the client is still writing its
        // 16 MB body.
        try (ScriptedServer server = ScriptedServer.ok(clock)) {
            LoadConfig config = LoadConfig.builder(server.url("/"))
                    .connections(1)
                    .requests(3)
                    .method("POST")
                    .body(new byte[16 << 20])
                    .timeout(Duration.ofSeconds(60))
                    .maxTime(Duration.ofSeconds(10))
                    .build();
            WorkerRun r = run(clock, server.address(), config, 3);
            assertNull(r.run().abortReason());
            assertEquals(3, r.worker().completed());
            assertEquals(0, r.worker().errors().total());
            assertEquals(3, server.requests());
        }
    }

    @Test
    void withoutKeepAliveTheWaitIsTimedToTheFirstByteAndTheTotalToTheLast() throws IOException {
        TestClock clock = new TestClock();
        // Each answer starts 2 ms after its request and ends 1 ms later, in two pieces; the server then closes.
        try (ScriptedServer server = ScriptedServer.start(
                clock, (i, c) -> Reply.ok().after(ms(2)).inHalves(ms(1)).thenClose())) {
            LoadConfig config = LoadConfig.builder(server.url("/"))
                    .connections(1)
                    .requests(5)
                    .keepAlive(false)
                    .build();
            WorkerRun r = run(clock, server.address(), config, 5);
            Worker w = r.worker();
            assertNull(r.run().abortReason());
            assertEquals(5, w.completed());
            assertEquals(0, w.errors().total(), w.errors().toString());
            assertEquals(5, w.connectsSucceeded(), "a connection a request, none opened beyond the last");
            assertEquals(5, w.connectTimes().getTotalCount());
            assertEquals(1, w.connectTimes().getMaxValue(), "a loopback connect completes at once: 1 µs, the least");
            assertEquals(5, w.waitTimes().getCountAtValue(2_000));
            assertEquals(5, w.totalTimes().getCountAtValue(3_000));
            assertEquals(5, r.latencies().getCountAtValue(3_000));
            assertEquals(ms(15), r.stoppedAfter());
            assertTrue(server.allClosedByClient());
        }
    }

    @Test
    void connectsOfTheWarmUpAreNotTimed() throws IOException {
        TestClock clock = new TestClock();
        try (ScriptedServer server =
                ScriptedServer.start(clock, (i, c) -> Reply.ok().after(ms(3)).thenClose())) {
            LoadConfig config = LoadConfig.builder(server.url("/"))
                    .connections(1)
                    .requests(4)
                    .keepAlive(false)
                    .warmup(ms(6))
                    .build();
            WorkerRun r = run(clock, server.address(), config, 4);
            // Connects at 0, 3 (warm-up), 6 (recording from there), 9, 12 and 15 ms; answers 3 ms later.
            assertEquals(6, r.worker().connectsSucceeded());
            assertEquals(4, r.worker().connectTimes().getTotalCount());
            assertEquals(4, r.worker().waitTimes().getTotalCount());
        }
    }

    @Test
    void aWorkerLeavesNoConnectionOrDescriptorOpen() throws IOException {
        com.sun.management.UnixOperatingSystemMXBean os =
                (com.sun.management.UnixOperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        for (int round = 0; round < 2; round++) {
            TestClock clock = new TestClock();
            try (ScriptedServer server =
                    ScriptedServer.start(clock, (i, c) -> Reply.ok().after(ms(1)))) {
                LoadConfig config = LoadConfig.builder(server.url("/"))
                        .connections(3)
                        .requests(30)
                        .build();
                long before = os.getOpenFileDescriptorCount();
                WorkerRun r = run(clock, server.address(), config, 30);
                assertEquals(30, r.worker().completed());
                assertTrue(server.allClosedByClient(), "each connection closed");
                // The first round loads what a run loads once (classes, their jars); the second must leave nothing.
                if (round == 1) {
                    assertEquals(before, os.getOpenFileDescriptorCount(), "descriptors left open");
                }
            }
        }
    }
}
