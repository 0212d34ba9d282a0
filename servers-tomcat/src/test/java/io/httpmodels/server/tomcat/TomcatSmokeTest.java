package io.httpmodels.server.tomcat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.ServerModels;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Each Tomcat model starts on port 0, reports its real port, serves /plaintext and /json with the workload's
 * Server header and no other, and on close leaves no Tomcat base directory behind.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class TomcatSmokeTest {

    // Bounds a hang, not the server's speed: a cold JVM's first answer (class loading with class sharing off) took
    // 1 to 2.5 s beside two busy processes and over 5 s in a whole build beside them.
    private static final Duration ANSWER_BOUND = Duration.ofSeconds(20);

    @ParameterizedTest
    @ValueSource(strings = {TomcatModels.POOL, TomcatModels.VIRTUAL})
    void servesPlaintextAndJsonOnTheRealPort(String model) throws Exception {
        List<Path> before = tomcatBaseDirs();
        try (RunningServer server =
                        ServerModels.byName(model).start(ServerConfig.defaults().withPort(0));
                HttpClient client = HttpClient.newBuilder()
                        .connectTimeout(Duration.ofSeconds(5))
                        .version(HttpClient.Version.HTTP_1_1)
                        .build()) {
            assertNotEquals(0, server.port());
            assertTrue(server.description().startsWith(model + ": Tomcat 11."), server.description());
            String base = "http://127.0.0.1:" + server.port();
            HttpResponse<String> plain = get(client, base + "/plaintext");
            assertEquals(200, plain.statusCode());
            assertEquals("Hello, World!", plain.body());
            assertEquals(List.of("httpmodels-" + model), plain.headers().allValues("Server"));
            assertEquals(
                    "text/plain", plain.headers().firstValue("Content-Type").orElse(""));
            HttpResponse<String> json = get(client, base + "/json");
            assertEquals(200, json.statusCode());
            assertEquals("{\"message\":\"Hello, World!\"}", json.body());
            assertEquals(List.of("httpmodels-" + model), json.headers().allValues("Server"));
            assertEquals(
                    "application/json",
                    json.headers().firstValue("Content-Type").orElse(""));
        }
        assertEquals(before, tomcatBaseDirs(), "the temporary base directory is deleted on close");
    }

    private static HttpResponse<String> get(HttpClient client, String uri) throws Exception {
        return client.send(
                HttpRequest.newBuilder(URI.create(uri)).timeout(ANSWER_BOUND).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static List<Path> tomcatBaseDirs() throws Exception {
        try (Stream<Path> entries = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return entries.filter(path -> path.getFileName().toString().startsWith("httpmodels-tomcat-"))
                    .sorted()
                    .toList();
        }
    }
}
