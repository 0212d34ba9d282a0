package io.httpmodels.server.undertow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The undertow model starts on port 0, reports its real port and serves /plaintext and /json. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class UndertowSmokeTest {

    // Bounds a hang, not the server's speed: a cold JVM's first answer (class loading with class sharing off) took
    // 1 to 2.5 s beside two busy processes and over 5 s in a whole build beside them.
    private static final Duration ANSWER_BOUND = Duration.ofSeconds(20);

    @Test
    void servesPlaintextAndJsonOnTheRealPort() throws Exception {
        try (RunningServer server = ServerModels.byName("undertow")
                        .start(ServerConfig.defaults().withPort(0));
                HttpClient client = HttpClient.newBuilder()
                        .version(HttpClient.Version.HTTP_1_1)
                        .connectTimeout(Duration.ofSeconds(5))
                        .build()) {
            assertNotEquals(0, server.port());
            String base = "http://127.0.0.1:" + server.port();
            HttpResponse<String> plain = get(client, base + "/plaintext");
            assertEquals(200, plain.statusCode());
            assertEquals("Hello, World!", plain.body());
            assertEquals(
                    "text/plain", plain.headers().firstValue("Content-Type").orElse(""));
            assertEquals("13", plain.headers().firstValue("Content-Length").orElse(""));
            assertEquals(List.of("httpmodels-undertow"), plain.headers().allValues("Server"));
            assertTrue(plain.headers().firstValue("Date").isPresent(), "Undertow writes the Date");

            HttpResponse<String> json = get(client, base + "/json");
            assertEquals(200, json.statusCode());
            assertEquals("{\"message\":\"Hello, World!\"}", json.body());
            assertEquals(
                    "application/json",
                    json.headers().firstValue("Content-Type").orElse(""));
            assertEquals(List.of("httpmodels-undertow"), json.headers().allValues("Server"));
        }
    }

    @Test
    void describesItsThreadPools() throws Exception {
        try (RunningServer server = ServerModels.byName("undertow")
                .start(ServerConfig.defaults().withWorkerThreads(3).withWorkPoolThreads(5))) {
            assertTrue(server.description().contains("XNIO 3 I/O threads, worker pool 5"), server.description());
        }
        int io = UndertowModel.defaultIoThreads();
        assertTrue(
                ServerModels.byName("undertow").description().contains(io + " I/O threads, a worker pool of " + 8 * io),
                ServerModels.byName("undertow").description());
    }

    private static HttpResponse<String> get(HttpClient client, String uri) throws Exception {
        return client.send(
                HttpRequest.newBuilder(URI.create(uri)).timeout(ANSWER_BOUND).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
