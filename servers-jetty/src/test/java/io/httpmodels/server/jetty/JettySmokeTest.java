package io.httpmodels.server.jetty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.ServerModels;
import io.httpmodels.server.Workload;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Each Jetty model starts on port 0, reports its real port and serves /plaintext and /json with one Server field. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class JettySmokeTest {

    // Bounds a hang, not the server's speed: a cold JVM's first answer (class loading with class sharing off) took
    // 1 to 2.5 s beside two busy processes and over 5 s in a whole build beside them.
    private static final Duration ANSWER_BOUND = Duration.ofSeconds(20);

    @ParameterizedTest
    @ValueSource(strings = {JettyModels.POOL, JettyModels.VIRTUAL})
    void servesPlaintextAndJsonOnTheRealPort(String model) throws Exception {
        try (RunningServer server =
                        ServerModels.byName(model).start(ServerConfig.defaults().withPort(0));
                HttpClient client = HttpClient.newBuilder()
                        .version(HttpClient.Version.HTTP_1_1)
                        .connectTimeout(Duration.ofSeconds(5))
                        .build()) {
            assertNotEquals(0, server.port());
            assertTrue(server.description().startsWith(model + ": Jetty 12.1."), server.description());
            String base = "http://127.0.0.1:" + server.port();
            HttpResponse<String> plain = client.send(get(base + "/plaintext"), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, plain.statusCode());
            assertEquals("Hello, World!", plain.body());
            assertEquals(List.of("text/plain"), plain.headers().allValues("Content-Type"));
            assertEquals(List.of(Workload.serverHeader(model)), plain.headers().allValues("Server"));
            HttpResponse<String> json = client.send(get(base + "/json"), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, json.statusCode());
            assertEquals("{\"message\":\"Hello, World!\"}", json.body());
            assertEquals(List.of("application/json"), json.headers().allValues("Content-Type"));
            assertEquals(List.of(Workload.serverHeader(model)), json.headers().allValues("Server"));
        }
    }

    private static HttpRequest get(String uri) {
        return HttpRequest.newBuilder(URI.create(uri)).timeout(ANSWER_BOUND).build();
    }
}
