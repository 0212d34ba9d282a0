package io.httpmodels.server.tio;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.httpmodels.server.KitTransport;
import io.httpmodels.server.ModelUnderTest;
import io.httpmodels.server.RawHttpConnection;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerModels;
import io.httpmodels.server.TlsSmokeKit;
import io.httpmodels.server.Workload;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.stream.Stream;

/** The TLS smoke kit for the tio model (t-io's own SSL), and a fresh connection's first answer, once broken. */
// In the slow set (mvn verify -Pslow, which .ci/run runs), as every model's TLS tests since 2026-12-05: mvn verify
// keeps its 3 minutes, and serves HTTPS end to end through the harness (TlsTargetsTest: netty, nio-reactor).
@Tag("slow")
class TioTlsTest extends TlsSmokeKit {

    @Override
    protected Stream<ModelUnderTest> models() {
        return Stream.of(ModelUnderTest.named(TioServer.NAME));
    }

    /** The first answer after a handshake decrypts (t-io once sent it before a session ticket encrypted first). */
    @Test
    void everyFreshConnectionDecryptsItsFirstAnswer() throws Exception {
        try (RunningServer server = ServerModels.byName(TioServer.NAME).start(baseConfig())) {
            for (int i = 0; i < 30; i++) {
                try (RawHttpConnection client = KitTransport.TLS.connect(server.port())) {
                    RawHttpConnection.Response response = client.send(
                                    "GET /plaintext HTTP/1.1\r\nHost: localhost\r\n\r\n")
                            .read();

                    assertEquals(200, response.status(), "connection " + i);
                    assertEquals(Workload.PLAINTEXT_BODY, response.bodyText(), "connection " + i);
                }
            }
        }
    }
}
