package io.httpmodels.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The client's HTTP/2 (h2c) against a real HTTP/2 server, Netty's frame codec ({@link H2TestServer}): counted runs,
 * so each ends at its count, not at a clock. Each test names the rule a broken client would fail.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class H2LoadTest {

    @TempDir
    static Path certificates;

    private static TestCertificate certificate;

    @BeforeAll
    static void makeCertificate() throws Exception {
        certificate = TestCertificate.make(certificates, "local", "ip:127.0.0.1,dns:localhost");
    }

    private static LoadConfig.Builder h2c(String url, int connections, int streams, long requests) {
        return LoadConfig.builder(url)
                .protocol(HttpProtocol.H2C)
                .connections(connections)
                .streams(streams)
                .requests(requests);
    }

    @Test
    void everyStreamOfEveryConnectionIsAnsweredAndCounted() throws Exception {
        try (H2TestServer server = H2TestServer.start(H2TestServer.options())) {
            LoadReport report = new LoadClient(h2c(server.url("/plaintext"), 3, 10, 3_000)
                            .threads(2)
                            .build())
                    .run();
            assertNull(report.abortReason());
            assertEquals(3_000, report.recorded().requests());
            assertEquals(3_000, report.latencies().histogram().getTotalCount());
            assertEquals(Map.of(200, 3_000L), report.responses().statusCounts());
            assertEquals(0, report.responses().errors().total());
            assertEquals(3, report.connections().served());
            assertEquals(3, report.connections().connectsSucceeded(), "no connection was lost");
            assertTrue(server.answered() >= 3_000, "the server answered " + server.answered());
            assertTrue(server.maxOpenStreams() > 1, "streams ran concurrently: " + server.maxOpenStreams());
        }
    }

    @Test
    void neverMoreStreamsInFlightThanTheServersMaxConcurrentStreams() throws Exception {
        try (H2TestServer server = H2TestServer.start(H2TestServer.options().maxConcurrentStreams(4))) {
            LoadReport report =
                    new LoadClient(h2c(server.url("/"), 2, 50, 2_000).build()).run();
            assertEquals(2_000, report.recorded().requests());
            // Netty's server resets a stream beyond its limit: none was, and none was ever open beyond it.
            assertEquals(0, report.responses().errors().total());
            assertEquals(4, server.maxOpenStreams(), "up to the server's limit, never above");
        }
    }

    @Test
    void aBodyLargerThanTheWindowArrivesWholeThroughWindowUpdates() throws Exception {
        int body = 200 * 1024;
        try (H2TestServer server = H2TestServer.start(H2TestServer.options().bodyBytes(body))) {
            LoadReport report = new LoadClient(
                            h2c(server.url("/big"), 1, 4, 40).h2Window(16_384).build())
                    .run();
            assertEquals(40, report.recorded().requests());
            assertEquals(Map.of(200, 40L), report.responses().statusCounts());
            assertEquals(0, report.responses().errors().total(), "no stream waited out the timeout");
            assertTrue(
                    report.recorded().bytesRead() >= 40L * body,
                    "bytes read: " + report.recorded().bytesRead());
        }
    }

    @Test
    void aGoAwayRefusesTheStreamsAboveItsLastIdAndTheRunGoesOnOverNewConnections() throws Exception {
        try (H2TestServer server = H2TestServer.start(H2TestServer.options().goAwayAfter(95))) {
            LoadReport report =
                    new LoadClient(h2c(server.url("/"), 2, 10, 1_000).build()).run();
            assertNull(report.abortReason());
            assertEquals(1_000, report.recorded().requests(), "refused requests went again");
            assertEquals(Map.of(200, 1_000L), report.responses().statusCounts());
            ErrorCounts errors = report.responses().errors();
            assertTrue(server.goAways() >= 9, "GOAWAYs: " + server.goAways());
            assertTrue(errors.refused() > 0, "streams in flight above the last id are refused: " + errors);
            assertEquals(errors.refused(), errors.total(), "a graceful GOAWAY is no other error: " + errors);
            assertTrue(report.connections().connectsSucceeded() >= 10, "connections reopened");
        }
    }

    @Test
    void resetStreamsAreCountedByTheirCode() throws Exception {
        try (H2TestServer server = H2TestServer.start(H2TestServer.options().resetEvery(5))) {
            LoadReport report = new LoadClient(h2c(server.url("/"), 1, 8, 400).build()).run();
            assertEquals(400, report.recorded().requests(), "reset requests went again");
            assertEquals(Map.of(200, 400L), report.responses().statusCounts());
            long resets = report.responses().errors().reset();
            assertTrue(resets >= 400 / 4 - 1 && resets <= server.resets(), "resets " + resets);
            assertEquals(Map.of("cancel", resets), report.responses().resets());
            assertEquals(resets, report.responses().errors().total());
        }
    }

    @ParameterizedTest
    @EnumSource(ClientTlsProvider.class)
    void h2OverTlsIsChosenByAlpnOnEitherProvider(ClientTlsProvider provider) throws Exception {
        try (H2TestServer server = H2TestServer.startTls(H2TestServer.options(), certificate, "h2")) {
            LoadReport report = new LoadClient(h2c(server.url("/"), 2, 10, 500)
                            .protocol(HttpProtocol.H2)
                            .tls(new TlsSettings(null, true, true, null, null, provider))
                            .build())
                    .run();
            assertNull(report.abortReason());
            assertEquals(Map.of(200, 500L), report.responses().statusCounts());
            assertEquals(0, report.responses().errors().total());
            assertEquals(2, report.tls().handshakes());
        }
    }

    @Test
    void aServerThatDoesNotChooseH2ByAlpnFailsTheHandshake() throws Exception {
        try (H2TestServer server = H2TestServer.startTls(H2TestServer.options(), certificate, null)) {
            LoadClient client = new LoadClient(h2c(server.url("/"), 1, 1, 10)
                    .protocol(HttpProtocol.H2)
                    .tls(new TlsSettings(null, true, true, null, null, ClientTlsProvider.OPENSSL))
                    .build());
            LoadException e = assertThrows(LoadException.class, client::run);
            assertTrue(e.getMessage().contains("the server did not choose h2 by ALPN"), e.getMessage());
        }
    }

    @Test
    void atARateAStreamWaitingForAFreeSlotIsTimedFromWhenItWasDueAndTheUncorrectedFigureFromItsWrite()
            throws Exception {
        // One stream at a time, due every 5 ms, each answered 20 ms after it is read: the streams queue behind one
        // another, so the twentieth ends at least 400 ms after the start though it was due at 95 ms.
        try (H2TestServer server = H2TestServer.start(H2TestServer.options().answerAfterMillis(20))) {
            LoadReport report =
                    new LoadClient(h2c(server.url("/"), 1, 1, 20).rate(200).build()).run();
            assertNull(report.abortReason());
            assertEquals(20, report.recorded().requests());
            assertEquals(20, report.latencies().histogram().getTotalCount());
            assertTrue(
                    report.latencies().histogram().getMaxValue() >= 305_000,
                    "the last stream charged its wait: "
                            + report.latencies().histogram().getMaxValue() + " us");
            LatencySummary uncorrected = report.latencies().uncorrected();
            assertEquals(20, uncorrected.count());
            assertTrue(uncorrected.minMicros() >= 20_000, "each took the server's 20 ms: " + uncorrected.minMicros());
            assertTrue(
                    uncorrected.maxMicros() < report.latencies().histogram().getMaxValue(),
                    "the wait for a free stream is not in the uncorrected figure");
        }
    }

    @Test
    void atARateStreamsGoOutWhenDueOnEveryConnectionNeverMoreThanItsStreams() throws Exception {
        // 60 streams due every millisecond, each answered after 50 ms: 2 connections x 3 streams fill, and no more.
        try (H2TestServer server = H2TestServer.start(H2TestServer.options().answerAfterMillis(50))) {
            LoadReport report =
                    new LoadClient(h2c(server.url("/"), 2, 3, 60).rate(1_000).build()).run();
            assertNull(report.abortReason());
            assertEquals(60, report.recorded().requests());
            assertEquals(0, report.responses().errors().total());
            assertEquals(2, report.connections().served());
            assertEquals(3, server.maxOpenStreams(), "each connection's streams, never above");
            // The last of them was due at 59 ms and could not be written before: none was sent early.
            assertTrue(
                    report.recorded().seconds() >= 0.059,
                    "the run took " + report.recorded().seconds() + " s");
        }
    }

    @Test
    void theReportsSayTheProtocolAndStreams() throws Exception {
        try (H2TestServer server = H2TestServer.start(H2TestServer.options())) {
            LoadReport report = new LoadClient(h2c(server.url("/"), 1, 7, 100).build()).run();
            assertTrue(
                    ReportText.header(report.config())
                            .contains("HTTP/2 over cleartext (h2c), 7 streams per connection"),
                    ReportText.header(report.config()));
            String json = ReportJson.render(report, null);
            assertTrue(json.contains("\"protocol\": \"h2c\""), json);
            assertTrue(json.contains("\"streams\": 7"), json);
        }
    }
}
