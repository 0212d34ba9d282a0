package io.httpmodels.server.vertx;

import io.httpmodels.server.KitTransport;
import io.httpmodels.server.ModelUnderTest;
import io.httpmodels.server.RawHttpConnection;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.ServerModels;
import io.httpmodels.server.TlsConformanceKit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;

import java.io.IOException;
import java.util.stream.Stream;

/**
 * The conformance kit over TLS for the vertx model: the same answers as in plaintext, so the same deviations on
 * record ({@link VertxDeviations}).
 */
// In the slow set (mvn verify -Pslow, which .ci/run runs), as the plaintext kit.
@Tag("slow")
class VertxTlsConformanceTest extends TlsConformanceKit {

    // Before any case is timed: the kit makes the shared certificate (keytool, a JVM of its own) on first use, and a
    // JVM's first handshake runs JSSE uncompiled on both sides. On a busy two-core host each took most of a case's
    // bounds (the first case's 60 s; a handshake read's 5 s).
    @BeforeAll
    static void makeTheSharedCertificateAndWarmTheHandshake() throws IOException {
        warmUp();
    }

    /** A cold handshake's bound: not a case, so not held to the kit's 5 s. */
    private static final int WARM_UP_READ_MILLIS = 30_000;

    /** Makes the kit's certificate and does one handshake and request with the model over TLS. */
    static void warmUp() throws IOException {
        try (RunningServer server = ServerModels.byName(VertxModel.NAME)
                        .start(KitTransport.TLS.apply(ServerConfig.defaults().withPort(0)));
                RawHttpConnection client = KitTransport.TLS.connect(server.port(), WARM_UP_READ_MILLIS)) {
            client.send("GET /plaintext HTTP/1.1\r\nHost: localhost\r\n\r\n").read();
        }
    }

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(VertxModel.NAME).withDeviations(VertxDeviations.all()));
    }
}
