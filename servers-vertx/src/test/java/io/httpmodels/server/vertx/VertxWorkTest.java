package io.httpmodels.server.vertx;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.server.ConcurrentRequests;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.ServerModels;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The work runs on Vert.x's worker pool, unordered, never on the event loop: with one event loop (so one verticle
 * instance, one context) eight concurrent requests of 2 s work each finish together. Slept on the event loop, or
 * with {@code executeBlocking}'s default ordering (serial per context), they would take 16 s; the bound, half that,
 * leaves 6 s of room on a busy machine (under a load average of 18 on 2 cores a 1 s version once took 8.5 s).
 */
@Timeout(60)
class VertxWorkTest {

    private static final int WORK_MS = 2000;
    private static final int REQUESTS = 8;

    @Test
    void workOnOneEventLoopRunsSideBySideOnTheWorkerPool() throws Exception {
        ServerConfig config = ServerConfig.defaults().withWorkerThreads(1).withWorkMillis(WORK_MS);
        try (RunningServer server = ServerModels.byName("vertx").start(config)) {
            assertTrue(server.description().contains(" 1 event loops"), server.description());
            long millis = ConcurrentRequests.plaintext(server, REQUESTS).millis();
            assertTrue(millis < REQUESTS * WORK_MS / 2, "side by side: under half of 8 x 2 s, took " + millis + " ms");
        }
    }
}
