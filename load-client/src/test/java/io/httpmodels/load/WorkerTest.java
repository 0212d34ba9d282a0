package io.httpmodels.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The load client's event loop, one {@link Worker} at a time, run on the test's thread against a scripted
 * {@link TestServer}: counted runs only, which end when the worker has recorded its quota, so nothing here waits
 * for a clock except the timeouts a test is about (tens of milliseconds). Exact counts throughout: what was sent,
 * answered, recorded, counted as which error, on how many connections.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class WorkerTest {

    private static final int OK_BYTES = TestServer.OK.length;

    /**
     * Runs one worker of {@code connections} connections to its quota on this thread, on the system's clock (guarded:
     * a loop that never waits fails), and returns it.
     */
    private static Worker run(TestServer server, LoadConfig.Builder config, int connections, long quota, double rate) {
        WorkerRun run =
                WorkerRun.of(new GuardedSystemClock(), server.address(), config.build(), connections, quota, rate);
        assertNull(run.run().abortReason(), run.run().abortReason());
        return run.worker();
    }

    private static LoadConfig.Builder counted(TestServer server, long requests) {
        return LoadConfig.builder(server.url("/plaintext")).requests(requests).timeout(Duration.ofSeconds(5));
    }

    private static long recorded(Worker worker) {
        List<Histogram> intervals = new ArrayList<>();
        worker.intervals().drainTo(intervals);
        return intervals.stream().mapToLong(Histogram::getTotalCount).sum();
    }

    @Test
    void aClosedLoopRecordsExactlyItsQuotaOnEveryConnection() throws IOException {
        try (TestServer server = TestServer.ok()) {
            Worker worker = run(server, counted(server, 101).connections(3), 3, 101, 0);
            assertEquals(101, worker.completed());
            assertEquals(101, recorded(worker));
            assertEquals(101, worker.statusCounts()[200]);
            assertEquals(0, worker.errors().total());
            assertEquals(3, worker.connectsSucceeded());
            assertEquals(3, worker.slotsServed());
            assertEquals(101L * OK_BYTES, worker.bytesRead());
            assertEquals(101, server.requests(), "no request beyond the quota");
            assertNull(worker.uncorrected(), "closed loop: no uncorrected histogram");
            assertNull(worker.connectTimes(), "keep-alive: no connect histogram");
            assertTrue(worker.stoppedNanos() > 0);
            assertTrue(worker.recordingStartedNanos() > 0);
        }
    }

    @Test
    void aPipelinedLoopSendsBatchesOfItsDepthAndStillStopsAtTheQuota() throws IOException {
        try (TestServer server = TestServer.ok()) {
            Worker worker = run(server, counted(server, 50).connections(2).pipeline(16), 2, 50, 0);
            assertEquals(50, worker.completed());
            assertEquals(50, worker.statusCounts()[200]);
            assertEquals(50, server.requests(), "the last batches are cut to the quota");
            assertEquals(0, worker.errors().total());
        }
    }

    @Test
    void withoutKeepAliveEachRequestOpensAConnectionAndIsTimedInThreeParts() throws IOException {
        try (TestServer server = TestServer.start((i, out, s) -> {
            out.write(TestServer.OK);
            return false; // the server closes after each answer
        })) {
            Worker worker = run(server, counted(server, 20).connections(2).keepAlive(false), 2, 20, 0);
            assertEquals(20, worker.completed());
            assertEquals(0, worker.errors().total(), worker.errors().toString());
            assertTrue(worker.connectsSucceeded() >= 20, worker.connectsSucceeded() + " connects");
            // A connection reopened before the last answer arrived is timed too, and never used.
            long connects = worker.connectTimes().getTotalCount();
            assertTrue(connects >= 20 && connects <= 22, connects + " connects timed");
            assertEquals(20, worker.waitTimes().getTotalCount());
            assertEquals(20, worker.totalTimes().getTotalCount());
            assertTrue(worker.totalTimes().getMinValue() >= worker.waitTimes().getMinValue());
        }
    }

    @Test
    void errorStatusesAreCountedPerStatusAndTheConnectionKept() throws IOException {
        byte[] error = TestServer.response(503, "busy");
        try (TestServer server = TestServer.start((i, out, s) -> {
            out.write(i % 2 == 0 ? TestServer.OK : error);
            return true;
        })) {
            Worker worker = run(server, counted(server, 40), 1, 40, 0);
            assertEquals(40, worker.completed());
            assertEquals(20, worker.statusCounts()[200]);
            assertEquals(20, worker.statusCounts()[503]);
            assertEquals(20, worker.errors().status());
            assertEquals(20, worker.errors().total());
            assertEquals(1, server.connections(), "a status error keeps the connection");
        }
    }

    @Test
    void aMalformedAnswerIsCountedAndTheConnectionReopened() throws IOException {
        try (TestServer server = TestServer.start((i, out, s) -> {
            out.write(i == 3 ? "garbage\r\n\r\n".getBytes(StandardCharsets.US_ASCII) : TestServer.OK);
            return true;
        })) {
            Worker worker = run(server, counted(server, 10), 1, 10, 0);
            assertEquals(10, worker.completed());
            assertEquals(1, worker.errors().malformed());
            assertEquals(1, worker.errors().total());
            assertEquals(2, worker.connectsSucceeded(), "reopened once");
            assertEquals(11, server.requests(), "the lost request is sent again");
        }
    }

    @Test
    void moreAnswersThanRequestsAreMalformed() throws IOException {
        try (TestServer server = TestServer.start((i, out, s) -> {
            out.write(TestServer.OK);
            if (i == 0) {
                out.write(TestServer.OK); // one the client never asked for
            }
            return true;
        })) {
            Worker worker = run(server, counted(server, 5), 1, 5, 0);
            assertEquals(5, worker.completed());
            assertEquals(1, worker.errors().malformed());
            assertEquals(2, worker.connectsSucceeded());
        }
    }

    @Test
    void aCloseWithARequestOutstandingIsAClosedError() throws IOException {
        try (TestServer server = TestServer.start((i, out, s) -> {
            if (i == 2) {
                return false; // closes without answering
            }
            out.write(TestServer.OK);
            return true;
        })) {
            Worker worker = run(server, counted(server, 6), 1, 6, 0);
            assertEquals(6, worker.completed());
            assertEquals(1, worker.errors().closed());
            assertEquals(1, worker.errors().total());
            assertEquals(2, worker.connectsSucceeded());
        }
    }

    @Test
    void aServerThatClosesAfterAnAnswerCostsAReconnectNotAnError() throws IOException {
        byte[] closing = ("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 13\r\n\r\nHello, World!")
                .getBytes(StandardCharsets.US_ASCII);
        try (TestServer server = TestServer.start((i, out, s) -> {
            boolean close = i % 3 == 2;
            out.write(close ? closing : TestServer.OK);
            return !close;
        })) {
            Worker worker = run(server, counted(server, 9), 1, 9, 0);
            assertEquals(9, worker.completed());
            assertEquals(0, worker.errors().total(), worker.errors().toString());
            assertEquals(3, worker.connectsSucceeded());
        }
    }

    @Test
    void aConstantRateRunRecordsItsQuotaFromTheIntendedSendTimes() throws IOException {
        try (TestServer server = TestServer.ok()) {
            Worker worker = run(server, counted(server, 30).connections(2).rate(3000), 2, 30, 3000);
            assertEquals(30, worker.completed());
            assertEquals(30, worker.uncorrected().getTotalCount());
            assertEquals(30, recorded(worker));
            assertEquals(30, server.requests());
            assertEquals(0, worker.errors().total());
        }
    }

    @Test
    void headAnswersHaveNoBodyWhateverTheirLength() throws IOException {
        byte[] head = "HTTP/1.1 200 OK\r\nContent-Length: 13\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
        try (TestServer server = TestServer.start((i, out, s) -> {
            out.write(head);
            return true;
        })) {
            Worker worker = run(server, counted(server, 7).method("HEAD"), 1, 7, 0);
            assertEquals(7, worker.completed());
            assertEquals(0, worker.errors().total());
            assertEquals(7L * head.length, worker.bytesRead());
        }
    }

    @Test
    void aRequestLargerThanTheSocketTakesAtOnceIsFinishedWhenWritable() throws IOException {
        AtomicInteger served = new AtomicInteger();
        try (TestServer server = TestServer.start((i, out, s) -> {
            served.incrementAndGet();
            out.write(TestServer.OK);
            return true;
        })) {
            byte[] body = new byte[4 << 20];
            Worker worker =
                    run(server, counted(server, 3).method("POST").body(body).pipeline(2), 1, 3, 0);
            assertEquals(3, worker.completed());
            assertEquals(0, worker.errors().total());
            assertEquals(3, served.get());
        }
    }

    @Test
    void anInterruptedWorkerEndsItsRunInsteadOfSpinning() throws Exception {
        // A listener that never accepts: the kernel completes the connect, nobody ever answers.
        try (ServerSocket silent = TestServer.listener(1)) {
            LoadConfig config = LoadConfig.builder("http://127.0.0.1:" + silent.getLocalPort() + "/plaintext")
                    .requests(1)
                    .timeout(Duration.ofMinutes(1))
                    .build();
            RunState state = new RunState(System.nanoTime(), 1_000_000, config);
            // The plain system clock: no guard here would end the wait but the interrupt.
            InetSocketAddress target = new InetSocketAddress("127.0.0.1", silent.getLocalPort());
            Worker worker = new Worker(0, NanoClock.SYSTEM, config, target, state, 1, 1, 0, config.encodeRequest());
            Thread thread = new Thread(worker, "worker-under-test");
            thread.start();
            try {
                thread.interrupt(); // wherever it is: its selects return at once from now on
                thread.join(Duration.ofSeconds(10));
                assertFalse(thread.isAlive(), "an interrupted worker ends, its one request unanswered");
                assertEquals("worker 0 interrupted", state.abortReason());
                assertEquals(0, worker.completed());
            } finally {
                state.abort("the test is over"); // a worker that was never interrupted stops too
                thread.join(Duration.ofSeconds(10));
            }
        }
    }

    @Test
    void microsRoundToTheNearestAndStayWithinTheHistogramsRange() {
        assertEquals(1, Worker.micros(0), "never zero");
        assertEquals(1, Worker.micros(-5));
        assertEquals(1, Worker.micros(1_499));
        assertEquals(2, Worker.micros(1_500));
        assertEquals(1_000, Worker.micros(999_999_500L / 1000));
        assertEquals(Worker.HIGHEST_MICROS, Worker.micros(Long.MAX_VALUE / 2));
        assertEquals(Worker.HIGHEST_MICROS, Worker.micros(Worker.HIGHEST_MICROS * 1000 + 400));
        assertEquals(Worker.HIGHEST_MICROS - 1, Worker.micros((Worker.HIGHEST_MICROS - 1) * 1000));
    }
}
