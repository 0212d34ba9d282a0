package io.httpmodels.server.moco;

import io.httpmodels.server.ModelUnderTest;
import io.httpmodels.server.TlsConformanceKit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.stream.Stream;

/**
 * The conformance kit over TLS for the moco model: the same answers as in plaintext, so the same deviations on
 * record ({@link MocoDeviations}), and the close case left out ({@link MocoCloseCase}).
 */
// In the slow set (mvn verify -Pslow, which .ci/run runs), as the plaintext kit.
@Tag("slow")
@ExtendWith(MocoCloseCase.class)
class MocoTlsConformanceTest extends TlsConformanceKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(MocoModel.NAME).withDeviations(MocoDeviations.all()));
    }
}
