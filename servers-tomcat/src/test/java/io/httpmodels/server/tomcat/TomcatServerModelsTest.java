package io.httpmodels.server.tomcat;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
 * virtual thread each): all eight in their work at the same instant ({@link ConcurrentRequests#mostInWork()}), where
 * one after another no two would be. The machine's load does not move the verdict.
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
            ConcurrentRequests answered = ConcurrentRequests.plaintext(server, REQUESTS);
            assertEquals(
                    REQUESTS,
                    answered.mostInWork(),
                    "side by side: all eight in their work at once (answered in " + answered.millis() + " ms)");
        }
    }
}
