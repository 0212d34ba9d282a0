package io.httpmodels.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import java.time.Duration;

class ServerConfigTest {

    @Test
    void defaultsListenOnLoopbackOnAnEphemeralPort() {
        ServerConfig config = ServerConfig.defaults();
        assertTrue(config.bindAddress().isLoopbackAddress());
        assertEquals(0, config.port());
        assertEquals(0, config.workMillis());
        assertEquals(ServerConfig.AUTO_TRANSPORT, config.transport());
        assertEquals(4 * Runtime.getRuntime().availableProcessors(), config.workPoolThreadsOrDefault());
        assertEquals(7, config.withWorkerThreads(7).workerThreadsOr(3));
        assertEquals(3, config.workerThreadsOr(3));
    }

    @Test
    void nonsenseIsRefusedWithTheSettingsName() {
        ServerConfig config = ServerConfig.defaults();
        assertTrue(assertThrows(IllegalArgumentException.class, () -> config.withPort(70_000))
                .getMessage()
                .contains("port"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> config.withWorkMillis(-1))
                .getMessage()
                .contains("workMillis"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> config.withIdleTimeout(Duration.ZERO))
                .getMessage()
                .contains("idleTimeout"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> config.withMaxHeaderBytes(10))
                .getMessage()
                .contains("maxHeaderBytes"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> config.withTransport(" "))
                .getMessage()
                .contains("transport"));
    }
}
