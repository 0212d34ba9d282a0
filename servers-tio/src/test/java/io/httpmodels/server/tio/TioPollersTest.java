package io.httpmodels.server.tio;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.ServerModels;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * A tio server's AIO group is polled by two of the JDK's internal threads, not the JDK's default one: with one,
 * t-io stops serving for good when the last event of an {@code epoll_wait} batch belongs to a connection it has
 * just closed ({@link TioServer}, docs/model-notes/tio.md). What this pins is the set-up, which is deterministic;
 * the stall itself comes in about half the runs of 200,000 short connections, so no test waits for it.
 */
class TioPollersTest {

    private static final String POLLER_FRAME = "sun.nio.ch.EPollPort$EventHandlerTask";

    @Test
    void theAioGroupHasTwoPollers() throws Exception {
        try (RunningServer server =
                ServerModels.byName("tio").start(ServerConfig.defaults().withPort(0))) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            long pollers;
            do {
                pollers = pollers();
            } while (pollers < TioServer.POLLERS && System.nanoTime() < deadline && pause());
            assertEquals(TioServer.POLLERS, pollers, server.description());
        }
    }

    private static long pollers() {
        return Thread.getAllStackTraces().values().stream()
                .filter(stack -> Arrays.stream(stack)
                        .anyMatch(frame -> frame.getClassName().equals(POLLER_FRAME)))
                .count();
    }

    private static boolean pause() throws InterruptedException {
        Thread.sleep(20);
        return true;
    }
}
