package io.httpmodels.modelfolders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.process.ChildServer;
import io.httpmodels.modelfolders.ArchitectureTest.Framework;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Every model {@code serve --list} names, started by hand as the docs say ({@code scripts/serve.sh MODEL} runs
 * {@code java -jar harness.jar serve MODEL}), answers {@code /plaintext} and {@code /json} with their bodies: a
 * framework's model then runs from its folder, loaded by the harness in a class loader of its own, not from a class
 * path as {@code compare} starts it. Each runs in a JVM of its own, as a user's would.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class ServeByHandTest {

    private static final Path HARNESS_TARGET = Path.of(System.getProperty("httpmodels.harness.target", "."));

    /** Bounds that hold on a loaded 2-core machine: a JVM that starts a framework takes seconds there. */
    private static final Duration START_BOUND = Duration.ofSeconds(60);

    private static final Duration ANSWER_BOUND = Duration.ofSeconds(20);

    // A small heap and C1 only: each JVM answers two requests, and several helpers share the machine.
    private static final List<String> JVM_FLAGS = List.of("-Xmx128m", "-XX:TieredStopAtLevel=1");

    @Test
    void theListNamesEveryFrameworksModelsBesideTheOthers() throws Exception {
        List<String> models = listed();
        for (String model :
                List.of("jetty", "jetty-virtual", "tomcat", "tomcat-virtual", "undertow", "helidon", "vertx", "moco")) {
            assertTrue(models.contains(model), model + " in serve --list: " + models);
        }
        assertTrue(models.contains("netty"), "the class path's models too: " + models);
        assertEquals(Framework.values().length, folders().size(), "a folder per framework: " + folders());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("listed")
    void aModelStartedByHandAnswersPlaintextAndJson(String model) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(java());
        command.addAll(JVM_FLAGS);
        command.addAll(List.of(
                "-jar",
                harnessJar().toString(),
                "serve",
                model,
                "--port",
                "0",
                "--exit-with-parent",
                String.valueOf(ProcessHandle.current().pid())));
        try (ChildServer server = ChildServer.start(command, START_BOUND);
                HttpClient client = HttpClient.newHttpClient()) {
            assertAnswers(client, model, server.port(), "/plaintext", "text/plain", "Hello, World!");
            assertAnswers(client, model, server.port(), "/json", "application/json", "{\"message\":\"Hello, World!\"}");
        }
    }

    /** The model names {@code serve --list} prints, one a line before its description. */
    static List<String> listed() throws IOException, InterruptedException {
        Process list = new ProcessBuilder(java(), "-jar", harnessJar().toString(), "serve", "--list")
                .redirectErrorStream(true)
                .start();
        String out;
        try (var stdout = list.getInputStream()) {
            out = new String(stdout.readAllBytes(), StandardCharsets.UTF_8);
        } finally {
            if (!list.waitFor(START_BOUND.toSeconds(), TimeUnit.SECONDS)) {
                list.destroyForcibly();
            }
        }
        assertEquals(0, list.exitValue(), "serve --list: " + out);
        List<String> names = out.lines()
                .filter(line -> !line.isBlank())
                .map(line -> line.split("\\s+", 2)[0])
                .toList();
        assertTrue(names.size() > Framework.values().length, "serve --list: " + out);
        return names;
    }

    private static void assertAnswers(
            HttpClient client, String model, int port, String path, String contentType, String body)
            throws InterruptedException {
        HttpResponse<String> response;
        try {
            response = client.send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                            .timeout(ANSWER_BOUND)
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new AssertionError(model + " started by hand did not answer " + path + ": " + e, e);
        }
        assertEquals(200, response.statusCode(), model + " " + path);
        assertEquals(body, response.body(), model + " " + path);
        assertTrue(
                response.headers().firstValue("Content-Type").orElse("").startsWith(contentType),
                model + " " + path + "'s Content-Type: " + response.headers().map());
    }

    private static List<String> folders() throws IOException {
        try (Stream<Path> entries = Files.list(HARNESS_TARGET.resolve("models"))) {
            return entries.filter(Files::isDirectory)
                    .map(p -> p.getFileName().toString())
                    .sorted()
                    .toList();
        }
    }

    private static Path harnessJar() {
        Path jar = HARNESS_TARGET.resolve("harness.jar");
        assertTrue(Files.isRegularFile(jar), "the harness's jar, built before this module: " + jar.toAbsolutePath());
        return jar;
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
