package io.httpmodels.harness.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.results.Scenario;
import io.httpmodels.harness.results.TlsMode;
import io.httpmodels.harness.targets.TargetSpec;
import org.junit.jupiter.api.Test;

import java.util.List;

class ScenarioAndProfileTest {

    @Test
    void theDefaultProfileIsTheArticlesKeyExperimentOnKeepAliveConnections() {
        List<Scenario> scenarios = Profile.DEFAULT.axes().scenarios();
        assertEquals(
                List.of("plaintext-c40-ka-w0", "plaintext-c40-ka-w1"),
                scenarios.stream().map(Scenario::id).toList());
        assertTrue(scenarios.stream().noneMatch(Scenario::openLoop));
    }

    @Test
    void theArticlesProfileIsTheirWholeExperimentInFourScenarios() {
        List<Scenario> scenarios = Profile.ARTICLES.axes().scenarios();
        assertEquals(
                List.of(
                        "plaintext-c40-ka-w0",
                        "plaintext-c40-close-w0",
                        "plaintext-c40-ka-w1",
                        "plaintext-c40-close-w1"),
                scenarios.stream().map(Scenario::id).toList());
        assertTrue(scenarios.stream().noneMatch(Scenario::openLoop));
    }

    @Test
    void theTlsProfileRunsKeepAliveThenFullHandshakesThenResumedOnesAllOverTls() {
        List<Scenario> scenarios = Profile.TLS.axes().scenarios();
        assertEquals(
                List.of("plaintext-c40-ka-w0-tls", "plaintext-c40-close-w0-tls-full", "plaintext-c40-close-w0-tls"),
                scenarios.stream().map(Scenario::id).toList());
        assertEquals(
                List.of(TlsMode.RESUME, TlsMode.FULL, TlsMode.RESUME),
                scenarios.stream().map(Scenario::tls).toList());
        assertTrue(scenarios.stream().allMatch(s -> s.shape().connections() == 40 && s.workMillis() == 0));
        assertTrue(Profile.help(100).contains("tls"), Profile.help(100));
        assertTrue(Profile.DEFAULT.axes().scenarios().stream().noneMatch(Scenario::isTls), "no other profile is TLS");
        Scenario rate = Profile.TLS.axes().scenarios().get(1).atPeakFraction(0.5);
        assertEquals(TlsMode.FULL, rate.closedLoopShape().tls(), "a derived scenario keeps its TLS");
    }

    @Test
    void theSweepVariesConnectionsOnly() {
        assertEquals(
                List.of(1, 5, 10, 40, 256),
                Profile.SWEEP.axes().scenarios().stream()
                        .map(s -> s.shape().connections())
                        .toList());
    }

    @Test
    void theRateProfileRunsTheClosedLoopFirstThenItsFractions() {
        List<Scenario> s = Profile.RATE.axes().scenarios();
        assertEquals(4, s.size());
        assertFalse(s.get(0).openLoop());
        assertEquals(0.5, s.get(1).pacing().rateFraction());
        assertEquals(s.get(0).id(), s.get(3).closedLoopShape().id());
        assertEquals("plaintext-c40-ka-w0-at90pct", s.get(3).id());
    }

    @Test
    void titlesSayTheShapeInWords() {
        assertEquals(
                "GET /plaintext, 40 connections, a new connection per request, 1 ms blocking work, closed loop",
                Scenario.closedLoop("/plaintext", 1, false, 40, 1).title());
        assertEquals(
                "GET /json, 1 connection, keep-alive, pipeline 16, no work, open loop at 20,000 req/s",
                Scenario.closedLoop("/json", 0, true, 1, 16).atRate(20_000).title());
    }

    @Test
    void badShapesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> Scenario.closedLoop("plaintext", 0, true, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> Scenario.closedLoop("/", 0, true, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> Scenario.closedLoop("/", -1, true, 1, 1));
        assertThrows(
                IllegalArgumentException.class,
                () -> Scenario.closedLoop("/", 0, true, 1, 1).atRate(0));
    }

    @Test
    void profilesAreFoundByTheirNameOnly() {
        assertEquals(Profile.PIPELINE, Profile.byId("pipeline"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Profile.byId("PIPELINE"));
        assertTrue(e.getMessage().contains("quick, default, articles, sweep, pipeline, rate"));
    }

    @Test
    void sloBoundsParseWithTheirUnits() {
        assertEquals(new Slo(99.0, 10_000), Slo.parse("p99=10ms"));
        assertEquals(new Slo(99.9, 500), Slo.parse("p99.9=500us"));
        assertEquals(new Slo(50.0, 1_500_000), Slo.parse("P50=1.5s"));
        assertEquals("p99 <= 10 ms", Slo.parse("p99=10ms").toString());
        assertThrows(IllegalArgumentException.class, () -> Slo.parse("p99=10"));
        assertThrows(IllegalArgumentException.class, () -> Slo.parse("p95=1ms"));
        assertThrows(IllegalArgumentException.class, () -> Slo.parse("p99=0.1us"));
    }

    @Test
    void externalTargetsAreNameEqualsUrl() {
        TargetSpec t = TargetSpec.external("tomcat=http://127.0.0.1:8080/ignored");
        assertEquals("tomcat", t.name());
        assertEquals("http://127.0.0.1:8080", t.baseUrl().toString());
        assertThrows(IllegalArgumentException.class, () -> TargetSpec.external("=http://x"));
        assertThrows(IllegalArgumentException.class, () -> TargetSpec.external("x=https://h"));
        assertThrows(IllegalArgumentException.class, () -> TargetSpec.external("x="));
    }

    @Test
    void foreignServersSitOutScenariosWithSimulatedWork() {
        Scenario work = Scenario.closedLoop("/plaintext", 1, true, 40, 1);
        Scenario none = Scenario.closedLoop("/plaintext", 0, true, 40, 1);
        assertFalse(TargetSpec.nginx().runs(work));
        assertTrue(TargetSpec.nginx().runs(none));
        assertTrue(TargetSpec.model("netty", "d").runs(work));
    }
}
