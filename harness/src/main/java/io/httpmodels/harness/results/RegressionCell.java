package io.httpmodels.harness.results;

import java.util.List;

/**
 * One cell of a regression run: one model under one load shape, measured for base and candidate in every round.
 * The per-round figures are kept in round order, so the pairs can be recomputed from the file.
 *
 * @param id                    {@code MODEL/SCENARIO}, e.g. {@code netty/plaintext-c40-ka-w0}
 * @param model                 the model's name
 * @param scenarioId            the {@link io.httpmodels.harness.results.Scenario#id()}
 * @param baseRequestsPerSecond the base's requests/s per round (baseline mode: the stored figure rescaled by
 *                              that round's calibration)
 * @param candidateRequestsPerSecond the candidate's requests/s per round
 * @param baseP99Micros         the base's p99 latency per round, microseconds (raw, closed loop)
 * @param candidateP99Micros    the candidate's p99 latency per round, microseconds
 * @param baseCpuMicros         the base server's CPU time per request per round, microseconds (empty when /proc
 *                              could not be read)
 * @param candidateCpuMicros    the candidate server's CPU time per request per round, microseconds
 * @param requestsPerSecond     the change in requests/s: median paired ratio candidate / base and its interval;
 *                              null when a side could not be measured
 * @param p99                   the change in p99 latency, likewise
 * @param cpuPerRequest         the change in the server's CPU time per request, likewise; null also when the CPU
 *                              time was not known in every round
 * @param requestsVerdict       the verdict on requests/s, or null
 * @param p99Verdict            the verdict on p99, or null
 * @param cpuVerdict            the verdict on CPU time per request, or null
 * @param verdict               {@code regression}, {@code improvement}, {@code same}, {@code failed} (the
 *                              candidate could not be measured) or {@code no base} (the base could not)
 * @param failure               why a side could not be measured, or null
 * @param cpuWindowSpread       the machine's noise as this cell saw it: the median, over every side and round, of
 *                              how far apart one JVM's windows were in CPU time per request (largest / smallest - 1;
 *                              0.12 for 12 %); null when not known. Base and candidate take turns within a window, so most of this
 *                              noise meets both sides alike and cancels in their ratio
 * @param cpuTurnSpread         what is left of it in the ratios: the median, over the rounds, of how far apart the
 *                              windows' ratios candidate / base of CPU time per request were (largest / smallest - 1);
 *                              null when not known (fewer than two windows, a stored baseline). Changes near it are
 *                              hard to see in one run
 */
public record RegressionCell(
        String id,
        String model,
        String scenarioId,
        List<Double> baseRequestsPerSecond,
        List<Double> candidateRequestsPerSecond,
        List<Long> baseP99Micros,
        List<Long> candidateP99Micros,
        List<Double> baseCpuMicros,
        List<Double> candidateCpuMicros,
        RatioInterval requestsPerSecond,
        RatioInterval p99,
        RatioInterval cpuPerRequest,
        Verdict requestsVerdict,
        Verdict p99Verdict,
        Verdict cpuVerdict,
        Verdict verdict,
        String failure,
        Double cpuWindowSpread,
        Double cpuTurnSpread) {

    public RegressionCell {
        baseRequestsPerSecond = List.copyOf(baseRequestsPerSecond);
        candidateRequestsPerSecond = List.copyOf(candidateRequestsPerSecond);
        baseP99Micros = List.copyOf(baseP99Micros);
        candidateP99Micros = List.copyOf(candidateP99Micros);
        baseCpuMicros = List.copyOf(baseCpuMicros);
        candidateCpuMicros = List.copyOf(candidateCpuMicros);
    }

    /** The same cell with {@link #cpuTurnSpread()} set. */
    public RegressionCell withCpuTurnSpread(Double value) {
        return new RegressionCell(
                id,
                model,
                scenarioId,
                baseRequestsPerSecond,
                candidateRequestsPerSecond,
                baseP99Micros,
                candidateP99Micros,
                baseCpuMicros,
                candidateCpuMicros,
                requestsPerSecond,
                p99,
                cpuPerRequest,
                requestsVerdict,
                p99Verdict,
                cpuVerdict,
                verdict,
                failure,
                cpuWindowSpread,
                value);
    }
}
