package io.httpmodels.server.vertx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import java.util.List;

/**
 * The vertx model starts on port 0, reports its real port, serves /plaintext and /json over HTTP/1.1, and leaves no
 * Vert.x thread behind once closed.
 */
@Timeout(60)
class VertxSmokeTest {

    // Bounds a hang, not the server's speed: a cold JVM's first answer (class loading with class sharing off) took
    // 1 to 2.5 s beside two busy processes and over 5 s in a whole build beside them.
    private static final Duration ANSWER_BOUND = Duration.ofSeconds(20);

    @Test
    void servesPlaintextAndJsonOnTheRealPort() throws Exception {
        try (RunningServer server = ServerModels.byName("vertx").start(ServerConfig.defaults());
                HttpClient client = HttpClient.newBuilder()
                        .version(HttpClient.Version.HTTP_1_1)
                        .connectTimeout(Duration.ofSeconds(5))
                        .build()) {
            assertNotEquals(0, server.port());
            String base = "http://127.0.0.1:" + server.port();
            HttpResponse<String> plain = get(client, base + "/plaintext");
            assertEquals(200, plain.statusCode());
            assertEquals("Hello, World!", plain.body());
            assertEquals(List.of("httpmodels-vertx"), plain.headers().allValues("Server"));
            assertEquals(List.of("text/plain"), plain.headers().allValues("Content-Type"));
            HttpResponse<String> json = get(client, base + "/json");
            assertEquals(200, json.statusCode());
            assertEquals("{\"message\":\"Hello, World!\"}", json.body());
            assertEquals(List.of("httpmodels-vertx"), json.headers().allValues("Server"));
            assertEquals(List.of("application/json"), json.headers().allValues("Content-Type"));
        }
    }

    @Test
    void answersHttp11EvenWhenTheClientOffersAnUpgradeToHttp2() throws Exception {
        try (RunningServer server = ServerModels.byName("vertx").start(ServerConfig.defaults());
                HttpClient client = HttpClient.newBuilder()
                        .version(HttpClient.Version.HTTP_2) // over http:// the JDK client sends Upgrade: h2c
                        .connectTimeout(Duration.ofSeconds(5))
                        .build()) {
            HttpResponse<String> plain = get(client, "http://127.0.0.1:" + server.port() + "/plaintext");
            assertEquals(HttpClient.Version.HTTP_1_1, plain.version());
            assertEquals("Hello, World!", plain.body());
        }
    }

    @Test
    void closeEndsEveryVertxThread() throws Exception {
        try (RunningServer server = ServerModels.byName("vertx")
                        .start(ServerConfig.defaults().withWorkMillis(1));
                HttpClient client = HttpClient.newBuilder()
                        .version(HttpClient.Version.HTTP_1_1)
                        .build()) {
            assertEquals(
                    200,
                    get(client, "http://127.0.0.1:" + server.port() + "/plaintext")
                            .statusCode());
            assertFalse(vertxThreads().isEmpty(), "event loops and a worker while serving");
        }
        for (Thread thread : vertxThreads()) {
            thread.join(Duration.ofSeconds(5));
        }
        assertEquals(
                List.of(),
                vertxThreads().stream()
                        .filter(Thread::isAlive)
                        .map(Thread::getName)
                        .toList());
    }

    // Vert.x names its event loops vert.x-eventloop-thread-N and its workers vert.x-worker-thread-N.
    private static List<Thread> vertxThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.getName().startsWith("vert.x-"))
                .toList();
    }

    private static HttpResponse<String> get(HttpClient client, String uri) throws Exception {
        return client.send(
                HttpRequest.newBuilder(URI.create(uri)).timeout(ANSWER_BOUND).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
