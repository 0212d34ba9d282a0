package io.httpmodels.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Requests sent all at once, each on a connection of its own (the JDK's client opens one per HTTP/1.1 exchange in
 * flight), and how long until the last answer: how a module's test tells blocking work served side by side from work
 * served one request at a time. With {@code n} requests of {@code w} ms of work each, one at a time takes at least
 * {@code n * w}; side by side about {@code w}. A test bounds the time at half of {@code n * w}, which leaves seconds
 * of room on a busy machine and does not depend on its speed.
 *
 * @param millis    from the first request sent to the last answer read
 * @param responses every answer, in the order the requests were sent, each checked: 200 with the plaintext body
 */
public record ConcurrentRequests(long millis, List<HttpResponse<String>> responses) {

    /** Sends {@code requests} {@code GET /plaintext} to {@code server} at once and waits for every answer. */
    public static ConcurrentRequests plaintext(RunningServer server, int requests) throws Exception {
        try (HttpClient client =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
            URI uri = URI.create("http://127.0.0.1:" + server.port() + "/plaintext");
            long start = System.nanoTime();
            List<CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
            for (int i = 0; i < requests; i++) {
                answers.add(client.sendAsync(
                        HttpRequest.newBuilder(uri)
                                .timeout(Duration.ofSeconds(30))
                                .build(),
                        HttpResponse.BodyHandlers.ofString()));
            }
            List<HttpResponse<String>> responses = new ArrayList<>();
            for (CompletableFuture<HttpResponse<String>> answer : answers) {
                HttpResponse<String> response = answer.get();
                assertEquals(200, response.statusCode());
                assertEquals("Hello, World!", response.body());
                responses.add(response);
            }
            return new ConcurrentRequests((System.nanoTime() - start) / 1_000_000, responses);
        }
    }
}
