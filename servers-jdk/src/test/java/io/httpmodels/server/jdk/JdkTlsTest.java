package io.httpmodels.server.jdk;

import io.httpmodels.server.ModelUnderTest;
import io.httpmodels.server.TlsSmokeKit;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/** The TLS smoke kit for both JDK models: the JDK's {@code HttpsServer} on their one listener, the JDK's TLS only. */
// In the slow set (mvn verify -Pslow, which .ci/run runs), as every model's TLS tests since 2026-12-05: mvn verify
// keeps its 3 minutes, and serves HTTPS end to end through the harness (TlsTargetsTest: netty, nio-reactor).
@Tag("slow")
class JdkTlsTest extends TlsSmokeKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(
                ModelUnderTest.named(JdkHttpServerModel.NAME), ModelUnderTest.named(JdkHttpServerVirtualModel.NAME));
    }
}
