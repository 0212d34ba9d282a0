package io.httpmodels.harness.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.results.Scenario;
import io.httpmodels.harness.results.TlsMode;
import io.httpmodels.harness.targets.ModelCatalog;
import io.httpmodels.harness.targets.TargetSpec;
import io.httpmodels.load.HttpProtocol;
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

    @Test
    void theH2ProfileRunsFewConnectionsWithManyStreamsBesideHttp11AtTheSameConcurrency() {
        List<Scenario> scenarios = Profile.H2.axes().scenarios();
        assertEquals(
                List.of(
                        "plaintext-c40-ka-w0",
                        "plaintext-c4-ka-w0-h2c-s10",
                        "plaintext-c400-ka-w0",
                        "plaintext-c4-ka-w0-h2c-s100",
                        "plaintext-c40-ka-w1",
                        "plaintext-c4-ka-w1-h2c-s10",
                        "plaintext-c400-ka-w1",
                        "plaintext-c4-ka-w1-h2c-s100"),
                scenarios.stream().map(Scenario::id).toList());
        for (int i = 0; i < scenarios.size(); i += 2) {
            Scenario h1 = scenarios.get(i);
            Scenario h2c = scenarios.get(i + 1);
            assertEquals(HttpProtocol.H1, h1.protocol());
            assertEquals(HttpProtocol.H2C, h2c.protocol());
            assertEquals(h1.shape().connections(), h2c.shape().connections() * h2c.streams(), "the same concurrency");
            assertFalse(h2c.isTls());
        }
        assertEquals(
                "GET /plaintext, 4 connections, keep-alive, HTTP/2 (h2c), 100 streams each, no work, closed loop",
                scenarios.get(3).title());
        assertTrue(Profile.help(100).contains("h2 "), Profile.help(100));
    }

    @Test
    void h2IsHttp2OverTlsAndHttp11BesideItAloneIsOverTlsToo() {
        List<Scenario> scenarios = new Profile.Axes(
                        List.of("/plaintext"), List.of(0), List.of(true), List.of(2), 1, null, List.of())
                .overProtocols(List.of(HttpProtocol.H1, HttpProtocol.H2), List.of(8))
                .scenarios();
        assertEquals(
                List.of("plaintext-c16-ka-w0-tls", "plaintext-c2-ka-w0-tls-h2-s8"),
                scenarios.stream().map(Scenario::id).toList());
        assertEquals(HttpProtocol.H2, scenarios.get(1).protocol());
        assertEquals(TlsMode.RESUME, scenarios.get(1).tls());
        assertEquals(HttpProtocol.H1, scenarios.get(0).protocol());
    }

    @Test
    void http2AloneRunsEachStreamsCountAndHttp11AloneNeedsNoStreams() {
        Profile.Axes plain =
                new Profile.Axes(List.of("/plaintext"), List.of(0), List.of(true), List.of(4), 1, null, List.of());
        assertEquals(
                List.of("plaintext-c4-ka-w0-h2c-s1", "plaintext-c4-ka-w0-h2c-s50"),
                plain.overProtocols(List.of(HttpProtocol.H2C), List.of(1, 50)).scenarios().stream()
                        .map(Scenario::id)
                        .toList());
        assertEquals(
                plain.scenarios(),
                plain.overProtocols(List.of(HttpProtocol.H1), List.of(1)).scenarios());
    }

    @Test
    void openLoopRatesPaceHttp2StreamsAsTheyPaceHttp11Requests() {
        Profile.Axes fractions =
                new Profile.Axes(List.of("/plaintext"), List.of(0), List.of(true), List.of(4), 1, null, List.of(0.5));
        List<Scenario> scenarios =
                fractions.overProtocols(List.of(HttpProtocol.H2C), List.of(10)).scenarios();
        assertEquals(
                List.of("plaintext-c4-ka-w0-h2c-s10", "plaintext-c4-ka-w0-at50pct-h2c-s10"),
                scenarios.stream().map(Scenario::id).toList());
        assertEquals(0.5, scenarios.get(1).pacing().rateFraction());
        assertEquals(10, scenarios.get(1).streams());
        Profile.Axes rate =
                new Profile.Axes(List.of("/plaintext"), List.of(0), List.of(true), List.of(4), 1, 2_000.0, List.of());
        Scenario paced = rate.overProtocols(List.of(HttpProtocol.H2C), List.of(10))
                .scenarios()
                .get(0);
        assertEquals(2_000.0, paced.pacing().rate());
        assertEquals(HttpProtocol.H2C, paced.protocol());
    }

    @Test
    void whatHttp2DoesNotCombineWithIsRefusedSayingWhy() {
        Profile.Axes plain =
                new Profile.Axes(List.of("/plaintext"), List.of(0), List.of(true), List.of(4), 1, null, List.of());
        assertThrows(
                IllegalArgumentException.class,
                () -> plain.overProtocols(List.of(HttpProtocol.H1), List.of(10)),
                "--streams needs HTTP/2");
        Profile.Axes close =
                new Profile.Axes(List.of("/plaintext"), List.of(0), List.of(false), List.of(4), 1, null, List.of());
        assertThrows(IllegalArgumentException.class, () -> close.overProtocols(List.of(HttpProtocol.H2C), List.of(10)));
        assertThrows(IllegalArgumentException.class, () -> plain.overProtocols(List.of(HttpProtocol.H2C), List.of(0)));
        assertThrows(
                IllegalArgumentException.class,
                () -> plain.withBackground(10, 0).overProtocols(List.of(HttpProtocol.H2C), List.of(10)));
    }

    @Test
    void aTargetSitsOutAProtocolItDoesNotSpeakAndSaysSo() {
        Scenario h2c = Scenario.closedLoop("/plaintext", 0, true, 4, 1).overHttp2(10);
        Scenario h2 = Scenario.closedLoop("/plaintext", 0, true, 4, 1)
                .overTls(TlsMode.RESUME)
                .overHttp2(10);
        TargetSpec netty = TargetSpec.model(ModelCatalog.all().get("netty"));
        TargetSpec threads = TargetSpec.model(ModelCatalog.all().get("virtual-threads"));
        assertTrue(netty.runs(h2c) && netty.runs(h2));
        assertFalse(threads.runs(h2c) || threads.runs(h2));
        assertTrue(TargetSpec.nginx().runs(h2c));
        assertFalse(TargetSpec.external("x=http://127.0.0.1:1").runs(h2c));
        assertEquals(List.of("h1"), threads.info().protocols());
        assertEquals(List.of("h1", "h2c", "h2"), netty.info().protocols());
        assertTrue(threads.info().doesNotSpeak("h2c"));
        assertEquals("HTTP/1.1 only", threads.info().speaksOnly());
        assertFalse(TargetSpec.model("netty", "d").info().protocols() == null);
    }
}
