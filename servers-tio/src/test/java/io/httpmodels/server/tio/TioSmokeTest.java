package io.httpmodels.server.tio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.ServerModels;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** The tio model starts on port 0, reports its real port and serves /plaintext and /json. */
@Timeout(60)
class TioSmokeTest {

    // Bounds a hang, not the server's speed: a cold JVM's first answer (class loading with class sharing off) took
    // 1 to 2.5 s beside two busy processes and over 5 s in a whole build beside them.
    private static final Duration ANSWER_BOUND = Duration.ofSeconds(20);

    @Test
    void servesPlaintextAndJsonOnTheRealPort() throws Exception {
        try (RunningServer server =
                        ServerModels.byName("tio").start(ServerConfig.defaults().withPort(0));
                HttpClient client = HttpClient.newBuilder()
                        .connectTimeout(Duration.ofSeconds(5))
                        .build()) {
            assertNotEquals(0, server.port());
            String base = "http://127.0.0.1:" + server.port();
            HttpResponse<String> plain = client.send(
                    HttpRequest.newBuilder(URI.create(base + "/plaintext"))
                            .timeout(ANSWER_BOUND)
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, plain.statusCode());
            assertEquals("Hello, World!", plain.body());
            // t-io's HttpResponseEncoder writes its own "Server: t-io" (HeaderValue.Server.TIO); see
            // docs/model-notes/tio.md
            assertEquals(
                    java.util.List.of("t-io", "httpmodels-tio"), plain.headers().allValues("Server"));
            HttpResponse<String> json = client.send(
                    HttpRequest.newBuilder(URI.create(base + "/json"))
                            .timeout(ANSWER_BOUND)
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals("{\"message\":\"Hello, World!\"}", json.body());
        }
    }
}
