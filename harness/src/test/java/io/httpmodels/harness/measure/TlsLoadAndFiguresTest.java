package io.httpmodels.harness.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.process.Pinning;
import io.httpmodels.harness.results.Handshakes;
import io.httpmodels.harness.results.Scenario;
import io.httpmodels.harness.results.TlsMode;
import io.httpmodels.harness.targets.TargetLauncher;
import io.httpmodels.load.ClientTlsProvider;
import io.httpmodels.load.LatencySummary;
import io.httpmodels.load.LoadConfig;
import io.httpmodels.load.LoadReport;
import io.httpmodels.load.TlsSettings;
import io.httpmodels.load.TlsVersion;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;

/** A TLS scenario's load (https, any certificate, resumption as the scenario says) and its handshake figures. */
class TlsLoadAndFiguresTest {

    private static final Scenario CLOSE = Scenario.closedLoop("/plaintext", 0, false, 40, 1);

    private static final MeasuringStep STEP = new MeasuringStep(
            new TargetLauncher(Pinning.plan(false, null, null), Path.of(".")),
            new MeasureSettings(
                    1,
                    Duration.ofSeconds(2),
                    Pinning.plan(false, null, null),
                    0.95,
                    new WarmupRule(Duration.ofSeconds(1), Duration.ofSeconds(20))));

    @Test
    void aTlsScenarioLoadsOverHttpsTrustingAnyCertificateWithResumptionAsItSays() {
        LoadConfig full = STEP.load("https://127.0.0.1:1/plaintext", CLOSE.overTls(TlsMode.FULL), null)
                .build();
        assertEquals(new TlsSettings(TlsVersion.TLS_1_3, false, true, null, null), full.tls());
        LoadConfig resumed = STEP.load("https://127.0.0.1:1/plaintext", CLOSE.overTls(TlsMode.RESUME), null)
                .build();
        assertEquals(new TlsSettings(TlsVersion.TLS_1_3, true, true, null, null), resumed.tls());
        assertNull(
                STEP.load("http://127.0.0.1:1/plaintext", CLOSE, null).build().tls());
    }

    @Test
    void theClientEncryptsWithOpenSslUnlessCompareAsksForTheJdks() {
        LoadConfig byDefault = STEP.load("https://127.0.0.1:1/plaintext", CLOSE.overTls(TlsMode.FULL), null)
                .build();
        assertEquals(ClientTlsProvider.preferred(), byDefault.tls().provider());
        MeasuringStep jdk = new MeasuringStep(
                new TargetLauncher(Pinning.plan(false, null, null), Path.of(".")),
                STEP.settings().withClientTlsProvider(ClientTlsProvider.JDK));
        assertEquals(
                ClientTlsProvider.JDK,
                jdk.load("https://127.0.0.1:1/plaintext", CLOSE.overTls(TlsMode.FULL), null)
                        .build()
                        .tls()
                        .provider());
    }

    @Test
    void aServerStartedPlainCannotServeATlsLoadNorTheOtherWayRound() {
        try (MeasuredTarget plain = new MeasuredTarget("x", CLOSE, null, "not started")) {
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> plain.checkServes(CLOSE.overTls(TlsMode.FULL)));
            assertTrue(e.getMessage().contains("TLS and protocol are fixed when it starts"), e.getMessage());
        }
        try (MeasuredTarget tls = new MeasuredTarget("x", CLOSE.overTls(TlsMode.FULL), null, "not started")) {
            tls.checkServes(CLOSE.overTls(TlsMode.RESUME)); // resumption is the client's: same server
        }
    }

    @Test
    void handshakesPerSecondAndServerCpuPerHandshakeComeFromTheWindowsCountsAndCpu() {
        Histogram times = new Histogram(3);
        for (int i = 1; i <= 100; i++) {
            times.recordValue(i * 10L); // 10 .. 1,000 µs
        }
        LatencySummary summary = LatencySummary.of("handshake", "TCP established to handshake done", times);
        Handshakes h = CellFigures.handshakes(new LoadReport.Tls(TlsVersion.TLS_1_3, 2_000, 500, summary), 4.0, 0.8);
        assertEquals("1.3", h.version());
        assertEquals(2_000, h.handshakes());
        assertEquals(500, h.resumed());
        assertEquals(500.0, h.perSecond(), 1e-9);
        assertEquals(times.getValueAtPercentile(50), h.p50Micros());
        assertEquals(times.getValueAtPercentile(99), h.p99Micros());
        assertEquals(400.0, h.serverCpuMicrosPerHandshake(), 1e-9, "0.8 s of CPU / 2,000 handshakes");

        Handshakes keepAlive = CellFigures.handshakes(new LoadReport.Tls(TlsVersion.TLS_1_3, 0, 0, null), 4.0, 0.8);
        assertEquals(0.0, keepAlive.perSecond());
        assertNull(keepAlive.p50Micros());
        assertNull(keepAlive.serverCpuMicrosPerHandshake(), "no handshake in the window: no cost per handshake");
        assertNull(CellFigures.handshakes(null, 4.0, 0.8), "plain HTTP");
        assertNull(
                CellFigures.handshakes(new LoadReport.Tls(TlsVersion.TLS_1_3, 10, 0, null), 4.0, null)
                        .serverCpuMicrosPerHandshake(),
                "the server's CPU unknown");
    }
}
