package io.httpmodels.load;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

/** The text summary, figure by figure, for the three kinds of run: closed loop, constant rate, no keep-alive. */
class ReportTextTest {

    private static Histogram histogram(long... values) {
        Histogram h = new Histogram(3_600_000_000L, 3);
        for (long value : values) {
            h.recordValue(value);
        }
        return h;
    }

    private static LatencySummary summary(String name, Histogram h) {
        return LatencySummary.of(name, "what " + name + " is", h);
    }

    @Test
    void theTlsHeaderNamesWhoEncryptsAndWarnsOfAColdJdkProvider() {
        TlsSettings openSsl = new TlsSettings(TlsVersion.TLS_1_3, true, true, null, null, ClientTlsProvider.OPENSSL);
        assertEquals(
                "  TLS 1.3 through OpenSSL (" + io.netty.handler.ssl.OpenSsl.versionString() + "), resuming sessions",
                ReportText.tlsHeader(openSsl, java.time.Duration.ofSeconds(3)));
        TlsSettings jdk = new TlsSettings(null, false, true, null, null, ClientTlsProvider.JDK);
        assertEquals(
                "  TLS 1.3,1.2 through the JDK's SSLEngine, full handshakes",
                ReportText.tlsHeader(jdk, ClientTlsProvider.JDK_WARMUP));
        assertEquals(
                "  TLS 1.3,1.2 through the JDK's SSLEngine, full handshakes\n"
                        + "  note: the JDK's TLS handshake is warm after about 15 s of load (--warmup; this run's:"
                        + " 3.00s): until then it is slower and costs more CPU, and a new connection per request"
                        + " measures this client's handshakes, not the server's",
                ReportText.tlsHeader(jdk, java.time.Duration.ofSeconds(3)));
    }

    @Test
    void theTlsLineGivesTheVersionTheHandshakesTheResumedAndTheirPercentiles() {
        long[] handshakes = new long[100];
        java.util.Arrays.fill(handshakes, 0, 98, 800);
        java.util.Arrays.fill(handshakes, 98, 100, 2_500);
        assertEquals(
                "  TLS 1.2: 100 handshakes, 60 resumed, handshake p50 800.00us p99 2.50ms\n",
                ReportText.tlsLine(
                        new LoadReport.Tls(TlsVersion.TLS_1_2, 100, 60, summary("handshake", histogram(handshakes)))));
        assertEquals(
                "  TLS (none negotiated): 1 handshake, 0 resumed\n",
                ReportText.tlsLine(new LoadReport.Tls(null, 1, 0, null)));
    }

    @Test
    void aRateRunWithErrorsShowsTheServiceTimeBesideEachPercentileAndEveryProblem() {
        String expected = """
                  Latency: from the intended send time
                                     mean      stdev        min        max
                    latency       924.43us    23.45ms   120.00us   750.08ms
                    uncorrected   100.00us     0.00us   100.00us   100.00us
                  Latency distribution (latency):
                        50%    120.00us   (uncorrected 100.00us)
                        75%    180.00us   (uncorrected 100.00us)
                        90%    180.00us   (uncorrected 100.00us)
                        99%      2.50ms   (uncorrected 100.00us)
                      99.9%      2.50ms   (uncorrected 100.00us)
                     99.99%    750.08ms   (uncorrected 100.00us)
                        max    750.08ms   (uncorrected 100.00us)
                  uncorrected: from the actual write
                  1021 requests in 1.50s, 120.56KB read
                  Errors: connect 1, read 2, closed 6, write 3, timeout 4, status 10, malformed 5, tls 7
                  Non-2xx or 3xx responses: 10 {200=1011, 404=7, 503=3}
                  Connections served: 7 of 8 (the others never completed a recorded response)
                  Stopped early: stopped
                Requests/sec:       680.67
                Transfer/sec:      80.38KB
                """;
        LoadReport report = ReportJsonTest.timedRateReport();
        // Map.copyOf has no order: compare the status counts apart.
        String rendered = ReportText.render(report);
        String counts = rendered.substring(rendered.indexOf('{'), rendered.indexOf('}') + 1);
        assertEquals(
                Map.of(200, 1011L, 404, 7L, 503, 3L).entrySet().stream()
                        .map(Object::toString)
                        .sorted()
                        .toList(),
                List.of(counts.substring(1, counts.length() - 1).split(", ")).stream()
                        .sorted()
                        .toList());
        assertEquals(expected, rendered.replace(counts, "{200=1011, 404=7, 503=3}"));
    }

    @Test
    void aClosedLoopRunWithoutKeepAliveShowsTheCorrectedFigureAndTheConnectBreakdown() {
        Histogram latency = histogram(150, 250, 900, 1_200, 1_500_000);
        LoadConfig config =
                LoadConfig.builder("http://h:81/").requests(5).keepAlive(false).build();
        LoadReport report = LoadReport.builder(config)
                .recorded(2.0, 5, 1023)
                .latency(summary("latency", latency))
                .corrected(summary("corrected", histogram(150, 250, 900, 1_200, 1_500_000, 1_000_000, 500_000)))
                .connect(summary("connect", histogram(40, 50, 60, 70, 80)))
                .waiting(summary("waiting", histogram(100, 200, 800, 1_100, 1_400_000)))
                .total(summary("total", histogram(200, 300, 1_000, 1_300, 1_600_000)))
                .statusCounts(Map.of(200, 5L))
                .connections(5, 3)
                .histogram(latency)
                .build();
        String expected = """
                  Latency: what latency is
                                     mean      stdev        min        max
                    latency       300.43ms   599.61ms   150.00us      1.50s
                    corrected     428.92ms   562.09ms   150.00us      1.50s
                  Latency distribution (latency):
                        50%    900.00us   (corrected 1.20ms)
                        75%      1.20ms   (corrected 1.00s)
                        90%       1.50s   (corrected 1.50s)
                        99%       1.50s   (corrected 1.50s)
                      99.9%       1.50s   (corrected 1.50s)
                     99.99%       1.50s   (corrected 1.50s)
                        max       1.50s   (corrected 1.50s)
                  corrected: what corrected is
                  Connection times (ms), as ab:
                                     min     mean  [+/-sd]   median      max
                    Connect:        0.04     0.06     0.01     0.06     0.08
                    Waiting:        0.10   280.50   559.91     0.80  1400.83
                    Processing:     0.15   300.43   599.61     0.90  1500.16
                    Total:          0.20   320.56   639.72     1.00  1600.51
                  5 requests in 2.00s, 1023B read
                  Connections served: 3 of 40 (the others never completed a recorded response)
                Requests/sec:         2.50
                Transfer/sec:         511B
                """;
        assertEquals(expected, ReportText.render(report));
    }

    @Test
    void theHeaderSaysWhatRuns() {
        assertEquals(
                "Running 1.50s test @ http://127.0.0.1:8080/plaintext?x=1\n"
                        + "  2 threads and 8 connections, keep-alive, pipeline 4, constant rate 1000.5 requests/s"
                        + " (open loop), warm-up 0.25s, ramp-up 1.00s\n",
                ReportText.header(ReportJsonTest.timedRateReport().config()));
        assertEquals(
                "Running 1021 requests @ http://h:81/\n"
                        + "  1 thread and 40 connections, a new connection per request, closed loop\n",
                ReportText.header(LoadConfig.builder("http://h:81/")
                        .requests(1021)
                        .keepAlive(false)
                        .build()));
        assertEquals(
                "Running 10.00s test @ http://h/\n"
                        + "  1 thread and 1 connections, keep-alive, constant rate 2000 requests/s (open loop)\n",
                ReportText.header(LoadConfig.builder("http://h/")
                        .connections(1)
                        .rate(2000)
                        .build()));
    }

    @Test
    void eachLatencyFigureSaysWhatItMeasures() {
        assertEquals(
                "raw: from the write of each request to the last byte of its response, one sample per request",
                ReportText.latencyDescription(
                        LoadConfig.builder("http://127.0.0.1:1/").build()));
        assertEquals(
                "from when each request was meant to be sent (constant rate 500.0/s, open loop) to the last byte of"
                        + " its response, each request of a pipelined batch timed to its own response",
                ReportText.latencyDescription(LoadConfig.builder("http://127.0.0.1:1/")
                        .rate(500)
                        .pipeline(2)
                        .build()));
        assertEquals(
                "wrk-style: raw latencies plus synthetic samples (recordValueWithExpectedInterval, expected interval"
                        + " 250 us = mean time between one connection's sends); an estimate, not a measurement",
                ReportText.correctedDescription(250));
    }

    @Test
    void aRunWithoutResponsesSaysWhichErrorsItMet() {
        LoadReport none = report(ErrorCounts.NONE);
        assertEquals("no response was recorded", ReportText.nothingRecorded(none));
        LoadReport some = report(new ErrorCounts(0, 3, 0, 0, 12, 0, 0, 0));
        assertEquals("no response was recorded (errors: read 3, timeout 12)", ReportText.nothingRecorded(some));
    }

    private static LoadReport report(ErrorCounts errors) {
        Histogram empty = histogram();
        return LoadReport.builder(LoadConfig.builder("http://127.0.0.1:1/").build())
                .recorded(1.0, 0, 0)
                .latency(summary("latency", empty))
                .errors(errors)
                .connections(3, 0)
                .histogram(empty)
                .build();
    }

    @Test
    void progressLinesSayElapsedRequestsRateAndErrors() {
        assertEquals(
                "  2.00s  requests 12,345  5,000 req/s  errors 3",
                ReportText.progressLine(new Progress(2_000_000_000L, false, 12_345, 2_500, 500_000_000L, 3)));
        assertEquals(
                "warm-up: 1.50s left, errors 0",
                ReportText.progressLine(new Progress(-1_500_000_000L, true, 0, 0, 1_000_000_000L, 0)));
        assertEquals(0, new Progress(0, false, 0, 10, 0, 0).intervalRequestsPerSecond());
    }

    @Test
    void unitsChangeAtTheirBoundaries() {
        assertEquals("0.00us", ReportText.formatMicros(0));
        assertEquals("999.99us", ReportText.formatMicros(999.99));
        assertEquals("1.00ms", ReportText.formatMicros(1000));
        assertEquals("999.99ms", ReportText.formatMicros(999_990));
        assertEquals("1.00s", ReportText.formatMicros(1_000_000));
        assertEquals("1023B", ReportText.formatBytes(1023));
        assertEquals("1.00KB", ReportText.formatBytes(1024));
        assertEquals("1024.00KB", ReportText.formatBytes(1024 * 1024 - 1));
        assertEquals("1.00MB", ReportText.formatBytes(1024 * 1024));
        assertEquals("1024.00MB", ReportText.formatBytes(1024L * 1024 * 1024 - 1));
        assertEquals("1.00GB", ReportText.formatBytes(1024L * 1024 * 1024));
        assertEquals("2.50s", ReportText.formatSeconds(2.5));
    }
}
