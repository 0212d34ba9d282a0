package io.httpmodels.harness.measure;

import io.httpmodels.harness.process.Pinning;

import java.time.Duration;

/**
 * What holds for every cell a command measures.
 *
 * @param clientThreads event-loop threads of the load client (at most one per connection)
 * @param timeout       a request unanswered this long is a timeout; its connection is reopened
 * @param pinning       the servers' and the client's CPUs
 * @param clientBoundAt client CPU share of its cores at or above which a cell is client-bound
 * @param warmup        when a server is warm enough to measure
 */
public record MeasureSettings(
        int clientThreads, Duration timeout, Pinning pinning, double clientBoundAt, WarmupRule warmup) {

    public MeasureSettings {
        if (clientThreads < 1) {
            throw new IllegalArgumentException("the client needs a thread at least");
        }
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("the timeout must be positive");
        }
        if (!(clientBoundAt > 0 && clientBoundAt <= 1)) {
            throw new IllegalArgumentException("the client-bound share must be in (0, 1]");
        }
    }

    /** Cores the client may run on: its pinning, or every online CPU. */
    public int clientCores() {
        return pinning.clientCores();
    }
}
