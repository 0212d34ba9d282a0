package io.httpmodels.harness.results;

import java.util.List;

/**
 * A regression cell's figures per round, base and candidate, in round order: what its pairs are recomputed from.
 * Only rounds in which both sides were measured are kept.
 *
 * @param baseRequestsPerSecond      the base's requests/s per round (baseline mode: the stored figure rescaled by
 *                                   that round's calibration)
 * @param candidateRequestsPerSecond the candidate's requests/s per round
 * @param baseP99Micros              the base's p99 latency per round, microseconds (raw, closed loop)
 * @param candidateP99Micros         the candidate's p99 latency per round, microseconds
 * @param baseCpuMicros              the base server's CPU time per request per round, microseconds (empty when
 *                                   /proc could not be read)
 * @param candidateCpuMicros         the candidate server's CPU time per request per round, microseconds
 */
public record RegressionRounds(
        List<Double> baseRequestsPerSecond,
        List<Double> candidateRequestsPerSecond,
        List<Long> baseP99Micros,
        List<Long> candidateP99Micros,
        List<Double> baseCpuMicros,
        List<Double> candidateCpuMicros) {

    public RegressionRounds {
        baseRequestsPerSecond = copy(baseRequestsPerSecond);
        candidateRequestsPerSecond = copy(candidateRequestsPerSecond);
        baseP99Micros = copy(baseP99Micros);
        candidateP99Micros = copy(candidateP99Micros);
        baseCpuMicros = copy(baseCpuMicros);
        candidateCpuMicros = copy(candidateCpuMicros);
    }

    private static <T> List<T> copy(List<T> values) {
        return values == null ? List.of() : List.copyOf(values);
    }
}
