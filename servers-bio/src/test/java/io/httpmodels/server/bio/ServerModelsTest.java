package io.httpmodels.server.bio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.server.ServerModels;
import io.httpmodels.server.UnknownModelException;
import org.junit.jupiter.api.Test;

import java.util.List;

class ServerModelsTest {

    @Test
    void theBlockingModelsAreFoundByName() {
        assertEquals(
                List.of("single-thread", "thread-per-connection", "fixed-pool", "virtual-threads"),
                ServerModels.names());
        assertInstanceOf(VirtualThreadServer.class, ServerModels.byName("virtual-threads"));
    }

    @Test
    void anUnknownNameListsTheKnownOnes() {
        UnknownModelException e = assertThrows(UnknownModelException.class, () -> ServerModels.byName("nginx"));
        assertTrue(e.getMessage().contains("'nginx'"), e.getMessage());
        assertTrue(
                e.getMessage().contains("single-thread, thread-per-connection, fixed-pool, virtual-threads"),
                e.getMessage());
        assertEquals(4, e.knownNames().size());
    }
}
