package io.httpmodels.server.tio;

import io.httpmodels.server.Deviation;

import java.util.List;

/**
 * Where t-io 3.8.6's HTTP server fails the backpressure kit, as the kit observed it ({@code TioBackpressureTest},
 * 2026-12-03, JDK 25): it keeps reading a client that pipelines and does not read, and buffers its answers in the
 * heap without bound.
 */
final class TioBackpressureDeviations {

    private TioBackpressureDeviations() {}

    /** The backpressure kit's cases t-io fails (both clients, the one that never reads and the slow one). */
    static List<Deviation> all() {
        return List.of(Deviation.of(
                "aClientThatPipelinesAndDoesNotReadIsHeldInBoundedMemoryAndClosed",
                "keeps reading the flooding connection and queues its answers in the heap: the heap in use after a"
                        + " full collection grew by 23-233 MiB in the kit's 500 ms flood"
                        + " (in 5 runs, its bound is 16 MiB), for the client that never reads and for the slow one",
                "ServerConfig.maxPendingOutputBytes",
                "how many bytes of answers one connection may have waiting to be sent (written by the server, not"
                        + " yet taken by the socket) before the server stops reading its requests"));
    }
}
