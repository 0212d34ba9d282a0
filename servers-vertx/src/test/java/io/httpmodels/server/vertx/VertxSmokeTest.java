package io.httpmodels.server.vertx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.ServerModels;
import io.httpmodels.server.db.DatabaseSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;

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
    void theDatabaseRoutesAnswer503WithoutADatabase() throws Exception {
        try (RunningServer server = ServerModels.byName("vertx").start(ServerConfig.defaults());
                HttpClient client = HttpClient.newBuilder()
                        .version(HttpClient.Version.HTTP_1_1)
                        .build()) {
            for (String route : List.of("/db", "/queries?queries=2", "/fortunes", "/updates?queries=2")) {
                HttpResponse<String> answer = get(client, "http://127.0.0.1:" + server.port() + route);
                assertEquals(503, answer.statusCode(), route);
                assertTrue(answer.body().contains("started without a database"), answer.body());
            }
        }
    }

    /** A database that cannot be reached is a start error, as for the JDBC models, not a run of 503s. */
    @Test
    void aDatabaseThatCannotBeReachedFailsTheStart() throws Exception {
        int closedPort;
        try (ServerSocket probe = new ServerSocket(0)) {
            closedPort = probe.getLocalPort();
        }
        ServerConfig config = ServerConfig.defaults()
                .withDatabase(DatabaseSettings.of("jdbc:postgresql://127.0.0.1:" + closedPort + "/hello_world"));
        IOException failed = assertThrows(
                IOException.class,
                () -> ServerModels.byName("vertx").start(config).close());
        assertTrue(failed.getMessage().contains("cannot reach the database"), failed.getMessage());
    }

    @Test
    void theConnectionsAreSpreadOverTheEventLoopsAtLeastOneEach() {
        assertEquals(List.of(1, 1, 1, 1), connections(4, 4));
        assertEquals(List.of(3, 2, 2, 2), connections(4, 9));
        assertEquals(List.of(1, 1, 1, 1), connections(4, 2));
        assertEquals(List.of(0, 0), connections(2, 0));
    }

    private static List<Integer> connections(int eventLoops, int total) {
        return IntStream.range(0, eventLoops)
                .mapToObj(i -> VertxServer.connectionsOf(i, eventLoops, total))
                .toList();
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
