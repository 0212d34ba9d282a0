package io.httpmodels.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.load.ScriptedServer.Reply;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A {@link Worker} at a constant rate, on a {@link TestClock}: requests go out when they are due and not before, on
 * the connections in turn, never more in flight on one than the pipeline allows; latency counts from when a request
 * was due (a stall is charged to every request it delayed), the uncorrected figure from when it was sent; the
 * warm-up's requests and what the quota does not allow are not sent or not recorded.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class WorkerRateTest {

    private static Duration ms(double millis) {
        return Duration.ofNanos(Math.round(millis * 1e6));
    }

    private static WorkerRun run(TestClock clock, ScriptedServer server, LoadConfig config, long quota) {
        WorkerRun run = WorkerRun.of(
                clock,
                server.address(),
                config,
                config.connections().count(),
                quota,
                config.pacing().rate());
        assertNull(run.run().abortReason(), run.run().abortReason());
        return run;
    }

    @Test
    void aStallIsChargedToEveryRequestItDelayedAndTheUncorrectedLatencyShowsOnlyTheServiceTime() throws IOException {
        TestClock clock = new TestClock();
        // Due every 10 ms; each answered 10 ms after it arrives, but request 2 after 35 ms.
        try (ScriptedServer server =
                ScriptedServer.start(clock, (i, c) -> Reply.ok().after(ms(i == 2 ? 35 : 10)))) {
            LoadConfig config = LoadConfig.builder(server.url("/"))
                    .connections(1)
                    .rate(100)
                    .requests(6)
                    .build();
            WorkerRun r = run(clock, server, config, 6);
            Worker w = r.worker();
            // Requests 3, 4 and 5, due at 30, 40 and 50 ms, wait for the one connection: sent at 55, 65 and 75 ms.
            assertEquals(List.of(ms(0), ms(10), ms(20), ms(55), ms(65), ms(75)), server.requestTimes());
            assertEquals(6, w.completed());
            assertEquals(2, r.latencies().getCountAtValue(10_000));
            assertEquals(4, r.latencies().getCountAtValue(35_000), "from when each was due");
            assertEquals(6, w.uncorrected().getTotalCount());
            assertEquals(5, w.uncorrected().getCountAtValue(10_000));
            assertEquals(1, w.uncorrected().getCountAtValue(35_000), "from when each was sent");
            assertEquals(ms(85), r.stoppedAfter());
        }
    }

    @Test
    void requestsGoOutWhenDueOnTheConnectionsInTurn() throws IOException {
        TestClock clock = new TestClock();
        try (ScriptedServer server =
                ScriptedServer.start(clock, (i, c) -> Reply.ok().after(ms(1)))) {
            LoadConfig config = LoadConfig.builder(server.url("/"))
                    .connections(3)
                    .rate(200)
                    .requests(9)
                    .build();
            WorkerRun r = run(clock, server, config, 9);
            assertEquals(
                    List.of(ms(0), ms(5), ms(10), ms(15), ms(20), ms(25), ms(30), ms(35), ms(40)),
                    server.requestTimes());
            assertEquals(List.of(3, 3, 3), server.requestsPerConnection());
            assertEquals(9, r.latencies().getCountAtValue(1_000));
            assertEquals(ms(41), r.stoppedAfter());
        }
    }

    @Test
    void aScheduleUnderAMillisecondApartIsKeptToTheMicrosecond() throws IOException {
        TestClock clock = new TestClock();
        try (ScriptedServer server = ScriptedServer.ok(clock)) {
            LoadConfig config = LoadConfig.builder(server.url("/"))
                    .connections(1)
                    .rate(1500)
                    .requests(4)
                    .build();
            run(clock, server, config, 4);
            List<Duration> sent = server.requestTimes();
            assertEquals(4, sent.size());
            for (int k = 0; k < 4; k++) {
                long late = sent.get(k).toNanos() - Math.round(k * 1e9 / 1500);
                assertTrue(late >= 0 && late < 2_000, "request " + k + " sent " + late + " ns after it was due");
            }
        }
    }

    @Test
    void noMoreThanThePipelineIsInFlightOnAConnectionWhateverIsDue() throws IOException {
        TestClock clock = new TestClock();
        try (ScriptedServer server = ScriptedServer.start(clock, (i, c) -> Reply.none())) {
            LoadConfig config = LoadConfig.builder(server.url("/"))
                    .connections(1)
                    .pipeline(2)
                    .rate(100)
                    .duration(ms(55))
                    .timeout(Duration.ofSeconds(60))
                    .build();
            WorkerRun r = run(clock, server, config, -1);
            assertEquals(List.of(ms(0), ms(10)), server.requestTimes(), "4 more due, none sent");
            assertEquals(0, r.worker().completed());
            assertEquals(ms(55), r.stoppedAfter());
        }
    }

    @Test
    void theWarmUpsRequestsAreSentButNeitherRecordedNorCountedAgainstTheQuota() throws IOException {
        TestClock clock = new TestClock();
        try (ScriptedServer server =
                ScriptedServer.start(clock, (i, c) -> Reply.ok().after(ms(1)))) {
            LoadConfig config = LoadConfig.builder(server.url("/"))
                    .connections(1)
                    .rate(100)
                    .requests(3)
                    .warmup(ms(25))
                    .build();
            WorkerRun r = run(clock, server, config, 3);
            assertEquals(
                    List.of(ms(0), ms(10), ms(20), ms(30), ms(40), ms(50)),
                    server.requestTimes(),
                    "3 in the warm-up, 3 after");
            assertEquals(3, r.worker().completed());
            assertEquals(3, r.worker().uncorrected().getTotalCount());
            assertEquals(3, r.recorded());
            assertEquals(ms(25), r.recordingStartedAfter());
        }
    }

    @Test
    void aWriteFinishingAfterItsAnswerSendsNothingOffTheSchedule() throws IOException {
        TestClock clock = new TestClock();
        // Answered as soon as the head arrives, while the client still writes the 16 MB body.
        try (ScriptedServer server = ScriptedServer.ok(clock)) {
            LoadConfig config = LoadConfig.builder(server.url("/"))
                    .connections(1)
                    .rate(100)
                    .requests(3)
                    .method("POST")
                    .body(new byte[16 << 20])
                    .timeout(Duration.ofSeconds(60))
                    .build();
            WorkerRun r = run(clock, server, config, 3);
            assertEquals(3, r.worker().completed());
            assertEquals(List.of(ms(0), ms(10), ms(20)), server.requestTimes());
        }
    }
}
