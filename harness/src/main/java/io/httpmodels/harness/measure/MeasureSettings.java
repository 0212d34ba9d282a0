package io.httpmodels.harness.measure;

import io.httpmodels.harness.process.Pinning;
import io.httpmodels.load.ClientTlsProvider;

import java.time.Duration;
import java.util.List;

/**
 * What holds for every cell a command measures.
 *
 * @param clientThreads event-loop threads of the load client (at most one per connection)
 * @param timeout       a request unanswered this long is a timeout; its connection is reopened
 * @param pinning       the servers' and the client's CPUs
 * @param clientBoundAt client CPU share of its cores at or above which a cell is client-bound
 * @param warmup        when a server is warm enough to measure
 * @param why           whether to measure the why figures (CPU split, switches, system calls, run-queue wait,
 *                      allocation and GC), at no cost to the measured window: /proc and the model's JVM are read at
 *                      its edges only, perf counts over an unrecorded chunk before it
 * @param flameGraphs   the async-profiler event each model's window is profiled with ({@code cpu}, {@code wall},
 *                      {@code alloc}, {@code lock}), or null for no flame graphs
 * @param clientTlsProvider who encrypts for the load client in a TLS scenario ({@code --client-tls-provider}), or
 *                      null for the client's default: OpenSSL where it loads
 */
public record MeasureSettings(
        int clientThreads,
        Duration timeout,
        Pinning pinning,
        double clientBoundAt,
        WarmupRule warmup,
        boolean why,
        String flameGraphs,
        ClientTlsProvider clientTlsProvider) {

    /** The events a flame graph may be made of. */
    public static final List<String> FLAME_GRAPH_EVENTS = List.of("cpu", "wall", "alloc", "lock");

    /** Settings with the why figures on and no flame graphs. */
    public MeasureSettings(
            int clientThreads, Duration timeout, Pinning pinning, double clientBoundAt, WarmupRule warmup) {
        this(clientThreads, timeout, pinning, clientBoundAt, warmup, true, null, null);
    }

    /** Settings with the load client's default TLS provider. */
    public MeasureSettings(
            int clientThreads,
            Duration timeout,
            Pinning pinning,
            double clientBoundAt,
            WarmupRule warmup,
            boolean why,
            String flameGraphs) {
        this(clientThreads, timeout, pinning, clientBoundAt, warmup, why, flameGraphs, null);
    }

    public MeasureSettings {
        if (flameGraphs != null && !FLAME_GRAPH_EVENTS.contains(flameGraphs)) {
            throw new IllegalArgumentException(
                    "flame graphs are of cpu, wall, alloc or lock, not '" + flameGraphs + "'");
        }
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

    /** The same with the why figures on or off (the cost-of-looking benchmark alternates them). */
    public MeasureSettings withWhy(boolean on) {
        return new MeasureSettings(
                clientThreads, timeout, pinning, clientBoundAt, warmup, on, flameGraphs, clientTlsProvider);
    }

    /** The same with this client TLS provider (null: the client's default). */
    public MeasureSettings withClientTlsProvider(ClientTlsProvider provider) {
        return new MeasureSettings(clientThreads, timeout, pinning, clientBoundAt, warmup, why, flameGraphs, provider);
    }
}
