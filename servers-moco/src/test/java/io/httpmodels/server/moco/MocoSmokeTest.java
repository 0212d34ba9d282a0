package io.httpmodels.server.moco;

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

/**
 * The moco model starts on port 0, reports its real port and its event loops, serves /plaintext and /json over
 * HTTP/1.1 with the workload's headers, answers a route it does not serve with the shared 404, and frees its port
 * once closed.
 */
@Timeout(60)
class MocoSmokeTest {

    // Bounds a hang, not the server's speed: a cold JVM's first answer can take seconds beside busy processes.
    private static final Duration ANSWER_BOUND = Duration.ofSeconds(20);

    @Test
    void servesPlaintextAndJsonOnTheRealPort() throws Exception {
        try (RunningServer server = ServerModels.byName(MocoModel.NAME).start(ServerConfig.defaults());
                HttpClient client = client()) {
            assertNotEquals(0, server.port());
            String base = "http://127.0.0.1:" + server.port();
            HttpResponse<String> plain = get(client, base + "/plaintext");
            assertEquals(200, plain.statusCode());
            assertEquals("Hello, World!", plain.body());
            assertEquals(List.of("httpmodels-moco"), plain.headers().allValues("Server"));
            assertEquals(List.of("text/plain"), plain.headers().allValues("Content-Type"));
            assertEquals(List.of("13"), plain.headers().allValues("Content-Length"));
            assertEquals(
                    1,
                    plain.headers().allValues("Date").size(),
                    plain.headers().map().toString());
            HttpResponse<String> json = get(client, base + "/json");
            assertEquals(200, json.statusCode());
            assertEquals("{\"message\":\"Hello, World!\"}", json.body());
            assertEquals(List.of("application/json"), json.headers().allValues("Content-Type"));
        }
    }

    @Test
    void aTargetWithNoRouteGetsTheShared404() throws Exception {
        try (RunningServer server = ServerModels.byName(MocoModel.NAME).start(ServerConfig.defaults());
                HttpClient client = client()) {
            HttpResponse<String> missing = get(client, "http://127.0.0.1:" + server.port() + "/nowhere");
            assertEquals(404, missing.statusCode());
            assertEquals("404 Not Found: no route for /nowhere\n", missing.body());
        }
    }

    /** Without a database the four database routes are served, 503 saying so, through moco's settings. */
    @Test
    void theDatabaseRoutesAnswer503WithoutADatabase() throws Exception {
        try (RunningServer server = ServerModels.byName(MocoModel.NAME).start(ServerConfig.defaults());
                HttpClient client = client()) {
            for (String route : List.of("/db", "/queries?queries=2", "/fortunes", "/updates?queries=2")) {
                HttpResponse<String> answer = get(client, "http://127.0.0.1:" + server.port() + route);
                assertEquals(503, answer.statusCode(), route);
                assertEquals(List.of("text/plain"), answer.headers().allValues("Content-Type"), route);
                assertTrue(answer.body().contains("started without a database"), answer.body());
            }
        }
    }

    @Test
    void theDescriptionNamesTheEventLoopsMocoStarts() throws Exception {
        try (RunningServer server = ServerModels.byName(MocoModel.NAME).start(ServerConfig.defaults())) {
            int loops = 2 * Runtime.getRuntime().availableProcessors();
            assertTrue(server.description().startsWith("moco: moco " + loops + " event loops"), server.description());
        }
    }

    @Test
    void closeFreesThePortForTheNextServer() throws Exception {
        int port;
        try (RunningServer first = ServerModels.byName(MocoModel.NAME).start(ServerConfig.defaults())) {
            port = first.port();
        }
        try (RunningServer again = ServerModels.byName(MocoModel.NAME)
                        .start(ServerConfig.defaults().withPort(port));
                HttpClient client = client()) {
            assertEquals(port, again.port());
            assertEquals(
                    200, get(client, "http://127.0.0.1:" + port + "/plaintext").statusCode());
        }
    }

    private static HttpClient client() {
        return HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5))
                .build();
    }

    private static HttpResponse<String> get(HttpClient client, String uri) throws Exception {
        return client.send(
                HttpRequest.newBuilder(URI.create(uri)).timeout(ANSWER_BOUND).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
