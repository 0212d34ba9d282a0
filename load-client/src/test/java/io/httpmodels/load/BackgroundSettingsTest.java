package io.httpmodels.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import java.time.Duration;

/** The background settings of a load and their text, without a network: fast enough to run under PIT. */
class BackgroundSettingsTest {

    private static LoadConfig.Builder builder() {
        return LoadConfig.builder("http://127.0.0.1:8080/").connections(2);
    }

    @Test
    void backgroundConnectionsAreOffUnlessAsked() {
        LoadConfig config = builder().build();
        assertEquals(0, config.background().idleConnections());
        assertEquals(0, config.background().slowConnections());
        assertEquals(LoadConfig.DEFAULT_SLOW_INTERVAL, config.background().slowInterval());
        assertFalse(config.hasBackground());
        assertEquals(Duration.ZERO, config.openingBound());
    }

    @Test
    void eitherKindIsABackgroundAndTheOpeningBoundGrowsAMillisecondPerConnection() {
        assertTrue(builder().idleConnections(1).build().hasBackground());
        assertTrue(builder().slowConnections(1).build().hasBackground());
        LoadConfig config = builder()
                .idleConnections(10_000)
                .slowConnections(200)
                .timeout(Duration.ofSeconds(2))
                .build();
        assertEquals(Duration.ofMillis(2_000 + 10_200), config.openingBound());
        assertEquals(
                Duration.ofMillis(250),
                builder()
                        .slowInterval(Duration.ofMillis(250))
                        .build()
                        .background()
                        .slowInterval());
        assertEquals(
                LoadConfig.DEFAULT_SLOW_INTERVAL,
                builder().slowInterval(null).build().background().slowInterval());
    }

    @Test
    void nonsenseIsRefused() {
        assertEquals(
                "idle and slow connections cannot be negative",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> builder().idleConnections(-1).build())
                        .getMessage());
        assertThrows(
                IllegalArgumentException.class,
                () -> builder().slowConnections(-1).build());
        assertEquals(
                "slow interval must be positive",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> builder().slowInterval(Duration.ZERO).build())
                        .getMessage());
        assertThrows(
                IllegalArgumentException.class,
                () -> builder().slowInterval(Duration.ofMillis(-1)).build());
        builder()
                .idleConnections(0)
                .slowConnections(0)
                .slowInterval(Duration.ofNanos(1))
                .build();
    }

    @Test
    void theTextSaysWhatEachKindSawAndWhenTheyOpened() {
        BackgroundReport both = new BackgroundReport(
                new BackgroundReport.IdleCounts(100, 98, 97, 1, 2),
                new BackgroundReport.SlowCounts(20, 19, 3, 2, 4_096, 0.5),
                new BackgroundReport.Opening(5, 1.5, true));
        assertEquals(
                "  Idle connections: 100 asked, 97 answered, 98 open at the end, 2 closed by the server, 1 answers"
                        + " with an error status\n"
                        + "  Slow connections: 20 asked (a byte every 0.50s), 19 open at the end, 3 closed by the"
                        + " server (2 after an answer), 4.00KB trickled\n"
                        + "  Background connections opened in 1.50s, 5 connects failed and were retried\n",
                ReportText.background(both));
        BackgroundReport idle = new BackgroundReport(
                new BackgroundReport.IdleCounts(10, 10, 10, 0, 0),
                new BackgroundReport.SlowCounts(0, 0, 0, 0, 0, 1),
                new BackgroundReport.Opening(0, 0.25, false));
        assertEquals(
                "  Idle connections: 10 asked, 10 answered, 10 open at the end, 0 closed by the server\n"
                        + "  Background connections not all opened (the clock started at the bound) in 0.25s\n",
                ReportText.background(idle));
    }
}
