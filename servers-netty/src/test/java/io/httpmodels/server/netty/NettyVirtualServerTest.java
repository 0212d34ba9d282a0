package io.httpmodels.server.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.server.ConcurrentRequests;
import io.httpmodels.server.HttpServerModel;
import io.httpmodels.server.RawHttpConnection;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.ServerModels;
import io.httpmodels.server.Workload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * What netty-virtual promises beyond the kits: its work is not bounded by a pool (each request's work on a virtual
 * thread of its own), pipelined answers still come back in order, and close leaves none of its threads.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class NettyVirtualServerTest {

    private static final String GET_PLAINTEXT = "GET /plaintext HTTP/1.1\r\nHost: localhost\r\n\r\n";

    private final HttpServerModel model = ServerModels.byName("netty-virtual");

    @Test
    void isRegisteredAsNettyVirtualAndSaysSoInItsServerHeader() throws Exception {
        assertEquals(NettyVirtualServer.class, model.getClass());
        assertEquals("netty-virtual", model.name());
        try (RunningServer server = model.start(ServerConfig.defaults().withWorkerThreads(1));
                RawHttpConnection client = new RawHttpConnection(server.port())) {
            RawHttpConnection.Response response = client.send(GET_PLAINTEXT).read();
            assertEquals(200, response.status());
            assertEquals(Workload.serverHeader("netty-virtual"), response.header("Server"));
        }
    }

    @Test
    void workIsNotBoundedByTheWorkPoolSoManyConnectionsAreWorkedAtOnce() throws Exception {
        int workMillis = 1_000;
        int connections = 48;
        // One work-pool thread: netty would work one request at a time, for connections x workMillis (48 s);
        // netty-virtual ignores the pool, and all 48 are in their work at once. Counted, not timed (a time under four
        // works' was asserted, which a loaded host stretches).
        ServerConfig config = ServerConfig.defaults()
                .withWorkerThreads(1)
                .withWorkMillis(workMillis)
                .withWorkPoolThreads(1);
        try (RunningServer server = model.start(config)) {
            List<RawHttpConnection> clients = new ArrayList<>();
            try {
                for (int i = 0; i < connections; i++) {
                    clients.add(new RawHttpConnection(server.port()));
                }
                long start = System.nanoTime();
                for (RawHttpConnection client : clients) {
                    client.send(GET_PLAINTEXT);
                }
                int most = 0;
                long serialNanos = TimeUnit.MILLISECONDS.toNanos((long) connections * workMillis);
                while (most < connections && System.nanoTime() - start < serialNanos) {
                    most = Math.max(most, ConcurrentRequests.threadsInWork());
                }
                for (RawHttpConnection client : clients) {
                    assertEquals(200, client.read().status());
                }
                long elapsedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                assertTrue(elapsedMillis >= workMillis, "answered after " + elapsedMillis + " ms");
                assertEquals(
                        connections,
                        most,
                        "connections in their work at once (answered in " + elapsedMillis + " ms): it must overlap");
            } finally {
                for (RawHttpConnection client : clients) {
                    client.close();
                }
            }
        }
    }

    @Test
    void pipelinedRequestsWithWorkAreAnsweredInOrderWhileAnotherConnectionIsServed() throws Exception {
        int workMillis = 40;
        int requests = 16;
        ServerConfig config = ServerConfig.defaults().withWorkerThreads(1).withWorkMillis(workMillis);
        try (RunningServer server = model.start(config);
                RawHttpConnection client = new RawHttpConnection(server.port());
                RawHttpConnection other = new RawHttpConnection(server.port())) {
            StringBuilder batch = new StringBuilder();
            for (int i = 0; i < requests; i++) {
                batch.append("GET /echo?seq=").append(i).append(" HTTP/1.1\r\nHost: localhost\r\n\r\n");
            }
            batch.append("GET /nowhere HTTP/1.1\r\nHost: localhost\r\n\r\n");
            long start = System.nanoTime();
            client.send(batch.toString());
            assertEquals(200, other.send(GET_PLAINTEXT).read().status());
            long otherMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            for (int i = 0; i < requests; i++) {
                RawHttpConnection.Response response = client.read();
                assertEquals(200, response.status(), "response " + i);
                assertTrue(
                        response.bodyText().startsWith("GET /echo?seq=" + i + " "),
                        "response " + i + " out of order: " + response.bodyText());
            }
            assertEquals(404, client.read().status(), "the answer without work waits its turn");
            // Compared with the batch it ran beside, not with a bound: a loaded host stretches both alike.
            long batchMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertTrue(
                    otherMillis < batchMillis / 2,
                    "another connection waited " + otherMillis + " ms of the batch's " + batchMillis + " ms");
        }
    }

    @Test
    void closeEndsTheModelsThreadsClosesConnectionsAndFreesThePort() throws Exception {
        RunningServer server =
                model.start(ServerConfig.defaults().withWorkerThreads(2).withWorkMillis(50));
        int port = server.port();
        RawHttpConnection waiting = new RawHttpConnection(port);
        try {
            assertEquals(
                    200, new RawHttpConnection(port).send(GET_PLAINTEXT).read().status());
            waiting.send(GET_PLAINTEXT + GET_PLAINTEXT + GET_PLAINTEXT);
        } finally {
            server.close();
            server.close();
        }
        assertTrue(waiting.closedByServerAfterDiscarding(), "close() must close open connections");
        waiting.close();
        List<String> left = Thread.getAllStackTraces().keySet().stream()
                .filter(Thread::isAlive)
                .map(Thread::getName)
                .filter(name -> name.startsWith("httpmodels-netty"))
                .toList();
        assertEquals(List.of(), left, "threads left after close()");
        try (ServerSocket rebind = new ServerSocket()) {
            rebind.bind(new InetSocketAddress("127.0.0.1", port));
        }
    }
}
