package io.httpmodels.harness.history;

import java.util.Objects;

/**
 * One target under one scenario in one run of the history: the figures its charts follow. A figure the run did
 * not measure is null (a regress run records no RSS; a failed cell, nothing).
 *
 * @param scenarioId          the scenario's id, e.g. {@code plaintext-c40-ka-w0}
 * @param target              the model's (or peer's) name, e.g. {@code netty}
 * @param requestsPerSecond   median requests/s
 * @param cpuMicrosPerRequest median server CPU time per request, microseconds
 * @param p99Micros           p99 of the primary latency, microseconds
 * @param rssPeakBytes        largest server RSS sampled, bytes
 */
public record RunFigures(
        String scenarioId,
        String target,
        Double requestsPerSecond,
        Double cpuMicrosPerRequest,
        Long p99Micros,
        Long rssPeakBytes) {

    private static final double MEBIBYTE = 1024.0 * 1024.0;

    public RunFigures {
        Objects.requireNonNull(scenarioId, "scenarioId");
        Objects.requireNonNull(target, "target");
    }

    /** The figure in its {@link Figure#unit()}, or null when not measured. */
    public Double value(Figure figure) {
        return switch (figure) {
            case REQUESTS_PER_SECOND -> requestsPerSecond;
            case CPU_PER_REQUEST -> cpuMicrosPerRequest;
            case P99 -> p99Micros == null ? null : p99Micros.doubleValue();
            case RSS -> rssPeakBytes == null ? null : rssPeakBytes / MEBIBYTE;
        };
    }
}
