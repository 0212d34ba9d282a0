package io.httpmodels.server.jetty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.server.ConcurrentRequests;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Where each Jetty model runs the workload's handler, and so its blocking work: on a platform thread of Jetty's
 * QueuedThreadPool for {@code jetty}, on a virtual thread for {@code jetty-virtual} (observed by a wrapper around the
 * workload's handler, which keeps its blocking invocation type); and on either, eight requests of 1 s of work each
 * are served side by side, not one after another: all eight in their work at the same instant
 * ({@link ConcurrentRequests#mostInWork()}), whatever the machine's load.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class JettyServerModelsTest {

    private static final int WORK_MS = 1000;
    private static final int REQUESTS = 8;

    @Test
    void theShippedServerRunsTheHandlerOnAPoolThread() throws Exception {
        Thread thread = handlerThread(JettyModels.POOL, false);
        assertFalse(thread.isVirtual(), thread.toString());
        assertTrue(thread.getName().startsWith("qtp"), "a QueuedThreadPool thread: " + thread);
    }

    @Test
    void theVirtualModelRunsTheHandlerOnAVirtualThread() throws Exception {
        Thread thread = handlerThread(JettyModels.VIRTUAL, true);
        assertTrue(thread.isVirtual(), thread.toString());
        assertTrue(thread.getName().startsWith(JettyModels.VIRTUAL + "-"), thread.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {JettyModels.POOL, JettyModels.VIRTUAL})
    void workIsServedSideBySide(String model) throws Exception {
        ServerConfig config = config().withWorkMillis(WORK_MS);
        try (RunningServer server = JettyServer.start(model, config, model.equals(JettyModels.VIRTUAL))) {
            ConcurrentRequests answered = ConcurrentRequests.plaintext(server, REQUESTS);
            assertEquals(
                    REQUESTS,
                    answered.mostInWork(),
                    "side by side: all eight in their work at once (answered in " + answered.millis() + " ms)");
        }
    }

    /** The thread the handler ran on for one GET /plaintext. */
    private static Thread handlerThread(String model, boolean virtual) throws Exception {
        ServerConfig config = config();
        CompletableFuture<Thread> handlerThread = new CompletableFuture<>();
        Handler observed = new Handler.Wrapper(new WorkloadHandler(model, config, null)) {
            @Override
            public boolean handle(Request request, Response response, Callback callback) throws Exception {
                handlerThread.complete(Thread.currentThread());
                return super.handle(request, response, callback);
            }
        };
        try (RunningServer server = JettyServer.start(model, config, virtual, observed);
                HttpClient client = client()) {
            URI uri = URI.create("http://127.0.0.1:" + server.port() + "/plaintext");
            HttpResponse<String> response = client.send(request(uri), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, response.statusCode());
            return handlerThread.get(5, TimeUnit.SECONDS);
        }
    }

    private static ServerConfig config() {
        return ServerConfig.defaults()
                .withBindAddress(InetAddress.getLoopbackAddress())
                .withPort(0);
    }

    private static HttpClient client() {
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    }

    private static HttpRequest request(URI uri) {
        return HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(20)).build();
    }
}
