package io.httpmodels.harness.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.httpmodels.harness.results.Scenario;
import io.httpmodels.harness.results.TlsMode;
import io.httpmodels.harness.targets.TargetSpec;
import org.junit.jupiter.api.Test;

import java.util.List;

class SharedJvmsTest {

    private static final Scenario NO_WORK = Scenario.closedLoop("/plaintext", 0, true, 40, 1);
    private static final Scenario WORK = Scenario.closedLoop("/plaintext", 1, true, 40, 1);
    private static final Scenario CLOSE = Scenario.closedLoop("/plaintext", 0, false, 40, 1);

    @Test
    void aModelsScenariosThatDifferInTheirWorkShareOneJvm() {
        assertEquals(
                List.of(List.of(NO_WORK, WORK, CLOSE)),
                Comparison.sharedJvms(TargetSpec.model("netty", "netty"), List.of(NO_WORK, WORK, CLOSE)));
    }

    @Test
    void tlsAHeaderDeadlineOrConnectionsBesideEachHaveAJvmOfTheirOwn() {
        Scenario tls = NO_WORK.overTls(TlsMode.FULL);
        Scenario deadline = NO_WORK.withHeaderTimeout(1_000);
        Scenario idle = NO_WORK.withBackground(200, 0, 0);
        assertEquals(
                List.of(List.of(NO_WORK), List.of(tls), List.of(WORK), List.of(deadline), List.of(idle)),
                Comparison.sharedJvms(TargetSpec.model("netty", "netty"), List.of(NO_WORK, tls, WORK, deadline, idle)));
    }

    @Test
    void aPeerSitsOutTheScenariosWithWork() {
        assertEquals(
                List.of(List.of(NO_WORK, CLOSE)),
                Comparison.sharedJvms(TargetSpec.nginx(), List.of(NO_WORK, WORK, CLOSE)));
    }

    @Test
    void eachProtocolHasAJvmOfItsOwnItsStreamsCountsShareIt() {
        Scenario h2c = Scenario.closedLoop("/plaintext", 0, true, 4, 1).overHttp2(10);
        Scenario h2cMore = Scenario.closedLoop("/plaintext", 0, true, 4, 1).overHttp2(100);
        Scenario h1 = Scenario.closedLoop("/plaintext", 0, true, 400, 1);
        assertEquals(
                List.of(List.of(h1), List.of(h2c, h2cMore)),
                Comparison.sharedJvms(TargetSpec.nginx(), List.of(h1, h2c, h2cMore)));
    }
}
