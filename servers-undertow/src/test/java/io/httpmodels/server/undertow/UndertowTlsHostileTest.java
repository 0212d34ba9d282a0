package io.httpmodels.server.undertow;

import io.httpmodels.server.ModelUnderTest;
import io.httpmodels.server.TlsHostileKit;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/** Clients that get TLS wrong, against the undertow model; see {@link UndertowTlsHostileDeviations}. */
// In the slow set (mvn verify -Pslow, which .ci/run runs), as the plaintext hostile kit.
@Tag("slow")
class UndertowTlsHostileTest extends TlsHostileKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(UndertowModel.NAME).withDeviations(UndertowTlsHostileDeviations.all()));
    }
}
