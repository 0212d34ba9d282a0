package io.httpmodels.server.undertow;

import io.httpmodels.server.ModelUnderTest;
import io.httpmodels.server.TlsConformanceKit;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/**
 * The conformance kit over TLS for the undertow model: the same answers as in plaintext, so the same deviations on
 * record ({@link UndertowDeviations}).
 */
// In the slow set (mvn verify -Pslow, which .ci/run runs), as the plaintext kit.
@Tag("slow")
class UndertowTlsConformanceTest extends TlsConformanceKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(UndertowModel.NAME).withDeviations(UndertowDeviations.all()));
    }
}
