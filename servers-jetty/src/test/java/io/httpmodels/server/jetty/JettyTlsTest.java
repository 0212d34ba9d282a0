package io.httpmodels.server.jetty;

import io.httpmodels.server.ModelUnderTest;
import io.httpmodels.server.TlsSmokeKit;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/** The TLS smoke kit for both Jetty models: HTTPS on their one connector, the JDK's TLS only. */
// In the slow set (mvn verify -Pslow, which .ci/run runs), as every model's TLS tests since 2026-12-05: mvn verify
// keeps its 3 minutes, and serves HTTPS end to end through the harness (TlsTargetsTest: netty, nio-reactor).
@Tag("slow")
class JettyTlsTest extends TlsSmokeKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(JettyModels.POOL, JettyModels.VIRTUAL).map(ModelUnderTest::named);
    }
}
