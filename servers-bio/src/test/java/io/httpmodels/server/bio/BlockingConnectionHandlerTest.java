package io.httpmodels.server.bio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.server.RawHttpConnection;
import io.httpmodels.server.ServerConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** The blocking models' connection loop, on one real loopback connection served by a thread of the test's own. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BlockingConnectionHandlerTest {

    private static final ServerConfig CONFIG =
            ServerConfig.defaults().withMaxHeaderBytes(1024).withMaxBodyBytes(4096);

    private static String get(String target) {
        return "GET " + target + " HTTP/1.1\r\nHost: h\r\n\r\n";
    }

    /** One accepted connection, served by {@link BlockingConnectionHandler#serve} on a thread of its own. */
    private static final class Served implements AutoCloseable {
        final ServerSocket listener;
        final RawHttpConnection client;
        final Socket accepted;
        final Thread thread;
        /** Completes when serve() returns, with whether the serving thread was left interrupted. */
        final CompletableFuture<Boolean> done = new CompletableFuture<>();

        Served(ServerConfig config) throws IOException {
            listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
            client = new RawHttpConnection(listener.getLocalPort());
            accepted = listener.accept();
            BlockingConnectionHandler handler = new BlockingConnectionHandler("test", config, null);
            thread = new Thread(
                    () -> {
                        handler.serve(accepted);
                        done.complete(Thread.currentThread().isInterrupted());
                    },
                    "served");
            thread.start();
        }

        boolean interruptedAtTheEnd() throws Exception {
            return done.get(10, TimeUnit.SECONDS);
        }

        @Override
        public void close() throws Exception {
            client.close();
            listener.close();
            thread.interrupt();
            thread.join(10_000);
        }
    }

    @Test
    void pipelinedRequestsAreAnsweredInOrderOnAConnectionThatStays() throws Exception {
        try (Served served = new Served(CONFIG)) {
            RawHttpConnection client = served.client;
            client.send(get("/plaintext") + get("/json") + "HEAD /plaintext HTTP/1.1\r\nHost: h\r\n\r\n"
                    + "POST /echo HTTP/1.1\r\nHost: h\r\nContent-Length: 4\r\n\r\nping" + get("/nowhere")
                    + "DELETE /json HTTP/1.1\r\nHost: h\r\n\r\n");
            RawHttpConnection.Response plaintext = client.read();
            assertEquals("Hello, World!", plaintext.bodyText());
            assertEquals("httpmodels-test", plaintext.header("Server"));
            assertNull(plaintext.header("Connection"));
            assertEquals("{\"message\":\"Hello, World!\"}", client.read().bodyText());
            RawHttpConnection.Response head = client.read(true);
            assertEquals("13", head.header("Content-Length"));
            assertEquals(
                    "POST /echo HTTP/1.1\r\nHost: h\r\nContent-Length: 4\r\n\r\nping",
                    client.read().bodyText());
            assertEquals("404 Not Found: no route for /nowhere\n", client.read().bodyText());
            RawHttpConnection.Response refused = client.read();
            assertEquals(405, refused.status());
            assertEquals("GET, HEAD, OPTIONS", refused.header("Allow"));
            // Served while the connection waits for more: the socket options the handler set are in force.
            assertTrue(served.accepted.getTcpNoDelay());
            assertEquals(CONFIG.timeouts().idle().toMillis(), served.accepted.getSoTimeout());
            assertFalse(served.done.isDone());

            RawHttpConnection.Response last = client.send(
                            "GET /plaintext HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")
                    .read();
            assertEquals("close", last.header("Connection"));
            assertEquals("Hello, World!", last.bodyText());
            assertTrue(client.closedByServer());
            assertFalse(served.interruptedAtTheEnd());
        }
    }

    @Test
    void http10KeepsTheConnectionOnlyWhenAskedAndSaysSo() throws Exception {
        try (Served served = new Served(CONFIG)) {
            RawHttpConnection client = served.client;
            RawHttpConnection.Response kept = client.send("GET /plaintext HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
                    .read();
            assertEquals("keep-alive", kept.header("Connection"));
            RawHttpConnection.Response closed =
                    client.send("GET /json HTTP/1.0\r\n\r\n").read();
            assertEquals("close", closed.header("Connection"));
            assertTrue(client.closedByServer());
            served.interruptedAtTheEnd();
        }
    }

    /**
     * A bad request gets its status and a close. The server half-closes at once, then reads and discards what the
     * client still sends, so that the client reads the answer instead of a reset (RFC 9112 section 9.6).
     */
    @Test
    void aBadRequestIsAnsweredThenTheServerDrainsBeforeClosing() throws Exception {
        try (Served served = new Served(CONFIG)) {
            RawHttpConnection client = served.client;
            RawHttpConnection.Response refused =
                    client.send("GET /plaintext HTTP/2.0\r\nHost: h\r\n\r\n").read();
            assertEquals(505, refused.status());
            assertEquals("close", refused.header("Connection"));
            assertEquals("505 HTTP Version Not Supported: only HTTP/1.1 and HTTP/1.0 are served\n", refused.bodyText());
            // Half-closed at once: the end of the stream comes well before the one-second linger is over.
            client.socket().setSoTimeout(500);
            assertEquals(-1, client.socket().getInputStream().read());
            // Still reading after what the client sends next: the connection is not over yet.
            OutputStream out = client.socket().getOutputStream();
            out.write(new byte[8192]);
            assertThrows(TimeoutException.class, () -> served.done.get(200, TimeUnit.MILLISECONDS));
            client.socket().shutdownOutput();
            assertFalse(served.interruptedAtTheEnd(), "ends when the client has said all");
        }
    }

    /** The drain stops at 1 MiB: a client that keeps sending is then cut off instead of read forever. */
    @Test
    void theDrainAfterABadRequestIsBounded() throws Exception {
        try (Served served = new Served(CONFIG)) {
            assertEquals(400, served.client.send("\u0001garbage").read().status());
            OutputStream out = served.client.socket().getOutputStream();
            byte[] chunk = new byte[64 * 1024];
            // 64 MiB is far more than the 1 MiB drained plus what the socket buffers hold: writes must fail.
            assertThrows(IOException.class, () -> {
                for (int i = 0; i < 1024; i++) {
                    out.write(chunk);
                }
            });
            served.interruptedAtTheEnd();
        }
    }

    @Test
    void eachAnswerWaitsForItsSimulatedWork() throws Exception {
        try (Served served = new Served(CONFIG.withWorkMillis(100))) {
            long start = System.nanoTime();
            served.client.send(get("/plaintext") + get("/plaintext"));
            assertEquals(200, served.client.read().status());
            assertEquals(200, served.client.read().status());
            long elapsedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertTrue(elapsedMillis >= 200, "two requests of 100 ms work answered after " + elapsedMillis + " ms");
        }
    }

    @Test
    void aClientThatStaysAfterABadRequestIsClosedAfterTheLinger() throws Exception {
        try (Served served = new Served(CONFIG.withIdleTimeout(Duration.ofSeconds(30)))) {
            assertEquals(400, served.client.send("\u0001garbage").read().status());
            // Neither closing nor sending: the server waits one second, not the 30 s idle timeout.
            assertFalse(served.interruptedAtTheEnd());
        }
    }

    @Test
    void aSilentConnectionIsClosedAtTheIdleTimeout() throws Exception {
        try (Served served = new Served(CONFIG.withIdleTimeout(Duration.ofMillis(200)))) {
            assertTrue(served.client.closedByServer());
            assertFalse(served.interruptedAtTheEnd());
        }
    }

    @Test
    void aClientClosingMidRequestEndsTheConnectionQuietly() throws Exception {
        try (Served served = new Served(CONFIG)) {
            served.client.send("GET /plaintext HTTP/1.1\r\nHo");
            served.client.socket().shutdownOutput();
            assertTrue(served.client.closedByServer());
            assertFalse(served.interruptedAtTheEnd());
        }
    }

    /** A thread interrupted while it works (its server is closing) stops serving and keeps its interrupt. */
    @Test
    void anInterruptDuringTheWorkEndsTheConnectionAndIsKept() throws Exception {
        try (Served served = new Served(CONFIG.withWorkMillis(20_000))) {
            served.client.send(get("/plaintext"));
            served.thread.interrupt();
            assertTrue(served.interruptedAtTheEnd());
            assertThrows(IOException.class, served.client::read, "no answer: the server is closing");
        }
    }

    /** A thread interrupted while it waits for a request answers that request, then stops. */
    @Test
    void anInterruptBetweenRequestsEndsTheConnectionAfterTheNextRequest() throws Exception {
        try (Served served = new Served(CONFIG)) {
            assertEquals(200, served.client.send(get("/plaintext")).read().status());
            served.thread.interrupt();
            served.client.send(get("/plaintext"));
            assertTrue(served.interruptedAtTheEnd());
            assertTrue(served.client.closedByServerAfterDiscarding());
        }
    }
}
