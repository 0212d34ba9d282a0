package io.httpmodels.server.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.httpmodels.server.KitTransport;
import io.httpmodels.server.ModelUnderTest;
import io.httpmodels.server.RawHttpConnection;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.TlsHostileKit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;

import java.io.IOException;
import java.util.stream.Stream;

/**
 * Clients that get TLS wrong, against netty on each provider ({@link NettyModels#overTls()}).
 *
 * <p>The kit's 1 s head deadline bounds its well-behaved bystander's handshake too, and netty holds every handshake
 * to it: the first JDK handshake of a cold test JVM on a loaded two-core host (load average 25) took longer, and the
 * bystander was cut. So each model serves one TLS request under the default deadline before the kit starts.
 */
@Tag("slow")
class NettyTlsHostileTest extends TlsHostileKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return NettyModels.overTls();
    }

    @BeforeAll
    void warmTheTlsPathOfThisJvm() throws IOException {
        for (ModelUnderTest model : models().toList()) {
            ServerConfig config = model.configure().apply(KitTransport.TLS.apply(ServerConfig.defaults()));
            try (RunningServer server = model.model().start(config);
                    RawHttpConnection client = KitTransport.TLS.connect(server.port())) {
                assertEquals(
                        200,
                        client.send("GET /plaintext HTTP/1.1\r\nHost: localhost\r\n\r\n")
                                .read()
                                .status(),
                        model.label());
            }
        }
    }
}
