package io.httpmodels.server.tomcat;

import io.httpmodels.server.ModelUnderTest;
import io.httpmodels.server.TlsSmokeKit;

import java.util.stream.Stream;

/** The TLS smoke kit for both Tomcat models: HTTPS on their one connector, the JDK's TLS only. */
class TomcatTlsTest extends TlsSmokeKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(TomcatModels.POOL, TomcatModels.VIRTUAL).map(ModelUnderTest::named);
    }
}
