package io.httpmodels.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import java.util.Map;

/**
 * An attack's verdict is the first bound broken, in the order {@link Http2AttackOutcome.Verdict} lists them, and only
 * a server that breaks none is seen closing or keeping the connection; every bound broken is named.
 */
class Http2AttackOutcomeTest {

    private static final long GROWN = (BackpressureKit.MAX_RSS_GROWTH + 1024);

    private static Http2AttackOutcome outcome(
            Http2Attack attack,
            long rssGrowthKiB,
            double afterCores,
            int goaway,
            String endedBy,
            Map<Integer, Integer> resets,
            long bystanderMillis,
            String bystanderFailure) {
        return new Http2AttackOutcome(
                attack,
                1 << 20,
                500,
                rssGrowthKiB,
                false,
                1.0,
                afterCores,
                goaway,
                endedBy,
                resets,
                3,
                bystanderMillis,
                bystanderFailure,
                false);
    }

    @Test
    void aServerThatBreaksNoBoundIsSeenClosingOrKeepingTheConnection() {
        assertEquals(
                Http2AttackOutcome.Verdict.CLOSED_WITH_GOAWAY,
                outcome(Http2Attack.RAPID_RESET, 0, 0, 11, "closed", Map.of(), 10, null)
                        .verdict());
        assertEquals(
                Http2AttackOutcome.Verdict.CLOSED,
                outcome(Http2Attack.PING_FLOOD, 0, 0, -1, "closed", Map.of(), 10, null)
                        .verdict());
        Http2AttackOutcome kept = outcome(Http2Attack.PING_FLOOD, 0, 0, -1, null, Map.of(), 10, null);
        assertEquals(Http2AttackOutcome.Verdict.SURVIVED, kept.verdict());
        assertTrue(kept.broken().isEmpty(), kept.broken().toString());
        assertTrue(kept.figures().startsWith("SURVIVED: connection kept;"), kept.figures());
    }

    @Test
    void memoryComesBeforeTheBystanderAndEveryBrokenBoundIsNamed() {
        Http2AttackOutcome outcome =
                outcome(Http2Attack.HPACK_BOMB, GROWN, 1.0, -1, null, Map.of(), 10, "read timed out");
        assertEquals(Http2AttackOutcome.Verdict.MEMORY_GREW, outcome.verdict());
        assertEquals(3, outcome.broken().size(), outcome.broken().toString());
    }

    @Test
    void aSlowBystanderStarvesAndWorkLeftBehindKeepsTheCpuBusy() {
        assertEquals(
                Http2AttackOutcome.Verdict.BYSTANDER_STARVED,
                outcome(Http2Attack.RAPID_RESET, 0, 0, -1, null, Map.of(), 6_000, null)
                        .verdict());
        assertEquals(
                Http2AttackOutcome.Verdict.CPU_KEPT_BUSY,
                outcome(Http2Attack.RAPID_RESET, 0, 0.9, 11, "closed", Map.of(), 10, null)
                        .verdict());
    }

    @Test
    void streamsPastTheLimitMustBeRefused() {
        assertEquals(
                Http2AttackOutcome.Verdict.STREAMS_UNLIMITED,
                outcome(Http2Attack.TOO_MANY_STREAMS, 0, 0, -1, null, Map.of(), 10, null)
                        .verdict());
        assertEquals(
                Http2AttackOutcome.Verdict.SURVIVED,
                outcome(Http2Attack.TOO_MANY_STREAMS, 0, 0, -1, null, Map.of(Http2Frames.REFUSED_STREAM, 100), 10, null)
                        .verdict());
    }
}
