package io.httpmodels.bench;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.ServerModels;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;

@Timeout(30)
class ModelClientConnectionTest {

    @Test
    void aRoundTripReadsOneWholeResponse() throws IOException {
        try (RunningServer server = ServerModels.byName("thread-per-connection").start(ServerConfig.defaults())) {
            ModelClientConnection connection = new ModelClientConnection();
            connection.open(server.port(), "thread-per-connection", 2_000);
            try {
                int first = connection.roundTrip();
                int second = connection.roundTrip();
                // Status line, five headers and the 13-byte body; the same size every time on a keep-alive connection.
                assertTrue(first > 100 && first < 300, "response of " + first + " bytes");
                assertTrue(first == second, first + " then " + second + " bytes");
            } finally {
                connection.close();
            }
        }
    }

    @Test
    void aConnectionTheModelDoesNotServeFailsWithinTheTimeoutInsteadOfHanging() throws IOException {
        try (RunningServer server = ServerModels.byName("single-thread").start(ServerConfig.defaults())) {
            ModelClientConnection served = new ModelClientConnection();
            ModelClientConnection starved = new ModelClientConnection();
            served.open(server.port(), "single-thread, connection 1 of 2", 2_000);
            starved.open(server.port(), "single-thread, connection 2 of 2", 300);
            try {
                served.roundTrip(); // the single thread now serves this keep-alive connection until it closes

                long start = System.nanoTime();
                RoundTripTimeoutException e = assertThrows(RoundTripTimeoutException.class, starved::roundTrip);
                long waitedMillis = (System.nanoTime() - start) / 1_000_000;

                assertTrue(waitedMillis >= 250 && waitedMillis < 5_000, "waited " + waitedMillis + " ms");
                assertTrue(e.getMessage().contains("single-thread, connection 2 of 2"), e.getMessage());
                assertTrue(e.getMessage().contains("no response within 300 ms"), e.getMessage());
            } finally {
                served.close();
                starved.close();
            }
        }
    }
}
