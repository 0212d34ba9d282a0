package io.httpmodels.server.nio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.server.RawHttpConnection;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.ServerModels;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * What the reactor adds to the kits: answers in request order across the work pool and across pauses for
 * backpressure, a peer's half-close, and a large answer written in parts.
 */
class NioReactorServerTest {

    private static RunningServer start(ServerConfig config) throws IOException {
        return ServerModels.byName(NioReactorServer.NAME).start(config);
    }

    private static String get(String target) {
        return "GET " + target + " HTTP/1.1\r\nHost: localhost\r\n\r\n";
    }

    @Test
    void isFoundByNameAndSaysWhatRuns() throws Exception {
        try (RunningServer server =
                start(ServerConfig.defaults().withWorkerThreads(3).withWorkMillis(1))) {
            assertEquals(
                    "nio-reactor: 3 event loops, work on " + ServerConfig.fourTimesCores() + " platform threads",
                    server.description());
            HttpResponse<String> answer = HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/plaintext"))
                                    .timeout(Duration.ofSeconds(10))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
            assertEquals(200, answer.statusCode());
            assertEquals("Hello, World!", answer.body());
            assertEquals(
                    "httpmodels-nio-reactor",
                    answer.headers().firstValue("server").orElseThrow());
        }
    }

    @Test
    void pipelinedRequestsWithWorkAreAnsweredInTheirOrder() throws Exception {
        try (RunningServer server =
                        start(ServerConfig.defaults().withWorkMillis(2).withWorkPoolThreads(4));
                RawHttpConnection client = new RawHttpConnection(server.port())) {
            StringBuilder pipeline = new StringBuilder();
            for (int i = 0; i < 20; i++) {
                pipeline.append(i % 3 == 0 ? get("/echo?i=" + i) : i % 3 == 1 ? get("/plaintext") : get("/json"));
            }
            client.send(pipeline.toString());
            for (int i = 0; i < 20; i++) {
                RawHttpConnection.Response response = client.read();
                assertEquals(200, response.status(), response.statusLine());
                if (i % 3 == 0) {
                    assertTrue(response.bodyText().startsWith("GET /echo?i=" + i + " HTTP/1.1"), response.bodyText());
                } else if (i % 3 == 1) {
                    assertEquals("Hello, World!", response.bodyText());
                } else {
                    assertEquals("application/json", response.header("Content-Type"));
                }
            }
        }
    }

    /**
     * About 12 MiB of answers to a client that takes none for a second: more than its receive buffer (held at 64 KiB)
     * and the server's send buffer (at most 4 MiB here) hold, so the reactor pauses reading on the bound and resumes
     * as the client takes them, many times over; not one answer is lost or reordered.
     */
    @Test
    void answersHeldBackByBackpressureAllArriveInOrder() throws Exception {
        int requests = 10_000;
        String padding = "X-Padding: " + "p".repeat(1000) + "\r\n";
        try (RunningServer server = start(ServerConfig.defaults().withMaxPendingOutputBytes(4096));
                RawHttpConnection client = new RawHttpConnection(server.port(), 20_000)) {
            client.socket().setReceiveBufferSize(64 * 1024);
            CompletableFuture<Void> sent = CompletableFuture.runAsync(
                    () -> {
                        try {
                            OutputStream out = client.socket().getOutputStream();
                            for (int i = 0; i < requests; i++) {
                                String request =
                                        "GET /echo?i=" + i + " HTTP/1.1\r\nHost: localhost\r\n" + padding + "\r\n";
                                out.write(request.getBytes(StandardCharsets.US_ASCII));
                            }
                            out.flush();
                        } catch (IOException e) {
                            throw new IllegalStateException(e);
                        }
                    },
                    r -> Thread.ofPlatform().start(r));
            try {
                sent.get(1, TimeUnit.SECONDS);
            } catch (TimeoutException stillSending) {
                // the server stopped reading and the buffers on the way are full: read now
            }
            for (int i = 0; i < requests; i++) {
                String body = client.read().bodyText();
                assertTrue(body.startsWith("GET /echo?i=" + i + " HTTP/1.1"), "answer " + i + ": " + body);
            }
            sent.get(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aPeerThatHalfClosesGetsEveryAnswerThenTheClose() throws Exception {
        try (RunningServer server = start(ServerConfig.defaults().withWorkMillis(1));
                RawHttpConnection client = new RawHttpConnection(server.port())) {
            client.send(get("/plaintext") + get("/json") + get("/plaintext"));
            client.socket().shutdownOutput();
            for (int i = 0; i < 3; i++) {
                assertEquals(200, client.read().status());
            }
            assertTrue(client.closedByServer());
        }
    }

    @Test
    void anAnswerLargerThanTheSocketTakesAtOnceArrivesWhole() throws Exception {
        int size = 900 * 1024;
        byte[] body = new byte[size];
        for (int i = 0; i < size; i++) {
            body[i] = (byte) ('a' + i % 26);
        }
        try (RunningServer server = start(ServerConfig.defaults());
                RawHttpConnection client = new RawHttpConnection(server.port())) {
            client.send(("POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Length: " + size + "\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            client.send(body);
            RawHttpConnection.Response echoed = client.read();
            assertEquals(200, echoed.status());
            String text = new String(echoed.body(), StandardCharsets.ISO_8859_1);
            assertTrue(
                    text.endsWith("\r\n\r\n" + new String(body, StandardCharsets.ISO_8859_1)), "the body echoed whole");
            assertEquals(200, client.send(get("/plaintext")).read().status(), "the connection goes on");
            assertFalse(client.socket().isClosed());
        }
    }
}
