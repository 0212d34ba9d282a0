package io.httpmodels.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.load.ScriptedServer.Reply;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@link LoadClient}'s run, on a {@link TestClock} its workers and its own thread take turns on, against a
 * {@link ScriptedServer} on the same clock: the duration and warm-up it records, the shares of connections,
 * requests and rate it gives each worker, the figures it merges from them (exactly), the intervals and progress it
 * hands the listener and when, what stop, interruption, the hard bound and a dead target leave in the report, and
 * agent mode's start time. Runs of seconds on that clock take milliseconds.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class LoadClientTimelineTest {

    private static final Duration MS = Duration.ofMillis(1);

    private static Duration ms(long millis) {
        return Duration.ofMillis(millis);
    }

    /** What a listener was told, and when on the clock. */
    private static final class Heard implements LoadListener {
        final TestClock clock;
        long clockStarted;
        final List<Duration> progressAt = new ArrayList<>();
        final List<Progress> progress = new ArrayList<>();
        final List<Histogram> intervals = new ArrayList<>();

        Heard(TestClock clock) {
            this.clock = clock;
        }

        @Override
        public void onClockStarted(long recordStartNanos) {
            clockStarted = recordStartNanos;
        }

        @Override
        public void onProgress(Progress p) {
            progressAt.add(clock.elapsed());
            progress.add(p);
        }

        @Override
        public void onInterval(Histogram interval) {
            intervals.add(interval.copy());
        }
    }

    @Test
    void aTimedRunRecordsExactlyItsDurationAfterTheWarmUpInOneSecondIntervals() throws IOException {
        TestClock clock = new TestClock();
        // Every answer takes 10 ms: each connection records 100 a second.
        try (ScriptedServer server =
                ScriptedServer.start(clock, (i, c) -> Reply.ok().after(ms(10)))) {
            LoadConfig config = LoadConfig.builder(server.url("/"))
                    .connections(4)
                    .threads(2)
                    .duration(Duration.ofSeconds(3))
                    .warmup(Duration.ofMillis(2500))
                    .build();
            Heard heard = new Heard(clock);
            LoadReport report = new LoadClient(config, clock).run(heard);

            assertNull(report.abortReason());
            assertEquals(TestClock.START_NANOS + ms(2500).toNanos(), heard.clockStarted);
            assertEquals(TestClock.START_INSTANT, report.startedAt());
            assertEquals(3.0, report.recorded().seconds());
            assertEquals(1200, report.recorded().requests(), "4 connections x 100 a second x 3 s");
            assertEquals(1200, report.latencies().histogram().getTotalCount());
            assertEquals(1200, report.latencies().histogram().getCountAtValue(10_000), "each 10 ms");
            assertEquals(Map.of(200, 1200L), report.responses().statusCounts());
            assertEquals(1200L * TestServer.OK.length, report.recorded().bytesRead());
            assertEquals(4, report.connections().connectsSucceeded());
            assertEquals(4, report.connections().served());
            assertEquals(0, report.responses().errors().total());
            assertEquals(
                    List.of(
                            new LoadReport.Interval(0, 1, 400),
                            new LoadReport.Interval(1, 1, 400),
                            new LoadReport.Interval(2, 1, 400)),
                    report.recorded().intervals());
            // Closed loop: wrk's correction, at the mean interval between one connection's sends (10 ms).
            assertNull(report.latencies().uncorrected());
            assertEquals(
                    ReportText.correctedDescription(10_000),
                    report.latencies().corrected().description());
            assertEquals(1200, report.latencies().corrected().count());
            assertEquals(1200, report.latencies().latency().count());
            // Keep-alive: no per-connection times.
            assertNull(report.latencies().connect());
            assertNull(report.latencies().waiting());
            assertNull(report.latencies().total());

            // The listener: every interval, merged over both workers, with its epoch-millisecond timestamps.
            long recordStartMillis = TestClock.START_INSTANT.toEpochMilli() + 2500;
            assertEquals(3, heard.intervals.size());
            for (int i = 0; i < 3; i++) {
                Histogram h = heard.intervals.get(i);
                assertEquals(400, h.getTotalCount());
                assertEquals(recordStartMillis + i * 1000L, h.getStartTimeStamp());
                assertEquals(recordStartMillis + (i + 1) * 1000L, h.getEndTimeStamp());
            }
            // Progress: once a second in the warm-up, then 20 ms after each interval's end, and once at the end.
            assertEquals(
                    List.of(ms(1000), ms(2000), ms(3520), ms(4520), ms(5500)),
                    heard.progressAt,
                    heard.progress.toString());
            assertEquals(new Progress(-1_500_000_000L, true, 0, 0, 0, 0), heard.progress.get(0));
            assertEquals(new Progress(-500_000_000L, true, 0, 0, 0, 0), heard.progress.get(1));
            assertEquals(new Progress(1_000_000_000L, false, 400, 400, 1_000_000_000L, 0), heard.progress.get(2));
            assertEquals(new Progress(2_000_000_000L, false, 800, 400, 1_000_000_000L, 0), heard.progress.get(3));
            assertEquals(new Progress(3_000_000_000L, false, 1200, 400, 1_000_000_000L, 0), heard.progress.get(4));
        }
    }

    @Test
    void theConnectionsRequestsAndRateAreSharedOutNearEquallyAndTheCountsMergedExactly() throws IOException {
        TestClock clock = new TestClock();
        byte[] error = ScriptedServer.response(500, "no");
        try (ScriptedServer server = ScriptedServer.start(
                clock, (i, c) -> Reply.of(i % 4 == 0 ? error : TestServer.OK).after(ms(2)))) {
            // 7 connections over 3 threads: 3, 2 and 2; 1,001 responses: 334, 334 and 333.
            LoadConfig config = LoadConfig.builder(server.url("/"))
                    .connections(7)
                    .threads(3)
                    .requests(1_001)
                    .build();
            Heard heard = new Heard(clock);
            LoadReport report = new LoadClient(config, clock).run(heard);

            assertNull(report.abortReason());
            assertEquals(7, server.connections());
            assertEquals(1_001, server.requests(), "each worker sent exactly its share");
            assertEquals(1_001, report.recorded().requests());
            assertEquals(1_001, report.latencies().histogram().getTotalCount());
            assertEquals(Map.of(200, 750L, 500, 251L), report.responses().statusCounts());
            assertEquals(251, report.responses().errors().status());
            assertEquals(251, report.responses().errors().total());
            assertEquals(
                    750L * TestServer.OK.length + 251L * error.length,
                    report.recorded().bytesRead());
            assertEquals(7, report.connections().connectsSucceeded());
            assertEquals(7, report.connections().served());
            assertEquals(
                    1_001,
                    heard.intervals.stream().mapToLong(Histogram::getTotalCount).sum());
        }
    }

    @Test
    void aConstantRateIsSplitAcrossTheWorkersByTheirShareOfTheConnections() throws IOException {
        TestClock clock = new TestClock();
        try (ScriptedServer server =
                ScriptedServer.start(clock, (i, c) -> Reply.ok().after(MS))) {
            // 1,500/s over 3 connections in 2 threads: 1,000/s for worker 0's two, 500/s for worker 1's one, so
            // 500/s on each connection.
            LoadConfig config = LoadConfig.builder(server.url("/"))
                    .connections(3)
                    .threads(2)
                    .rate(1_500)
                    .duration(Duration.ofSeconds(2))
                    .build();
            LoadReport report = new LoadClient(config, clock).run();

            assertNull(report.abortReason());
            assertEquals(3_000, report.recorded().requests(), "1,500 a second for 2 s");
            assertEquals(
                    List.of(new LoadReport.Interval(0, 1, 1_500), new LoadReport.Interval(1, 1, 1_500)),
                    report.recorded().intervals());
            assertEquals(List.of(1_000, 1_000, 1_000), server.requestsPerConnection());
            // Open loop: the latency is from the intended send, and the service time is reported beside it.
            assertNull(report.latencies().corrected());
            assertNotNull(report.latencies().uncorrected());
            assertEquals(3_000, report.latencies().uncorrected().count());
        }
    }

    @Test
    void aCountedRunLastsUntilItsLastWorkerEndsAndMergesTheIntervalsOfThoseThatEndedEarlier() throws IOException {
        TestClock clock = new TestClock();
        // Worker 0's connection is answered in 10 ms, worker 1's in 26 ms: their 50 each end at 0.5 s and 1.3 s.
        try (ScriptedServer server =
                ScriptedServer.start(clock, (i, c) -> Reply.ok().after(ms(c == 0 ? 10 : 26)))) {
            LoadConfig config = LoadConfig.builder(server.url("/"))
                    .connections(2)
                    .threads(2)
                    .requests(100)
                    .build();
            LoadReport report = new LoadClient(config, clock).run();

            assertNull(report.abortReason());
            assertEquals(100, report.recorded().requests());
            assertEquals(1.3, report.recorded().seconds(), 1e-9);
            // The first second: worker 0's 50 (its last interval, cut at 0.5 s) and worker 1's first 38; then
            // worker 1's last 12 alone.
            assertEquals(
                    List.of(new LoadReport.Interval(0, 1, 88), new LoadReport.Interval(1, 0.3, 12)),
                    report.recorded().intervals());
            // 1.3 s x 2 connections / 100 responses: 26 ms between one connection's sends.
            assertEquals(
                    ReportText.correctedDescription(26_000),
                    report.latencies().corrected().description());
        }
    }

    @Test
    void thePipelinedCorrectionIsTheMeanIntervalBetweenOneConnectionsBatches() throws IOException {
        TestClock clock = new TestClock();
        try (ScriptedServer server =
                ScriptedServer.start(clock, (i, c) -> Reply.ok().after(ms(10)))) {
            // Batches of 4 every 10 ms on each of 2 connections: 80 responses in 0.1 s.
            LoadConfig config = LoadConfig.builder(server.url("/"))
                    .connections(2)
                    .threads(2)
                    .pipeline(4)
                    .requests(80)
                    .build();
            LoadReport report = new LoadClient(config, clock).run();

            assertEquals(80, report.recorded().requests());
            assertEquals(0.1, report.recorded().seconds(), 1e-9);
            assertEquals(
                    ReportText.correctedDescription(10_000),
                    report.latencies().corrected().description());
        }
    }

    @Test
    void eachWorkerRunsOnADaemonThreadOfItsOwn() throws IOException {
        TestClock clock = new TestClock();
        try (ScriptedServer server =
                ScriptedServer.start(clock, (i, c) -> Reply.ok().after(ms(10)))) {
            LoadConfig config = LoadConfig.builder(server.url("/"))
                    .connections(3)
                    .threads(3)
                    .requests(3)
                    .build();
            new LoadClient(config, clock).run();

            assertEquals(
                    List.of("load-worker-0", "load-worker-1", "load-worker-2"),
                    clock.threads().stream().map(Thread::getName).toList());
            assertTrue(clock.threads().stream().allMatch(Thread::isDaemon), "a run never keeps the JVM alive");
        }
    }

    @Test
    void withoutKeepAliveTheConnectWaitAndTotalTimesOfEveryWorkerAreMerged() throws IOException {
        TestClock clock = new TestClock();
        try (ScriptedServer server =
                ScriptedServer.start(clock, (i, c) -> Reply.ok().after(ms(5)).thenClose())) {
            LoadConfig config = LoadConfig.builder(server.url("/"))
                    .connections(3)
                    .threads(2)
                    .keepAlive(false)
                    .requests(30)
                    .build();
            LoadReport report = new LoadClient(config, clock).run();

            assertNull(report.abortReason());
            assertEquals(30, report.recorded().requests());
            assertEquals(
                    0,
                    report.responses().errors().total(),
                    report.responses().errors().toString());
            assertTrue(
                    report.connections().connectsSucceeded() >= 30,
                    "a connection per request: " + report.connections().connectsSucceeded());
            assertEquals(3, report.connections().served());
            assertEquals(
                    report.connections().connectsSucceeded(),
                    report.latencies().connect().count());
            assertEquals(30, report.latencies().waiting().count());
            assertEquals(30, report.latencies().total().count());
            assertEquals(5_000, report.latencies().waiting().minMicros(), "each answer 5 ms after its request");
        }
    }

    @Test
    void timeoutsOfEveryWorkerAreReportedAndTheProgressCountsThemFromTheWarmUpOn() throws IOException {
        TestClock clock = new TestClock();
        // Nothing is ever answered: each connection's request times out after 500 ms, and it reconnects.
        try (ScriptedServer server = ScriptedServer.start(clock, (i, c) -> Reply.none())) {
            LoadConfig config = LoadConfig.builder(server.url("/"))
                    .connections(2)
                    .threads(2)
                    .timeout(Duration.ofMillis(500))
                    .duration(Duration.ofSeconds(2))
                    .warmup(Duration.ofMillis(1500))
                    .build();
            Heard heard = new Heard(clock);
            LoadReport report = new LoadClient(config, clock).run(heard);

            assertNull(report.abortReason());
            assertEquals(
                    ErrorCounts.NONE.plus(new ErrorCounts(0, 0, 0, 0, 8, 0, 0, 0)),
                    report.responses().errors(),
                    "4 a worker");
            assertEquals(Map.of(), report.responses().statusCounts());
            assertEquals(0, report.recorded().requests());
            assertNull(report.latencies().corrected(), "nothing to correct");
            assertEquals(14, report.connections().connectsSucceeded(), "at 0, 0.5, ..., 3 s on each worker");
            assertEquals(0, report.connections().served(), "no connection was ever answered");
            // The progress counts the errors as the workers publish them: the two at 0.5 s in the warm-up, then
            // what was recorded.
            assertEquals(List.of(ms(1000), ms(2520), ms(3500)), heard.progressAt);
            assertEquals(new Progress(-500_000_000L, true, 0, 0, 0, 2), heard.progress.get(0));
            assertEquals(new Progress(1_000_000_000L, false, 0, 0, 1_000_000_000L, 4), heard.progress.get(1));
            assertEquals(new Progress(2_000_000_000L, false, 0, 0, 1_000_000_000L, 8), heard.progress.get(2));
        }
    }

    @Test
    void stopEndsATimedRunAndItsReportCoversWhatWasRecorded() throws IOException {
        TestClock clock = new TestClock();
        try (ScriptedServer server =
                ScriptedServer.start(clock, (i, c) -> Reply.ok().after(ms(10)))) {
            LoadConfig config = LoadConfig.builder(server.url("/"))
                    .connections(2)
                    .threads(2)
                    .duration(Duration.ofSeconds(10))
                    .warmup(Duration.ofSeconds(1))
                    .build();
            LoadClient client = new LoadClient(config, clock);
            clock.at(ms(2500), client::stop);
            Heard heard = new Heard(clock);
            LoadReport report = client.run(heard);

            assertEquals("stopped", report.abortReason());
            assertEquals(1.5, report.recorded().seconds(), 1e-9);
            assertEquals(300, report.recorded().requests());
            assertEquals(
                    List.of(new LoadReport.Interval(0, 1, 200), new LoadReport.Interval(1, 0.5, 100)),
                    report.recorded().intervals());
            // Recording starts as the listener's progress does, once the warm-up is over, not in it.
            assertEquals(List.of(ms(2020), ms(2500)), heard.progressAt, heard.progress.toString());
            assertEquals(ms(2500), clock.elapsed());
        }
    }

    @Test
    void stopEndsACountedRunShortOfItsCount() throws IOException {
        TestClock clock = new TestClock();
        try (ScriptedServer server =
                ScriptedServer.start(clock, (i, c) -> Reply.ok().after(ms(10)))) {
            LoadConfig config = LoadConfig.builder(server.url("/"))
                    .connections(1)
                    .requests(1_000)
                    .build();
            LoadClient client = new LoadClient(config, clock);
            clock.at(ms(1005), client::stop);
            LoadReport report = client.run();

            assertEquals("stopped", report.abortReason());
            // Stopped at 1.005 s, the worker sees it when it next wakes, for the answer due at 1.01 s.
            assertEquals(101, report.recorded().requests());
        }
    }

    @Test
    void aRunStoppedBeforeItStartsMakesNoConnection() throws IOException {
        TestClock clock = new TestClock();
        try (ScriptedServer server = ScriptedServer.ok(clock)) {
            LoadClient client = new LoadClient(
                    LoadConfig.builder(server.url("/"))
                            .connections(2)
                            .requests(10)
                            .build(),
                    clock);
            client.stop();
            LoadException e = assertThrows(LoadException.class, client::run);
            assertEquals("no connection to 127.0.0.1:" + server.address().getPort() + " succeeded", e.getMessage());
            assertEquals(0, server.connections());
            assertEquals(Duration.ZERO, clock.elapsed());
        }
    }

    @Test
    void aStopDoesNotWaitForBackgroundConnectionsStillOpening() throws IOException {
        // A listener with a backlog of one that never accepts: the kernel completes a connect or two, the rest wait
        // for a SYN-ACK that never comes, so the background connections would keep the run from starting for
        // their whole opening bound (the 20 s timeout). A stop ends that wait. This one clock is real time: the
        // background connections open on the system's clock, before the run's.
        try (ServerSocket silent = TestServer.listener(1)) {
            LoadConfig config = LoadConfig.builder("http://127.0.0.1:" + silent.getLocalPort() + "/")
                    .connections(1)
                    .requests(10)
                    .idleConnections(30)
                    .timeout(Duration.ofSeconds(20))
                    .build();
            LoadClient client = new LoadClient(config, new TestClock());
            client.stop();
            long start = System.nanoTime();
            assertThrows(LoadException.class, client::run);
            Duration took = Duration.ofNanos(System.nanoTime() - start);
            assertTrue(took.compareTo(Duration.ofSeconds(5)) < 0, "the stopped run took " + took);
        }
    }

    @Test
    void theHardBoundEndsACountedRunAndSaysHowFarItGot() throws IOException {
        TestClock clock = new TestClock();
        try (ScriptedServer server =
                ScriptedServer.start(clock, (i, c) -> Reply.ok().after(ms(100)))) {
            LoadConfig config = LoadConfig.builder(server.url("/"))
                    .connections(2)
                    .threads(2)
                    .requests(1_000)
                    .maxTime(Duration.ofSeconds(2))
                    .build();
            LoadReport report = new LoadClient(config, clock).run();

            assertEquals("hard time bound of PT2S reached after 40 of 1000 responses", report.abortReason());
            assertEquals(40, report.recorded().requests());
            assertEquals(2.0, report.recorded().seconds(), 1e-9);
        }
    }

    @Test
    void interruptingTheRunsThreadStopsItsWorkers() throws Exception {
        TestClock clock = new TestClock();
        try (ScriptedServer server =
                ScriptedServer.start(clock, (i, c) -> Reply.ok().after(ms(10)))) {
            LoadConfig config = LoadConfig.builder(server.url("/"))
                    .connections(2)
                    .threads(2)
                    .duration(Duration.ofSeconds(10))
                    .build();
            Thread runs = Thread.currentThread();
            clock.at(ms(1500), runs::interrupt);
            LoadException e = assertThrows(LoadException.class, () -> new LoadClient(config, clock).run());
            assertEquals("interrupted", e.getMessage());
            assertTrue(Thread.interrupted(), "the interrupt is kept");
            assertTrue(clock.threadsEnded(Duration.ofSeconds(10)));
            // Well before the run's 10 s: the workers go on turning the test clock until the interrupt reaches
            // them, which on a loaded host takes real time (1.77 s of the clock's once, 2026-12-05, against 1.6).
            assertTrue(clock.elapsed().compareTo(ms(5_000)) < 0, clock.elapsed().toString());
        }
    }

    @Test
    void aTargetThatRefusesEveryConnectionIsALoadExceptionWithTheWorkersReason() throws IOException {
        int port;
        try (ServerSocket closed = new ServerSocket(0)) {
            port = closed.getLocalPort();
        }
        TestClock clock = new TestClock();
        LoadConfig config = LoadConfig.builder("http://127.0.0.1:" + port + "/")
                .connections(2)
                .threads(2)
                .requests(5)
                .build();
        LoadException e = assertThrows(LoadException.class, () -> new LoadClient(config, clock).run());
        assertTrue(e.getMessage().startsWith("cannot connect to 127.0.0.1:" + port), e.getMessage());
    }

    @Test
    void anUnknownHostIsALoadException() {
        LoadConfig config =
                LoadConfig.builder("http://no-such-host.invalid/").requests(1).build();
        LoadException e = assertThrows(LoadException.class, () -> new LoadClient(config, new TestClock()).run());
        assertEquals("cannot resolve host no-such-host.invalid", e.getMessage());
    }

    @Test
    void backgroundConnectionsAreOpenBeforeTheMeasuredOnesAndReportedBesideThem() throws IOException {
        TestClock clock = new TestClock();
        // The background's two connect first, so the server accepts them first: it never answers them.
        try (ScriptedServer server = ScriptedServer.start(
                clock, (i, c) -> c < 2 ? Reply.none() : Reply.ok().after(ms(10)))) {
            LoadConfig config = LoadConfig.builder(server.url("/"))
                    .connections(2)
                    .threads(2)
                    .requests(20)
                    .idleConnections(2)
                    .build();
            LoadReport report = new LoadClient(config, clock).run();

            assertNull(report.abortReason());
            assertEquals(20, report.recorded().requests());
            assertEquals(2, report.connections().served());
            assertEquals(4, server.connections());
            BackgroundReport held = report.background();
            assertNotNull(held);
            assertEquals(2, held.idle().connections());
            assertEquals(2, held.idle().open(), "held open while the measured load ran");
            assertEquals(0, held.idle().answered());
            assertTrue(held.opening().beforeStart());
            assertEquals(0, held.opening().connectFailures());
            assertTrue(server.allClosedByClient(), "the background's closed after the run too");
        }
    }

    @Test
    void aRunWithoutBackgroundConnectionsReportsNone() throws IOException {
        TestClock clock = new TestClock();
        try (ScriptedServer server =
                ScriptedServer.start(clock, (i, c) -> Reply.ok().after(ms(10)))) {
            LoadConfig config = LoadConfig.builder(server.url("/"))
                    .connections(1)
                    .requests(5)
                    .build();
            LoadReport report = new LoadClient(config, clock).run();

            assertNull(report.background());
            assertEquals(1, server.connections());
        }
    }

    @Test
    void anAgentIdlesUntilTheWarmUpBeforeItsStartTimeAndRecordsFromIt() throws IOException {
        TestClock clock = new TestClock();
        try (ScriptedServer server =
                ScriptedServer.start(clock, (i, c) -> Reply.ok().after(ms(10)))) {
            LoadConfig config = LoadConfig.builder(server.url("/"))
                    .connections(2)
                    .threads(2)
                    .duration(Duration.ofSeconds(1))
                    .warmup(Duration.ofSeconds(1))
                    .startAt(TestClock.START_INSTANT.plusSeconds(5))
                    .build();
            Heard heard = new Heard(clock);
            LoadReport report = new LoadClient(config, clock).run(heard);

            assertNull(report.abortReason());
            assertEquals(List.of(ms(4000), ms(4000)), server.firstRequestTimes(), "nothing sent before the warm-up");
            assertEquals(TestClock.START_NANOS + ms(5000).toNanos(), heard.clockStarted);
            assertEquals(TestClock.START_INSTANT.plusSeconds(4), report.startedAt());
            assertEquals(new LoadReport.Start(config.timeline().startAt(), 0.0), report.start());
            assertEquals(200, report.recorded().requests());
            assertEquals(1.0, report.recorded().seconds());
        }
    }

    @Test
    void anAgentWithoutAWarmUpStartsAtOnceAndRecordsFromItsStartTime() throws IOException {
        TestClock clock = new TestClock();
        try (ScriptedServer server =
                ScriptedServer.start(clock, (i, c) -> Reply.ok().after(ms(10)))) {
            LoadConfig config = LoadConfig.builder(server.url("/"))
                    .connections(1)
                    .duration(Duration.ofSeconds(1))
                    .startAt(TestClock.START_INSTANT.plusSeconds(2))
                    .build();
            Heard heard = new Heard(clock);
            LoadReport report = new LoadClient(config, clock).run(heard);

            assertNull(report.abortReason());
            assertEquals(List.of(Duration.ZERO), server.firstRequestTimes());
            assertEquals(TestClock.START_NANOS + ms(2000).toNanos(), heard.clockStarted);
            assertEquals(new LoadReport.Start(config.timeline().startAt(), 0.0), report.start());
            assertEquals(100, report.recorded().requests());
        }
    }

    @Test
    void theStartsSkewIsThatOfTheLastWorkerToBeginRecording() throws IOException {
        TestClock clock = new TestClock();
        // Worker 0's answers take 10.3 ms: its 97th comes at 999.1 ms, and it waits the next whole millisecond for the
        // start time, beginning to record at 1,000.1 ms; worker 1, the last made, begins at 1 s exactly.
        try (ScriptedServer server = ScriptedServer.start(
                clock, (i, c) -> Reply.ok().after(c == 0 ? Duration.ofNanos(10_300_000) : ms(10)))) {
            LoadConfig config = LoadConfig.builder(server.url("/"))
                    .connections(2)
                    .threads(2)
                    .duration(Duration.ofSeconds(1))
                    .warmup(Duration.ofSeconds(1))
                    .startAt(TestClock.START_INSTANT.plusSeconds(1))
                    .build();
            LoadReport report = new LoadClient(config, clock).run();

            assertNull(report.abortReason());
            assertEquals(config.timeline().startAt(), report.start().startAt());
            assertEquals(0.1, report.start().skewMillis(), 1e-9);
        }
    }

    @Test
    void interruptingAnAgentWaitingForItsStartEndsTheRun() throws IOException {
        TestClock clock = new TestClock();
        try (ScriptedServer server = ScriptedServer.ok(clock)) {
            LoadConfig config = LoadConfig.builder(server.url("/"))
                    .duration(Duration.ofSeconds(1))
                    .warmup(Duration.ofSeconds(1))
                    .startAt(TestClock.START_INSTANT.plusSeconds(60))
                    .build();
            Thread runs = Thread.currentThread();
            clock.at(ms(2000), runs::interrupt);
            LoadException e = assertThrows(LoadException.class, () -> new LoadClient(config, clock).run());
            assertEquals("interrupted", e.getMessage());
            assertTrue(Thread.interrupted(), "the interrupt is kept");
            assertEquals(0, server.connections());
        }
    }

    @Test
    void anAgentThatStartsLateWithinTheToleranceRecordsAtOnceAndSaysHowLate() throws IOException {
        TestClock clock = new TestClock();
        clock.advance(Duration.ofSeconds(1));
        try (ScriptedServer server =
                ScriptedServer.start(clock, (i, c) -> Reply.ok().after(ms(10)))) {
            // Exactly the tolerance late: still accepted.
            LoadConfig config = LoadConfig.builder(server.url("/"))
                    .connections(2)
                    .threads(2)
                    .duration(Duration.ofSeconds(1))
                    .warmup(Duration.ofSeconds(1))
                    .startAt(TestClock.START_INSTANT.plusMillis(900))
                    .build();
            LoadReport report = new LoadClient(config, clock).run();

            assertNull(report.abortReason());
            assertEquals(new LoadReport.Start(config.timeline().startAt(), 100.0), report.start());
            assertEquals(200, report.recorded().requests());
        }
    }

    @Test
    void anAgentThatMissedItsStartTimeRefusesToRun() throws IOException {
        TestClock clock = new TestClock();
        clock.advance(Duration.ofSeconds(1));
        try (ScriptedServer server = ScriptedServer.ok(clock)) {
            LoadConfig config = LoadConfig.builder(server.url("/"))
                    .duration(Duration.ofSeconds(1))
                    .startAt(TestClock.START_INSTANT.plusMillis(750))
                    .build();
            LoadException e = assertThrows(LoadException.class, () -> new LoadClient(config, clock).run());
            assertEquals(
                    "missed the start time " + config.timeline().startAt()
                            + " by 250.0 ms (an agent must start within 100 ms of it)",
                    e.getMessage());
            assertEquals(0, server.connections());
        }
    }

    @Test
    void stopWhileAnAgentWaitsForItsStartEndsTheWaitAndTheRun() throws IOException {
        TestClock clock = new TestClock();
        try (ScriptedServer server = ScriptedServer.ok(clock)) {
            LoadConfig config = LoadConfig.builder(server.url("/"))
                    .duration(Duration.ofSeconds(1))
                    .warmup(Duration.ofSeconds(1))
                    .startAt(TestClock.START_INSTANT.plusSeconds(60))
                    .build();
            LoadClient client = new LoadClient(config, clock);
            clock.at(ms(2000), client::stop);
            assertThrows(LoadException.class, client::run);
            assertEquals(ms(2000), clock.elapsed());
            assertEquals(0, server.connections());
        }
    }
}
