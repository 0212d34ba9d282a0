package io.httpmodels.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@link LoadClient} over counted runs only (they end at their count, not at a clock), fast enough to run against
 * every mutant: the shares of connections and requests per worker, the merge of what the workers measured, the
 * listener's calls, stop and the errors that end a run. The timed behaviours (intervals each second, progress) are
 * {@link LoadClientTest}'s.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class LoadClientCountedRunTest {

    @Test
    void threeWorkersShareTheConnectionsAndRequestsAndTheirFiguresAreMerged() throws IOException {
        try (TestServer server = TestServer.ok()) {
            List<Histogram> intervals = new ArrayList<>();
            AtomicLong clockStarted = new AtomicLong();
            LoadReport report = new LoadClient(LoadConfig.builder(server.url("/plaintext"))
                            .connections(7)
                            .threads(3)
                            .requests(1_001)
                            .build())
                    .run(new LoadListener() {
                        @Override
                        public void onClockStarted(long recordStartNanos) {
                            clockStarted.set(recordStartNanos);
                        }

                        @Override
                        public void onInterval(Histogram interval) {
                            intervals.add(interval.copy());
                        }
                    });
            assertEquals(1_001, report.recorded().requests());
            assertEquals(1_001, report.latencies().histogram().getTotalCount());
            assertEquals(1_001L, report.responses().statusCounts().get(200));
            assertEquals(1_001, server.requests(), "each worker sent exactly its share");
            assertEquals(7, report.connections().served());
            assertEquals(0, report.responses().errors().total());
            assertNull(report.abortReason());
            assertTrue(clockStarted.get() != 0);
            assertEquals(
                    1_001,
                    intervals.stream().mapToLong(Histogram::getTotalCount).sum());
            assertEquals(1_001L * TestServer.OK.length, report.recorded().bytesRead());
        }
    }

    @Test
    void errorsOfEveryWorkerAddUp() throws IOException {
        byte[] error = TestServer.response(500, "no");
        try (TestServer server = TestServer.start((i, out, s) -> {
            out.write(i % 4 == 0 ? error : TestServer.OK);
            return true;
        })) {
            LoadReport report = new LoadClient(LoadConfig.builder(server.url("/"))
                            .connections(4)
                            .threads(2)
                            .requests(400)
                            .build())
                    .run();
            assertEquals(400, report.recorded().requests());
            assertEquals(100L, report.responses().statusCounts().get(500));
            assertEquals(300L, report.responses().statusCounts().get(200));
            assertEquals(100, report.responses().errors().status());
            assertEquals(100, report.responses().errors().total());
        }
    }

    @Test
    void aRunStoppedBeforeItStartsEndsAtOnceWithNothingRecorded() throws IOException {
        try (TestServer server = TestServer.ok()) {
            LoadClient client = new LoadClient(LoadConfig.builder(server.url("/"))
                    .connections(2)
                    .requests(1_000_000)
                    .build());
            client.stop();
            long start = System.nanoTime();
            try {
                LoadReport report = client.run();
                assertEquals("stopped", report.abortReason());
                assertTrue(
                        report.recorded().requests() < 1_000_000,
                        report.recorded().requests() + " recorded");
            } catch (LoadException e) {
                // stopped before any connection was made
                assertTrue(e.getMessage().startsWith("no connection to 127.0.0.1:"), e.getMessage());
            }
            assertTrue(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) < 5_000);
        }
    }

    @Test
    void aRefusedTargetIsALoadExceptionWithTheWorkersReason() throws IOException {
        int port;
        try (java.net.ServerSocket closed = new java.net.ServerSocket(0)) {
            port = closed.getLocalPort();
        }
        String url = "http://127.0.0.1:" + port + "/";
        LoadException e = assertThrows(
                LoadException.class,
                () -> new LoadClient(LoadConfig.builder(url)
                                .connections(1)
                                .requests(5)
                                .build())
                        .run());
        assertTrue(e.getMessage().contains("127.0.0.1:" + port), e.getMessage());
    }

    @Test
    void withoutKeepAliveTheConnectWaitAndTotalTimesOfEveryWorkerAreMerged() throws IOException {
        try (TestServer server = TestServer.start((i, out, s) -> {
            out.write(TestServer.OK);
            return false;
        })) {
            LoadReport report = new LoadClient(LoadConfig.builder(server.url("/"))
                            .connections(2)
                            .threads(2)
                            .keepAlive(false)
                            .requests(30)
                            .build())
                    .run();
            assertEquals(30, report.recorded().requests());
            assertEquals(
                    0,
                    report.responses().errors().total(),
                    report.responses().errors().toString());
            assertTrue(ReportText.render(report).contains("connect"), ReportText.render(report));
        }
    }

    @Test
    void aConstantRateRunIsCorrectedAndReportsTheUncorrectedLatencyToo() throws IOException {
        try (TestServer server = TestServer.ok()) {
            LoadReport report = new LoadClient(LoadConfig.builder(server.url("/"))
                            .connections(2)
                            .threads(2)
                            .rate(4000)
                            .requests(40)
                            .build())
                    .run();
            assertEquals(40, report.recorded().requests());
            assertEquals(40, report.latencies().histogram().getTotalCount());
            assertTrue(
                    ReportText.render(report).toLowerCase(java.util.Locale.ROOT).contains("uncorrected"));
        }
    }

    @Test
    void anUnknownHostIsALoadException() {
        LoadException e = assertThrows(
                LoadException.class,
                () -> new LoadClient(LoadConfig.builder("http://no-such-host.invalid/")
                                .requests(1)
                                .build())
                        .run());
        assertTrue(e.getMessage().contains("cannot resolve host no-such-host.invalid"), e.getMessage());
    }
}
