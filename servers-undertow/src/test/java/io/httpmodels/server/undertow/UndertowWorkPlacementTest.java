package io.httpmodels.server.undertow;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.httpmodels.server.ConcurrentRequests;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.ServerModels;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.concurrent.TimeUnit;

/**
 * Blocking work runs on Undertow's worker pool, not on an I/O thread: with one I/O thread and eight requests of 1 s
 * of work each on eight connections, work on the I/O thread would take at least 8 s, one request after another; on
 * the worker pool (16 threads by Undertow's default) the eight run side by side: all eight in their work at the same
 * instant ({@link ConcurrentRequests#mostInWork()}), which the machine's load does not change.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class UndertowWorkPlacementTest {

    private static final int WORK_MS = 1000;
    private static final int REQUESTS = 8;

    @Test
    void workOnOneIoThreadIsServedSideBySideByTheWorkerPool() throws Exception {
        ServerConfig config = ServerConfig.defaults().withWorkerThreads(1).withWorkMillis(WORK_MS);
        try (RunningServer server = ServerModels.byName("undertow").start(config)) {
            ConcurrentRequests answered = ConcurrentRequests.plaintext(server, REQUESTS);
            assertEquals(
                    REQUESTS,
                    answered.mostInWork(),
                    "side by side: all eight in their work at once (answered in " + answered.millis() + " ms)");
        }
    }
}
