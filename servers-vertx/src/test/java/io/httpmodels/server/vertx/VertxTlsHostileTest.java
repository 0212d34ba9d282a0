package io.httpmodels.server.vertx;

import io.httpmodels.server.ModelUnderTest;
import io.httpmodels.server.TlsHostileKit;
import org.junit.jupiter.api.Tag;

import java.util.stream.Stream;

/** Clients that get TLS wrong, against the vertx model: none on record (Vert.x closes a handshake at its sslHandshakeTimeout). */
// In the slow set (mvn verify -Pslow, which .ci/run runs), as the plaintext hostile kit.
@Tag("slow")
class VertxTlsHostileTest extends TlsHostileKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(VertxModel.NAME));
    }
}
