package io.httpmodels.server.helidon;

import io.httpmodels.server.ModelUnderTest;
import io.httpmodels.server.TlsConformanceKit;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/**
 * The conformance kit over TLS for the helidon model: the same answers as in plaintext, so the same deviations on
 * record ({@link HelidonDeviations}).
 */
// In the slow set (mvn verify -Pslow, which .ci/run runs), as the plaintext kit.
@Tag("slow")
class HelidonTlsConformanceTest extends TlsConformanceKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(HelidonServer.NAME).withDeviations(HelidonDeviations.all()));
    }
}
