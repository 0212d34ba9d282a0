package io.httpmodels.server.vertx;

import io.httpmodels.server.ModelUnderTest;
import io.httpmodels.server.TlsHostileKit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;

import java.io.IOException;
import java.util.stream.Stream;

/** Clients that get TLS wrong, against the vertx model: none on record (Vert.x closes a handshake at its sslHandshakeTimeout). */
// In the slow set (mvn verify -Pslow, which .ci/run runs), as the plaintext hostile kit.
@Tag("slow")
class VertxTlsHostileTest extends TlsHostileKit {

    // As the conformance kit's: certificate made and handshake warmed before any case is timed.
    @BeforeAll
    static void makeTheSharedCertificateAndWarmTheHandshake() throws IOException {
        VertxTlsConformanceTest.warmUp();
    }

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(VertxModel.NAME));
    }
}
