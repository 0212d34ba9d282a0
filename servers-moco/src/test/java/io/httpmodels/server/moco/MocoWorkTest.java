package io.httpmodels.server.moco;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.httpmodels.server.ConcurrentRequests;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.ServerModels;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The work sleeps on moco's event loops, as moco's own {@code latency(...)} does: Netty hands new connections to the
 * group's 2 x cores event loops in turn, so with twice as many requests as loops, each on a connection of its own,
 * two share every loop and wait for each other, and no more than one request per loop is in its work at any instant
 * ({@link ConcurrentRequests#mostInWork()}). Work on a pool of its own would have all of them in their work at once.
 */
@Timeout(60)
class MocoWorkTest {

    private static final int WORK_MS = 1000;

    @Test
    void eachEventLoopSleepsOneRequestAtATime() throws Exception {
        int eventLoops = 2 * Runtime.getRuntime().availableProcessors();
        try (RunningServer server = ServerModels.byName(MocoModel.NAME)
                .start(ServerConfig.defaults().withWorkMillis(WORK_MS))) {
            ConcurrentRequests answered = ConcurrentRequests.plaintext(server, 2 * eventLoops);
            assertEquals(
                    eventLoops,
                    answered.mostInWork(),
                    "one request in its work per event loop (answered in " + answered.millis() + " ms)");
        }
    }
}
