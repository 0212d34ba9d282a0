package io.httpmodels.server.helidon;

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
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The helidon model starts on port 0, reports its real port and serves /plaintext and /json with the model's
 * {@code Server} field; its blocking work runs side by side, a virtual thread per connection.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class HelidonSmokeTest {

    private static final int WORK_MS = 1000;
    private static final int REQUESTS = 8;

    @Test
    void servesPlaintextAndJsonOnTheRealPort() throws Exception {
        try (RunningServer server = ServerModels.byName("helidon").start(ServerConfig.defaults());
                HttpClient client = HttpClient.newBuilder()
                        .version(HttpClient.Version.HTTP_1_1)
                        .connectTimeout(Duration.ofSeconds(5))
                        .build()) {
            assertNotEquals(0, server.port());
            String base = "http://127.0.0.1:" + server.port();
            HttpResponse<String> plain = get(client, URI.create(base + "/plaintext"));
            assertEquals(200, plain.statusCode());
            assertEquals("Hello, World!", plain.body());
            assertEquals(List.of("httpmodels-helidon"), plain.headers().allValues("Server"));
            assertEquals(List.of("text/plain"), plain.headers().allValues("Content-Type"));
            assertEquals(List.of("13"), plain.headers().allValues("Content-Length"));
            assertEquals(1, plain.headers().allValues("Date").size());

            HttpResponse<String> json = get(client, URI.create(base + "/json"));
            assertEquals(200, json.statusCode());
            assertEquals("{\"message\":\"Hello, World!\"}", json.body());
            assertEquals(List.of("httpmodels-helidon"), json.headers().allValues("Server"));
            assertEquals(List.of("application/json"), json.headers().allValues("Content-Type"));
        }
    }

    /**
     * Eight requests with 1 s of work each, on eight connections, end in well under the 8 s they would take one
     * after another: each connection's virtual thread sleeps on its own. The bound (half the serial time) leaves
     * seconds of room on a busy machine.
     */
    @Test
    void blockingWorkRunsSideBySideOnVirtualThreads() throws Exception {
        ServerConfig config = ServerConfig.defaults().withWorkMillis(WORK_MS);
        try (RunningServer server = ServerModels.byName("helidon").start(config);
                HttpClient client = HttpClient.newBuilder()
                        .version(HttpClient.Version.HTTP_1_1)
                        .build()) {
            URI uri = URI.create("http://127.0.0.1:" + server.port() + "/plaintext");
            long start = System.nanoTime();
            List<CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
            for (int i = 0; i < REQUESTS; i++) {
                answers.add(client.sendAsync(request(uri), HttpResponse.BodyHandlers.ofString()));
            }
            for (CompletableFuture<HttpResponse<String>> answer : answers) {
                HttpResponse<String> response = answer.get(30, TimeUnit.SECONDS);
                assertEquals(200, response.statusCode());
                assertEquals("Hello, World!", response.body());
            }
            long elapsedMillis = (System.nanoTime() - start) / 1_000_000;
            assertTrue(
                    elapsedMillis < REQUESTS * WORK_MS / 2,
                    "side by side: under half of 8 x 1 s, took " + elapsedMillis + " ms");
        }
    }

    @Test
    void theIdleCheckRunsTwiceATimeoutAndAtMostHelidonsDefault() {
        assertEquals(Duration.ofMillis(250), HelidonServer.idleCheckPeriod(Duration.ofMillis(500)));
        assertEquals(Duration.ofSeconds(15), HelidonServer.idleCheckPeriod(ServerConfig.DEFAULT_IDLE_TIMEOUT));
        assertEquals(HelidonServer.DEFAULT_IDLE_CHECK_PERIOD, HelidonServer.idleCheckPeriod(Duration.ofHours(1)));
    }

    private static HttpResponse<String> get(HttpClient client, URI uri) throws Exception {
        return client.send(request(uri), HttpResponse.BodyHandlers.ofString());
    }

    private static HttpRequest request(URI uri) {
        return HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(20)).build();
    }
}
