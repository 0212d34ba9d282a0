package io.httpmodels.server.vertx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.server.ConcurrentRequests;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.ServerModels;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The work runs on Vert.x's worker pool, unordered, never on the event loop: with one event loop (so one verticle
 * instance, one context) all eight concurrent requests are in their work at the same instant
 * ({@link ConcurrentRequests#mostInWork()}). Slept on the event loop, or with {@code executeBlocking}'s default
 * ordering (serial per context), no two would be. A bound on their time (half of the serial 16 s) failed under load:
 * a 1 s version once took 8.5 s under a load average of 18 on 2 cores.
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
            ConcurrentRequests answered = ConcurrentRequests.plaintext(server, REQUESTS);
            assertEquals(
                    REQUESTS,
                    answered.mostInWork(),
                    "side by side: all eight in their work at once (answered in " + answered.millis() + " ms)");
        }
    }
}
