package io.httpmodels.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.load.ScriptedServer.Reply;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A {@link Worker}'s timeline, to the nanosecond of a {@link TestClock}, against a {@link ScriptedServer} on the
 * same clock: when recording starts and what the warm-up leaves out, when a timed run's window ends and what falls
 * in each interval, when each connection of a ramp-up opens, where the hard bound cuts. Runs of seconds on that
 * clock take milliseconds.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class WorkerTimelineTest {

    private static final Duration MS = Duration.ofMillis(1);

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

    private static Duration ms(double millis) {
        return Duration.ofNanos(Math.round(millis * 1e6));
    }

    @Test
    void recordingStartsWhenTheWarmUpEndsAndWhatWasSentBeforeIsNeitherRecordedNorCounted() throws IOException {
        TestClock clock = new TestClock();
        byte[] busy = ScriptedServer.response(503, "busy");
        // Every answer takes 300 ms: requests 0 to 3 go out in the warm-up (1.005 s), the 4th is answered after it.
        try (ScriptedServer server = ScriptedServer.start(
                clock,
                (i, c) -> Reply.of(i == 1 || i == 5 ? busy : TestServer.OK).after(ms(300)))) {
            LoadConfig config = LoadConfig.builder(server.url("/"))
                    .connections(1)
                    .requests(3)
                    .warmup(ms(1005))
                    .build();
            WorkerRun r = run(clock, server, config, 3);
            Worker w = r.worker();
            // Off the housekeeping's 10 ms steps: the loop wakes for the warm-up's end itself.
            assertEquals(ms(1005), r.recordingStartedAfter());
            assertEquals(7, server.requests(), "4 sent in the warm-up, then the quota");
            assertEquals(3, w.completed());
            assertEquals(3, r.recorded());
            assertEquals(3, r.latencies().getCountAtValue(300_000), "each 300 ms, from its own send");
            assertEquals(ms(2100), r.stoppedAfter(), "the third recorded answer ends the run");
            // The answer to request 3 came after recording began: its status and bytes count, its latency does not
            // (it was sent before). Request 1's 503 came before: it is forgotten, as is everything counted before.
            assertEquals(3, w.statusCounts()[200]);
            assertEquals(1, w.statusCounts()[503]);
            assertEquals(1, w.errors().status());
            assertEquals(1, w.errors().total());
            assertEquals(1, w.publishedErrors());
            assertEquals(3L * TestServer.OK.length + busy.length, w.bytesRead());
        }
    }

    @Test
    void aPipelinedBatchIsWholeInTheWarmUpAndCutToWhatTheQuotaLeavesAfterIt() throws IOException {
        TestClock clock = new TestClock();
        // The first batch of 4 is answered when the warm-up has just ended, the next is cut to the quota of 2.
        try (ScriptedServer server =
                ScriptedServer.start(clock, (i, c) -> Reply.ok().after(i < 4 ? ms(50) : MS))) {
            LoadConfig config = LoadConfig.builder(server.url("/"))
                    .connections(1)
                    .pipeline(4)
                    .requests(2)
                    .warmup(ms(50))
                    .build();
            WorkerRun r = run(clock, server, config, 2);
            assertEquals(
                    6,
                    server.requests(),
                    "4 in the warm-up, then 2 " + server.requestTimes() + " " + server.requestsPerConnection());
            assertEquals(2, r.worker().completed());
            assertEquals(2, r.latencies().getCountAtValue(1_000));
        }
    }

    @Test
    void aTimedRunEndsAtItsWindowsEndAndEachIntervalHoldsWhatWasAnsweredInIt() throws IOException {
        TestClock clock = new TestClock();
        // Recording from 5 ms (request 0 goes in the warm-up), answers every 400 ms from 407 ms. The interval
        // boundaries (1.005 s, 2.005 s) and the end (2.505 s) are off the housekeeping's 10 ms steps: the loop wakes
        // for each itself, and hands an interval over before an answer that comes just after its end (2.007 s).
        try (ScriptedServer server =
                ScriptedServer.start(clock, (i, c) -> Reply.ok().after(i == 0 ? ms(407) : ms(400)))) {
            LoadConfig config = LoadConfig.builder(server.url("/"))
                    .connections(1)
                    .duration(ms(2500))
                    .warmup(ms(5))
                    .build();
            WorkerRun r = run(clock, server, config, -1);
            assertEquals(ms(2505), r.stoppedAfter());
            assertEquals(5, r.worker().completed(), "answered from 807 ms to 2407 ms; 2807 ms is too late");
            assertEquals(7, server.requests());
            List<Histogram> intervals = r.intervals();
            assertEquals(List.of(1L, 2L, 2L), counts(intervals), "807 | 1207, 1607 | 2007, 2407 ms");
            long epoch = r.run().startEpochMillis;
            assertEquals(List.of(epoch + 5, epoch + 1005, epoch + 2005), starts(intervals));
            assertEquals(List.of(epoch + 1005, epoch + 2005, epoch + 2505), ends(intervals));
        }
    }

    @Test
    void theHardBoundEndsATimedRunWhoseWindowWouldEndLater() throws IOException {
        TestClock clock = new TestClock();
        try (ScriptedServer server =
                ScriptedServer.start(clock, (i, c) -> Reply.ok().after(ms(300)))) {
            LoadConfig config = LoadConfig.builder(server.url("/"))
                    .connections(1)
                    .duration(Duration.ofSeconds(10))
                    .maxTime(Duration.ofSeconds(1))
                    .build();
            WorkerRun r = run(clock, server, config, -1);
            assertEquals(Duration.ofSeconds(1), r.stoppedAfter());
            assertEquals(3, r.worker().completed(), "answered at 300, 600 and 900 ms");
            assertEquals(4, server.requests());
        }
    }

    @Test
    void aCountedRunThatCannotFinishEndsAtItsHardBound() throws IOException {
        TestClock clock = new TestClock();
        try (ScriptedServer server = ScriptedServer.start(clock, (i, c) -> i < 2 ? Reply.ok() : Reply.none())) {
            LoadConfig config = LoadConfig.builder(server.url("/"))
                    .connections(1)
                    .requests(10)
                    .timeout(Duration.ofSeconds(60))
                    .maxTime(ms(3005))
                    .build();
            WorkerRun r = run(clock, server, config, 10);
            assertEquals(ms(3005), r.stoppedAfter());
            assertEquals(2, r.worker().completed());
            assertEquals(0, r.worker().errors().total());
        }
    }

    @Test
    void aWorkerWithNoShareOfTheRequestsStopsAtOnceWithoutConnecting() throws IOException {
        TestClock clock = new TestClock();
        try (ScriptedServer server = ScriptedServer.ok(clock)) {
            LoadConfig config = LoadConfig.builder(server.url("/"))
                    .connections(2)
                    .requests(1)
                    .build();
            WorkerRun r = run(clock, server, config, 0);
            assertEquals(Duration.ZERO, r.stoppedAfter());
            assertEquals(0, r.worker().connectsSucceeded());
            assertTrue(server.allClosedByClient());
            assertEquals(0, server.connections());
        }
    }

    @Test
    void aRampUpOpensEachConnectionAtItsStepAndNoneBefore() throws IOException {
        TestClock clock = new TestClock();
        // Steps of 100.5 ms for 3 connections over 301.5 ms; answers take 7 ms. The step at 100.5 ms is a coarse
        // deadline, slept to the millisecond after it; the one at 201 ms is on one, and is met exactly.
        try (ScriptedServer server =
                ScriptedServer.start(clock, (i, c) -> Reply.ok().after(ms(7)))) {
            LoadConfig config = LoadConfig.builder(server.url("/"))
                    .connections(3)
                    .rampUp(ms(301.5))
                    .duration(ms(400))
                    .build();
            WorkerRun r = run(clock, server, config, -1);
            assertEquals(3, r.worker().connectsSucceeded());
            assertEquals(3, r.worker().slotsServed());
            assertEquals(List.of(Duration.ZERO, ms(101), ms(201)), server.firstRequestTimes());
        }
    }

    @Test
    void connectionsAllOpenAtTheStartWithoutARampUp() throws IOException {
        TestClock clock = new TestClock();
        try (ScriptedServer server =
                ScriptedServer.start(clock, (i, c) -> Reply.ok().after(ms(7)))) {
            LoadConfig config = LoadConfig.builder(server.url("/"))
                    .connections(3)
                    .requests(30)
                    .build();
            run(clock, server, config, 30);
            assertEquals(List.of(Duration.ZERO, Duration.ZERO, Duration.ZERO), server.firstRequestTimes());
            assertEquals(List.of(10, 10, 10), server.requestsPerConnection());
        }
    }

    private static List<Long> counts(List<Histogram> intervals) {
        return intervals.stream().map(Histogram::getTotalCount).toList();
    }

    private static List<Long> starts(List<Histogram> intervals) {
        return intervals.stream().map(Histogram::getStartTimeStamp).toList();
    }

    private static List<Long> ends(List<Histogram> intervals) {
        return intervals.stream().map(Histogram::getEndTimeStamp).toList();
    }
}
