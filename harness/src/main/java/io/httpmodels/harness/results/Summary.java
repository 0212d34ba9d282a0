package io.httpmodels.harness.results;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * One scenario and target over all repetitions: the row of a report table. Figures are medians of the
 * repetitions that succeeded; latencies come from their histograms merged (exact, not averaged).
 *
 * @param scenarioId          the scenario
 * @param target              the target
 * @param status              ok, or failed when no repetition succeeded
 * @param failure             the first failure's reason, or null
 * @param repetitions         repetitions run
 * @param okRepetitions       of those, how many produced figures
 * @param requestsPerSecond   median requests/s
 * @param requestsPerSecondMin smallest repetition's requests/s
 * @param requestsPerSecondMax largest repetition's requests/s
 * @param latency             merged latency of the successful repetitions
 * @param connections         connections the client kept open
 * @param connectionsServed   fewest connections served in a repetition
 * @param timeouts            timeouts, summed over repetitions
 * @param errors              errors of every kind, summed over repetitions
 * @param serverCpuPercent    median server CPU, % of one core
 * @param cpuMicrosPerRequest median server CPU time per request
 * @param rssPeakBytes        largest RSS sampled in any repetition
 * @param rssMeanBytes        median of the repetitions' mean RSS
 * @param threadsPeak         most threads sampled in any repetition
 * @param clientCpuPercent    median client CPU, % of one core
 * @param clientBound         whether the client was saturated (median client CPU at or above the threshold)
 * @param relativeToBest      requests/s as a share of the best target's in this scenario
 * @param relativeToNginx     requests/s as a share of nginx's in this scenario, when nginx ran
 * @param distribution        percentile spectrum of the merged latency
 * @param why                 the why figures, each the median of the repetitions that have it; null when none was
 *                            measured
 * @param profiledWith        the profiling event when any repetition was profiled (its figures are perturbed), or
 *                            null
 * @param tls                 a TLS scenario's handshakes: counts summed, rates, times and server CPU per handshake
 *                            the medians of the repetitions'; null (absent from results.json) over plain HTTP
 */
public record Summary(
        String scenarioId,
        String target,
        CellStatus status,
        String failure,
        int repetitions,
        int okRepetitions,
        Double requestsPerSecond,
        Double requestsPerSecondMin,
        Double requestsPerSecondMax,
        Latency latency,
        int connections,
        Integer connectionsServed,
        long timeouts,
        long errors,
        Double serverCpuPercent,
        Double cpuMicrosPerRequest,
        Long rssPeakBytes,
        Long rssMeanBytes,
        Integer threadsPeak,
        Double clientCpuPercent,
        boolean clientBound,
        Double relativeToBest,
        Double relativeToNginx,
        List<PercentilePoint> distribution,
        WhyFigures why,
        String profiledWith,
        @JsonInclude(JsonInclude.Include.NON_NULL) Handshakes tls) {

    /** A plain HTTP row, as every run before TLS wrote. */
    public Summary(
            String scenarioId,
            String target,
            CellStatus status,
            String failure,
            int repetitions,
            int okRepetitions,
            Double requestsPerSecond,
            Double requestsPerSecondMin,
            Double requestsPerSecondMax,
            Latency latency,
            int connections,
            Integer connectionsServed,
            long timeouts,
            long errors,
            Double serverCpuPercent,
            Double cpuMicrosPerRequest,
            Long rssPeakBytes,
            Long rssMeanBytes,
            Integer threadsPeak,
            Double clientCpuPercent,
            boolean clientBound,
            Double relativeToBest,
            Double relativeToNginx,
            List<PercentilePoint> distribution,
            WhyFigures why,
            String profiledWith) {
        this(
                scenarioId,
                target,
                status,
                failure,
                repetitions,
                okRepetitions,
                requestsPerSecond,
                requestsPerSecondMin,
                requestsPerSecondMax,
                latency,
                connections,
                connectionsServed,
                timeouts,
                errors,
                serverCpuPercent,
                cpuMicrosPerRequest,
                rssPeakBytes,
                rssMeanBytes,
                threadsPeak,
                clientCpuPercent,
                clientBound,
                relativeToBest,
                relativeToNginx,
                distribution,
                why,
                profiledWith,
                null);
    }

    /** A row without why figures, as every run before them wrote. */
    public Summary(
            String scenarioId,
            String target,
            CellStatus status,
            String failure,
            int repetitions,
            int okRepetitions,
            Double requestsPerSecond,
            Double requestsPerSecondMin,
            Double requestsPerSecondMax,
            Latency latency,
            int connections,
            Integer connectionsServed,
            long timeouts,
            long errors,
            Double serverCpuPercent,
            Double cpuMicrosPerRequest,
            Long rssPeakBytes,
            Long rssMeanBytes,
            Integer threadsPeak,
            Double clientCpuPercent,
            boolean clientBound,
            Double relativeToBest,
            Double relativeToNginx,
            List<PercentilePoint> distribution) {
        this(
                scenarioId,
                target,
                status,
                failure,
                repetitions,
                okRepetitions,
                requestsPerSecond,
                requestsPerSecondMin,
                requestsPerSecondMax,
                latency,
                connections,
                connectionsServed,
                timeouts,
                errors,
                serverCpuPercent,
                cpuMicrosPerRequest,
                rssPeakBytes,
                rssMeanBytes,
                threadsPeak,
                clientCpuPercent,
                clientBound,
                relativeToBest,
                relativeToNginx,
                distribution,
                null,
                null,
                null);
    }

    public Summary {
        distribution = distribution == null ? List.of() : List.copyOf(distribution);
    }

    /** The row of a scenario and target none of whose {@code repetitions} produced figures. */
    public static Summary failed(String scenarioId, String target, String failure, int repetitions, int connections) {
        return new Summary(
                scenarioId,
                target,
                CellStatus.FAILED,
                failure,
                repetitions,
                0,
                null,
                null,
                null,
                null,
                connections,
                null,
                0,
                0,
                null,
                null,
                null,
                null,
                null,
                null,
                false,
                null,
                null,
                null);
    }

    public boolean ok() {
        return status == CellStatus.OK;
    }

    /** The same row with its relative figures set. */
    public Summary withRelative(Double toBest, Double toNginx) {
        return with(toBest, toNginx, why, profiledWith, tls);
    }

    /** The same row with its why figures and profiling said. */
    public Summary withWhy(WhyFigures value, String profiled) {
        return with(relativeToBest, relativeToNginx, value, profiled, tls);
    }

    /** The same row with its TLS handshakes. */
    public Summary withHandshakes(Handshakes value) {
        return with(relativeToBest, relativeToNginx, why, profiledWith, value);
    }

    // The one copy of the row's measured figures that the withers above share: they set only what is derived later.
    private Summary with(Double toBest, Double toNginx, WhyFigures whyFigures, String profiled, Handshakes handshakes) {
        return new Summary(
                scenarioId,
                target,
                status,
                failure,
                repetitions,
                okRepetitions,
                requestsPerSecond,
                requestsPerSecondMin,
                requestsPerSecondMax,
                latency,
                connections,
                connectionsServed,
                timeouts,
                errors,
                serverCpuPercent,
                cpuMicrosPerRequest,
                rssPeakBytes,
                rssMeanBytes,
                threadsPeak,
                clientCpuPercent,
                clientBound,
                toBest,
                toNginx,
                distribution,
                whyFigures,
                profiled,
                handshakes);
    }
}
