package io.httpmodels.server.undertow;

import io.httpmodels.server.ModelUnderTest;
import io.httpmodels.server.TlsSmokeKit;

import java.util.stream.Stream;

/** The TLS smoke kit for the undertow model: HTTPS on its one listener, the JDK's TLS only. */
class UndertowTlsTest extends TlsSmokeKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(UndertowModel.NAME));
    }
}
