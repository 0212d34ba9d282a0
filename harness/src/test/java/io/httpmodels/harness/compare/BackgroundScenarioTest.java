package io.httpmodels.harness.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.results.Crowd;
import io.httpmodels.harness.results.Scenario;
import org.junit.jupiter.api.Test;

import java.util.List;

class BackgroundScenarioTest {

    @Test
    void theSlowlorisProfileRunsTheLoadAloneThenBesideTwoHundredSlowConnections() {
        List<Scenario> s = Profile.SLOWLORIS.axes().scenarios();
        assertEquals(
                List.of("plaintext-c40-ka-w0", "plaintext-c40-ka-w0-slow200"),
                s.stream().map(Scenario::id).toList());
        assertFalse(s.get(0).hasBackground());
        assertEquals(200, s.get(1).crowd().slowConnections());
        assertEquals(1_000, s.get(1).crowd().slowIntervalMillis());
        assertEquals(s.get(0), s.get(1).quietShape());
        assertEquals(
                "GET /plaintext, 40 connections, keep-alive, no work, closed loop, beside 200 slow connections"
                        + " (a header byte every 1 s)",
                s.get(1).title());
    }

    @Test
    void theCrowdProfileRunsTheLoadAloneThenBesideTenThousandIdleConnections() {
        List<Scenario> s = Profile.CROWD.axes().scenarios();
        assertEquals(
                List.of("plaintext-c40-ka-w0", "plaintext-c40-ka-w0-idle10000"),
                s.stream().map(Scenario::id).toList());
        assertEquals(10_000, s.get(1).crowd().idleConnections());
        assertEquals(0, s.get(1).crowd().slowConnections());
        assertTrue(
                s.get(1).title().endsWith(", beside 10,000 idle connections"),
                s.get(1).title());
    }

    @Test
    void everyComponentIsInTheNameAndSurvivesARateOrAnotherSetting() {
        Scenario slow = Scenario.closedLoop("/plaintext", 0, true, 40, 1)
                .withBackground(5, 7, 250)
                .withHeaderTimeout(10_000);
        assertEquals("plaintext-c40-ka-w0-idle5-slow7-every250ms-ht10000ms", slow.id());
        Scenario rated = slow.atRate(1_000);
        assertEquals(7, rated.crowd().slowConnections());
        assertEquals(10_000, rated.crowd().headerTimeoutMillis());
        assertEquals(slow, rated.closedLoopShape());
        assertEquals("plaintext-c40-ka-w0-ht10000ms", slow.quietShape().id());
    }

    @Test
    void aScenarioWithoutBackgroundHasTheDefaultsAndRefusesANegativeCount() {
        Scenario plain = Scenario.closedLoop("/", 0, true, 1, 1);
        assertEquals(0, plain.crowd().idleConnections());
        assertEquals(Crowd.DEFAULT_SLOW_INTERVAL_MILLIS, plain.crowd().slowIntervalMillis());
        assertEquals(0, plain.crowd().headerTimeoutMillis());
        assertThrows(
                IllegalArgumentException.class,
                () -> Scenario.closedLoop("/", 0, true, 1, 1).withBackground(-1, 0, 0));
    }
}
