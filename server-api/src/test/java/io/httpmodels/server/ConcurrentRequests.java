package io.httpmodels.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.sun.management.HotSpotDiagnosticMXBean;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Requests sent all at once, each on a connection of its own (the JDK's client opens one per HTTP/1.1 exchange in
 * flight), and how many of them the server worked on at the same instant: how a module's test tells blocking work
 * served side by side from work served one request at a time, whatever the machine's load. While the answers are
 * awaited, this JVM's threads (the server runs in it) are dumped every few milliseconds, virtual ones included, and
 * those inside {@link Workload#simulateWork} counted: one at a time never shows more than 1; side by side shows every
 * request once the last has arrived, provided the work outlasts the spread of their arrivals. A bound on the time
 * instead (half of {@code n * w}) failed on a loaded two-core host, where the client and the server waited seconds for
 * a core while the sleeps took no longer.
 *
 * <p>Only one such test may run in a JVM at a time (the count sees every thread in the workload's work).
 *
 * @param millis     from the first request sent to the last answer read
 * @param mostInWork the most requests seen in their work at one instant
 * @param responses  every answer, in the order the requests were sent, each checked: 200 with the plaintext body
 */
public record ConcurrentRequests(long millis, int mostInWork, List<HttpResponse<String>> responses) {

    private static final String IN_WORK = Workload.class.getName() + ".simulateWork(";
    private static final long POLL_MILLIS = 10;

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
            CompletableFuture<Void> all = CompletableFuture.allOf(answers.toArray(CompletableFuture[]::new));
            int most = 0;
            while (!all.isDone()) {
                if (most < requests) {
                    most = Math.max(most, threadsInWork());
                }
                try {
                    all.get(POLL_MILLIS, TimeUnit.MILLISECONDS);
                } catch (TimeoutException e) {
                    // Not all answered yet: look again.
                }
            }
            long millis = (System.nanoTime() - start) / 1_000_000;
            List<HttpResponse<String>> responses = new ArrayList<>();
            for (CompletableFuture<HttpResponse<String>> answer : answers) {
                HttpResponse<String> response = answer.get();
                assertEquals(200, response.statusCode());
                assertEquals("Hello, World!", response.body());
                responses.add(response);
            }
            return new ConcurrentRequests(millis, most, responses);
        }
    }

    /**
     * How many threads of this JVM, virtual ones included, are in the workload's simulated work now: for a test whose
     * server runs in its JVM and whose client is not the JDK's (one at a time in a JVM, as above).
     */
    public static int threadsInWork() throws IOException {
        Path dir = Files.createTempDirectory("threads");
        Path dump = dir.resolve("dump.txt");
        try {
            ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
                    .dumpThreads(dump.toString(), HotSpotDiagnosticMXBean.ThreadDumpFormat.TEXT_PLAIN);
            // One block per thread, separated by an empty line.
            int count = 0;
            boolean inThisThread = false;
            for (String line : Files.readAllLines(dump)) {
                if (line.isBlank()) {
                    inThisThread = false;
                } else if (!inThisThread && line.contains(IN_WORK)) {
                    inThisThread = true;
                    count++;
                }
            }
            return count;
        } finally {
            Files.deleteIfExists(dump);
            Files.delete(dir);
        }
    }
}
