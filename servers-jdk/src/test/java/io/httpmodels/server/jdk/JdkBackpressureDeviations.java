package io.httpmodels.server.jdk;

import io.httpmodels.server.Deviation;

import java.util.List;

/**
 * Where the JDK's {@code com.sun.net.httpserver} (JDK 25, as shipped) fails the backpressure kit, as the kit observed
 * it (2026-12-03): every case, both models and both clients, at a 500 ms idle timeout and at 15 s (the slow set), on
 * the close alone. Memory is bounded: the JDK stops reading a connection whose answers are not taken (it took
 * 4.8-4.9 MiB of requests, what the socket buffers hold; resident set +2-25 MiB, heap in use 3 MiB while flooded).
 * But it never closes the flooding connection: it has no write deadline (its one bound on a response,
 * {@code sun.net.httpserver.maxRspTime}, is off by default and read once per JVM), and its own idle timeout,
 * {@code sun.net.httpserver.idleInterval}, is 30 s.
 */
final class JdkBackpressureDeviations {

    private JdkBackpressureDeviations() {}

    /** The backpressure kit's cases {@code model} fails (the same for both). */
    static List<Deviation> of(String model) {
        return List.of(Deviation.of(
                "aClientThatPipelinesAndDoesNotReadIsHeldInBoundedMemoryAndClosed",
                "stops reading the flooding connection and holds its memory bounded, but never closes it within the"
                        + " idle timeout plus 3 s of the last request it took (\"never closed\"): no write deadline",
                "ServerConfig.maxPendingOutputBytes",
                "A connection held over it whose peer takes nothing for the idle timeout is closed"));
    }
}
