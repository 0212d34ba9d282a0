package io.httpmodels.server.moco;

import io.httpmodels.server.ModelUnderTest;
import io.httpmodels.server.TlsSmokeKit;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/**
 * The TLS smoke kit for the moco model: moco's {@code HttpsServer} on the project's key store serves TLS 1.3 and 1.2,
 * closes a plaintext request and refuses the OpenSSL provider.
 */
// In the slow set (mvn verify -Pslow, which .ci/run runs), as every model's TLS tests.
@Tag("slow")
class MocoTlsTest extends TlsSmokeKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(MocoModel.NAME));
    }
}
