package io.httpmodels.server.helidon;

import io.httpmodels.server.ModelUnderTest;
import io.httpmodels.server.TlsHostileKit;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/** Clients that get TLS wrong, against the helidon model; see {@link HelidonTlsHostileDeviations}. */
// In the slow set (mvn verify -Pslow, which .ci/run runs), as the plaintext hostile kit.
@Tag("slow")
class HelidonTlsHostileTest extends TlsHostileKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(HelidonServer.NAME).withDeviations(HelidonTlsHostileDeviations.all()));
    }
}
