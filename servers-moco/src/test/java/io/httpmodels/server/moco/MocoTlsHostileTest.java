package io.httpmodels.server.moco;

import io.httpmodels.server.ModelUnderTest;
import io.httpmodels.server.TlsHostileKit;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/**
 * Clients that get TLS wrong, against the moco model: the stalled handshakes on record ({@link
 * MocoTlsHostileDeviations}).
 */
// In the slow set (mvn verify -Pslow, which .ci/run runs), as the plaintext hostile kit.
@Tag("slow")
class MocoTlsHostileTest extends TlsHostileKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(MocoModel.NAME).withDeviations(MocoTlsHostileDeviations.all()));
    }
}
