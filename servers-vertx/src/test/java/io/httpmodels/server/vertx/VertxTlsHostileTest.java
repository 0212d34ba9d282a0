package io.httpmodels.server.vertx;

import io.httpmodels.server.KitTransport;
import io.httpmodels.server.ModelUnderTest;
import io.httpmodels.server.RawHttpConnection;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.ServerModels;
import io.httpmodels.server.TlsHostileKit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;

import java.io.IOException;
import java.util.stream.Stream;

/** Clients that get TLS wrong, against the vertx model: none on record (Vert.x closes a handshake at its sslHandshakeTimeout). */
// In the slow set (mvn verify -Pslow, which .ci/run runs), as the plaintext hostile kit.
@Tag("slow")
class VertxTlsHostileTest extends TlsHostileKit {

    // The shared certificate (keytool) made, and one handshake done, before any case is timed. Vert.x holds every
    // handshake, the bystanders' too, to the kit's 1 s deadline; a JVM's first handshake (JSSE not yet compiled, on
    // both sides) took longer than that on a busy two-core host, and the server rightly closed the bystander.
    @BeforeAll
    static void makeTheSharedCertificateAndWarmTheHandshake() throws IOException {
        try (RunningServer server = ServerModels.byName(VertxModel.NAME)
                        .start(KitTransport.TLS.apply(ServerConfig.defaults().withPort(0)));
                RawHttpConnection client = KitTransport.TLS.connect(server.port())) {
            client.send("GET /plaintext HTTP/1.1\r\nHost: localhost\r\n\r\n").read();
        }
    }

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(VertxModel.NAME));
    }
}
