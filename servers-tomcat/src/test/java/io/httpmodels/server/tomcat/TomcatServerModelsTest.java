package io.httpmodels.server.tomcat;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.server.ConcurrentRequests;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.ServerModels;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.concurrent.TimeUnit;

/**
 * The work sleeps on the thread that runs the servlet, one per request, never on the poller: eight requests on
 * eight connections with 1 s of work each are served side by side on both models (the pool's workers or a
 * virtual thread each), well under half of the 8 s they would take one after another. The bound is far from both
 * figures, so a busy machine does not move the verdict.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class TomcatServerModelsTest {

    private static final int WORK_MS = 1000;
    private static final int REQUESTS = 8;

    @ParameterizedTest
    @ValueSource(strings = {TomcatModels.POOL, TomcatModels.VIRTUAL})
    void eachRequestsWorkRunsOnItsOwnThread(String model) throws Exception {
        ServerConfig config = ServerConfig.defaults().withPort(0).withWorkMillis(WORK_MS);
        try (RunningServer server = ServerModels.byName(model).start(config)) {
            long millis = ConcurrentRequests.plaintext(server, REQUESTS).millis();
            assertTrue(millis < REQUESTS * WORK_MS / 2, "side by side: under half of 8 x 1 s, took " + millis + " ms");
        }
    }
}
