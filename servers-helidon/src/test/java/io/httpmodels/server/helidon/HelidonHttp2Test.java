package io.httpmodels.server.helidon;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.httpmodels.server.Http2Kit;
import io.httpmodels.server.HttpServerModel;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * The {@link Http2Kit} against helidon: h2c on its listener (by prior knowledge, and by {@code Upgrade: h2c}, which
 * Helidon takes up), h2 by ALPN over its TLS.
 */
// In the slow set, as the frameworks' other kits.
@Tag("slow")
class HelidonHttp2Test extends Http2Kit {

    @Override
    protected HttpServerModel model() {
        return new HelidonServer();
    }

    @Override
    protected HttpClient.Version cleartextUpgradeAnsweredIn() {
        return HttpClient.Version.HTTP_2;
    }

    /** Helidon's idle clock ticks once a second (docs/model-notes/helidon.md, "An idle timeout under a second"). */
    @Override
    protected Duration idleClockTick() {
        return Duration.ofSeconds(1);
    }

    /**
     * Not asked for HTTP/2, Helidon speaks HTTP/1.1 only, though its HTTP/2 is on the class path (its service loader
     * would add it): {@code Upgrade: h2c} is answered in HTTP/1.1.
     */
    @Test
    void withoutHttp2AnUpgradeIsAnsweredInHttp11() throws Exception {
        try (RunningServer server = model().start(ServerConfig.defaults());
                HttpClient client = http2Client()) {
            HttpResponse<String> response = get(client, "http://127.0.0.1:" + server.port() + "/plaintext");
            assertEquals(200, response.statusCode());
            assertEquals(HttpClient.Version.HTTP_1_1, response.version());
        }
    }
}
