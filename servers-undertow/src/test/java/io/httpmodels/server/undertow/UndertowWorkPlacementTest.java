package io.httpmodels.server.undertow;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
 * Blocking work runs on Undertow's worker pool, not on an I/O thread: with one I/O thread and eight requests of 1 s
 * of work each on eight connections, work on the I/O thread would take at least 8 s, one request after another; on
 * the worker pool (16 threads by Undertow's default) the eight run side by side. The bound, half of the serial time,
 * leaves seconds of room on a busy machine, so it does not depend on the machine's speed.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class UndertowWorkPlacementTest {

    private static final int WORK_MS = 1000;
    private static final int REQUESTS = 8;

    @Test
    void workOnOneIoThreadIsServedSideBySideByTheWorkerPool() throws Exception {
        ServerConfig config = ServerConfig.defaults().withWorkerThreads(1).withWorkMillis(WORK_MS);
        try (RunningServer server = ServerModels.byName("undertow").start(config);
                HttpClient client = HttpClient.newBuilder()
                        .version(HttpClient.Version.HTTP_1_1)
                        .build()) {
            URI uri = URI.create("http://127.0.0.1:" + server.port() + "/plaintext");
            long start = System.nanoTime();
            List<CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
            for (int i = 0; i < REQUESTS; i++) {
                answers.add(client.sendAsync(
                        HttpRequest.newBuilder(uri)
                                .timeout(Duration.ofSeconds(30))
                                .build(),
                        HttpResponse.BodyHandlers.ofString()));
            }
            for (CompletableFuture<HttpResponse<String>> answer : answers) {
                HttpResponse<String> response = answer.get();
                assertEquals(200, response.statusCode());
                assertEquals("Hello, World!", response.body());
            }
            long elapsedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertTrue(
                    elapsedMillis < REQUESTS * WORK_MS / 2,
                    "side by side: under half of 8 x 1 s, took " + elapsedMillis + " ms");
        }
    }
}
