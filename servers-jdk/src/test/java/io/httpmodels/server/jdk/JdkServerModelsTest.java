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
 * 200 ms of work each are served one after another; on virtual threads, side by side. Each is told by how many of
 * the eight were in their work at the same instant ({@link ConcurrentRequests#mostInWork()}), which a busy machine
 * does not change, and the serial one also by its time, which a busy machine only lengthens.
 */
class JdkServerModelsTest {

    private static final int SERIAL_WORK_MS = 200;
    private static final int SIDE_BY_SIDE_WORK_MS = 1000;
    private static final int REQUESTS = 8;

    @Test
    void theShippedServerServesWorkOneAtATime() throws Exception {
        ConcurrentRequests answered = eightConcurrentRequests("jdk-httpserver", SERIAL_WORK_MS);
        assertEquals(1, answered.mostInWork(), "serial: one request in its work at a time");
        assertTrue(
                answered.millis() >= REQUESTS * SERIAL_WORK_MS,
                "serial: at least 8 x 200 ms, took " + answered.millis() + " ms");
    }

    @Test
    void theVirtualThreadServerServesWorkSideBySide() throws Exception {
        ConcurrentRequests answered = eightConcurrentRequests("jdk-httpserver-virtual", SIDE_BY_SIDE_WORK_MS);
        assertEquals(
                REQUESTS,
                answered.mostInWork(),
                "side by side: all eight in their work at once (answered in " + answered.millis() + " ms)");
    }

    private static ConcurrentRequests eightConcurrentRequests(String model, int workMillis) throws Exception {
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
            return answered;
        }
    }
}
