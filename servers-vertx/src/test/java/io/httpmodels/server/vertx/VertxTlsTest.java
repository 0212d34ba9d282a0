package io.httpmodels.server.vertx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.server.ModelUnderTest;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerModels;
import io.httpmodels.server.TlsSmokeKit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketException;
import java.time.Duration;
import java.util.stream.Stream;

/**
 * The TLS smoke kit for the vertx model, and its own bound on a handshake: a connection that sends no ClientHello
 * is closed at the header timeout (Vert.x's {@code sslHandshakeTimeout}).
 */
// In the slow set (mvn verify -Pslow, which .ci/run runs), as every model's TLS tests since 2026-12-05: mvn verify
// keeps its 3 minutes, and serves HTTPS end to end through the harness (TlsTargetsTest: netty, nio-reactor).
@Tag("slow")
class VertxTlsTest extends TlsSmokeKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(VertxModel.NAME));
    }

    @Test
    void closesAClientThatSendsNoClientHelloAtTheHeaderTimeout() throws Exception {
        Duration headerTimeout = Duration.ofSeconds(1);
        try (RunningServer server =
                        ServerModels.byName(VertxModel.NAME).start(baseConfig().withHeaderTimeout(headerTimeout));
                Socket silent = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
            silent.setSoTimeout(10_000);
            long start = System.nanoTime();
            int read;
            try {
                read = silent.getInputStream().read();
            } catch (SocketException reset) {
                read = -1;
            }
            Duration waited = Duration.ofNanos(System.nanoTime() - start);
            assertEquals(-1, read, "the server sends nothing and closes");
            // The slack the TLS hostile kit allows: scheduling on a busy two-core host.
            assertTrue(waited.compareTo(headerTimeout.plusSeconds(3)) < 0, "closed after " + waited);
        }
    }
}
