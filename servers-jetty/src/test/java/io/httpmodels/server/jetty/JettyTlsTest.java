package io.httpmodels.server.jetty;

import io.httpmodels.server.ModelUnderTest;
import io.httpmodels.server.TlsSmokeKit;

import java.util.stream.Stream;

/** The TLS smoke kit for both Jetty models: HTTPS on their one connector, the JDK's TLS only. */
class JettyTlsTest extends TlsSmokeKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(JettyModels.POOL, JettyModels.VIRTUAL).map(ModelUnderTest::named);
    }
}
