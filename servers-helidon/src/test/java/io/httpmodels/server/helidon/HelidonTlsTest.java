package io.httpmodels.server.helidon;

import io.httpmodels.server.ModelUnderTest;
import io.httpmodels.server.TlsSmokeKit;

import java.util.stream.Stream;

/** The TLS smoke kit for the helidon model: HTTPS on its one listener, the JDK's TLS only. */
class HelidonTlsTest extends TlsSmokeKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(HelidonServer.NAME));
    }
}
