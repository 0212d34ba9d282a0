package io.httpmodels.server.jdk;

import io.httpmodels.server.Deviation;
import io.httpmodels.server.DeviationTable;

import java.util.List;

/**
 * Where the JDK's {@code com.sun.net.httpserver} (JDK 25, as shipped) fails the backpressure kit: every case, both
 * models and both clients, at a 500 ms idle timeout and at 15 s (the slow set). Memory is bounded: the JDK stops
 * reading a connection whose answers are not taken (it takes about 4.9 MiB of requests, what the socket buffers hold,
 * and keeps no heap for it). But it never closes the flooding connection: it has no write deadline (its one bound on a
 * response, {@code sun.net.httpserver.maxRspTime}, is off by default and read once per JVM), and its own idle
 * timeout, {@code sun.net.httpserver.idleInterval}, is 30 s. With handlers on its one dispatcher thread
 * ({@code jdk-httpserver}) it also serves nobody else for as long as the flood lasts: the exchange runs on the
 * dispatcher with the channel in blocking mode, so the dispatcher blocks in the write to the client that does not
 * read, and no other connection is accepted or answered until that client goes.
 */
final class JdkBackpressureDeviations {

    private static final DeviationTable TABLE = DeviationTable.parse("""
            [jdk-httpserver] aClientThatPipelinesAndDoesNotReadIsHeldInBoundedMemoryAndClosed | PENDING_OUTPUT | stops
                reading the flooding connection and holds its memory bounded, but never closes it within the idle
                timeout plus 3 s of the last request it took ("never closed"): no write deadline; and serves nobody else
                while the flood lasts: its one dispatcher thread is blocked in the write to the client that does not
                read
            [jdk-httpserver-virtual] aClientThatPipelinesAndDoesNotReadIsHeldInBoundedMemoryAndClosed | PENDING_OUTPUT | stops
                reading the flooding connection and holds its memory bounded, but never closes it within the idle
                timeout plus 3 s of the last request it took ("never closed"): no write deadline
            """);

    private JdkBackpressureDeviations() {}

    /** The backpressure kit's cases {@code model} fails. */
    static List<Deviation> of(String model) {
        return TABLE.of(model);
    }
}
