package io.httpmodels.server.jetty;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.httpmodels.server.RawHttpConnection;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * What {@code close()} does, for both Jetty models, in the place of the conformance kit's
 * {@code closeEndsEveryConnectionAndThreadAndFreesThePort} (which {@link JettyConformanceTest} leaves out, see
 * {@link JettyCloseCase}): connections opened just before the close, served, idle (16 at once) or with half a
 * request, are closed,
 * no thread of the server is left and the port is free, in every one of several rounds. One thing differs from the
 * kit's rule and is allowed here: Jetty, stopping while it reads half a request, first answers it with its own 500
 * page and {@code Connection: close} (in most rounds, not all: only if it had read the half before the stop).
 *
 * <p>Without {@link AcceptorFlush}, {@code Server.stop()} alone left one of these connections open past the read
 * timeout in both models within 5 rounds (2026-12-04).
 */
// In the slow set, beside the kit whose case it stands for (about 10 s for both models).
@Tag("slow")
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class JettyCloseTest {

    private static final int ROUNDS = 5;
    private static final int IDLE_CONNECTIONS = 16;
    private static final int READ_TIMEOUT_MILLIS = 5_000;

    @ParameterizedTest
    @ValueSource(strings = {JettyModels.POOL, JettyModels.VIRTUAL})
    void closeEndsEveryConnectionOpenedBeforeItAndEveryThreadAndFreesThePort(String model) throws Exception {
        for (int round = 0; round < ROUNDS; round++) {
            Set<Thread> before = Thread.getAllStackTraces().keySet();
            // A long idle timeout, so that only close() itself can end these connections.
            RunningServer server = JettyServer.start(
                    model,
                    ServerConfig.defaults().withPort(0).withIdleTimeout(Duration.ofMinutes(5)),
                    model.equals(JettyModels.VIRTUAL));
            int port = server.port();
            RawHttpConnection served = new RawHttpConnection(port, READ_TIMEOUT_MILLIS);
            List<RawHttpConnection> idle = new ArrayList<>();
            RawHttpConnection half;
            try {
                served.send("GET /plaintext HTTP/1.1\r\nHost: x\r\n\r\n").read();
                half = new RawHttpConnection(port, READ_TIMEOUT_MILLIS).send("GET /plaintext HTTP/1.1\r\n");
                // Several at once, so that the acceptor is still taking them when close() begins.
                for (int i = 0; i < IDLE_CONNECTIONS; i++) {
                    idle.add(new RawHttpConnection(port, READ_TIMEOUT_MILLIS));
                }
            } finally {
                server.close();
            }
            String where = model + ", round " + round + ": ";
            try (served;
                    half) {
                assertTrue(served.closedByServer(), where + "the served connection must close, nothing sent");
                for (int i = 0; i < idle.size(); i++) {
                    assertTrue(
                            idle.get(i).closedByServer(),
                            where + "idle connection " + i + " of " + idle.size() + " must close, nothing sent");
                }
                String answer = untilClosed(half, where + "the half request's connection must close");
                assertTrue(
                        answer.isEmpty()
                                || (answer.startsWith("HTTP/1.1 500 ") && answer.contains("\r\nConnection: close\r\n")),
                        where + "the half request gets nothing or Jetty's 500 with Connection: close, got: " + answer);
            } finally {
                for (RawHttpConnection connection : idle) {
                    connection.close();
                }
            }
            assertNoServerThreadLeft(before, where);
            try (ServerSocket rebind = new ServerSocket()) {
                rebind.setReuseAddress(true);
                rebind.bind(new InetSocketAddress("127.0.0.1", port));
            }
        }
    }

    /** Whatever the server sends before it closes; fails if it has not closed within the read timeout. */
    private static String untilClosed(RawHttpConnection connection, String what) throws IOException {
        InputStream in = connection.socket().getInputStream();
        StringBuilder received = new StringBuilder();
        byte[] buffer = new byte[4096];
        try {
            int n;
            while ((n = in.read(buffer)) >= 0) {
                received.append(new String(buffer, 0, n, StandardCharsets.ISO_8859_1));
            }
        } catch (SocketTimeoutException e) {
            fail(what + " within " + READ_TIMEOUT_MILLIS + " ms; received: " + received);
        } catch (SocketException e) {
            // reset: closed all the same
        }
        return received.toString();
    }

    /** No thread the server started is alive (Jetty's pool threads join in close(); bounded, 5 s). */
    private static void assertNoServerThreadLeft(Set<Thread> before, String where) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        List<Thread> left;
        do {
            left = Thread.getAllStackTraces().keySet().stream()
                    .filter(t ->
                            !before.contains(t) && t.isAlive() && t.getName().startsWith("qtp"))
                    .toList();
            if (left.isEmpty()) {
                return;
            }
            for (Thread thread : left) {
                thread.join(50); // a thread may still be unwinding its last frames
            }
        } while (System.nanoTime() < deadline);
        fail(where + "threads still alive after close(): "
                + left.stream().map(Thread::getName).sorted().toList());
    }
}
