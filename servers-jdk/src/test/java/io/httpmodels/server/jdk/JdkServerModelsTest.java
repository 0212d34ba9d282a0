package io.httpmodels.server.jdk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.server.ConcurrentRequests;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.ServerModels;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;

/**
 * The two JDK models differ only in where the handler runs: on the one dispatcher thread, eight requests with
 * 200 ms of work each are served one after another; on virtual threads, side by side. The bounds are far from the
 * figures on either side (a busy machine only slows the serial case, and the side-by-side one does 1 s of work per
 * request so that half the serial time leaves seconds of room), so they do not depend on the machine's speed.
 */
class JdkServerModelsTest {

    private static final int SERIAL_WORK_MS = 200;
    private static final int SIDE_BY_SIDE_WORK_MS = 1000;
    private static final int REQUESTS = 8;

    @Test
    void theShippedServerServesWorkOneAtATime() throws Exception {
        long elapsed = eightConcurrentRequests("jdk-httpserver", SERIAL_WORK_MS);
        assertTrue(elapsed >= REQUESTS * SERIAL_WORK_MS, "serial: at least 8 x 200 ms, took " + elapsed + " ms");
    }

    @Test
    void theVirtualThreadServerServesWorkSideBySide() throws Exception {
        long elapsed = eightConcurrentRequests("jdk-httpserver-virtual", SIDE_BY_SIDE_WORK_MS);
        assertTrue(
                elapsed < REQUESTS * SIDE_BY_SIDE_WORK_MS / 2,
                "concurrent: under half of 8 x 1 s, took " + elapsed + " ms");
    }

    private static long eightConcurrentRequests(String model, int workMillis) throws Exception {
        ServerConfig config = ServerConfig.defaults()
                .withBindAddress(InetAddress.getLoopbackAddress())
                .withPort(0)
                .withWorkMillis(workMillis);
        try (RunningServer server = ServerModels.byName(model).start(config)) {
            ConcurrentRequests answered = ConcurrentRequests.plaintext(server, REQUESTS);
            for (var response : answered.responses()) {
                assertEquals(
                        "httpmodels-" + model,
                        response.headers().firstValue("server").orElse(""));
            }
            return answered.millis();
        }
    }
}
