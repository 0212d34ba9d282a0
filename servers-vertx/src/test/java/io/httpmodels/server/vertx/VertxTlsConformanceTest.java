package io.httpmodels.server.vertx;

import io.httpmodels.server.ModelUnderTest;
import io.httpmodels.server.TlsConformanceKit;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/**
 * The conformance kit over TLS for the vertx model: the same answers as in plaintext, so the same deviations on
 * record ({@link VertxDeviations}).
 */
// In the slow set (mvn verify -Pslow, which .ci/run runs), as the plaintext kit.
@Tag("slow")
class VertxTlsConformanceTest extends TlsConformanceKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(VertxModel.NAME).withDeviations(VertxDeviations.all()));
    }
}
