package io.httpmodels.harness.results;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One measurement: a target under a scenario, one repetition. A cell that could not be measured (the server
 * did not start, died, or the client never connected) has status {@code failed}, a reason, and null figures;
 * it is shown, never dropped.
 *
 * @param scenarioId        the {@link io.httpmodels.harness.compare.Scenario#id()}
 * @param target            the {@link TargetInfo#name()}
 * @param repetition        1-based
 * @param status            {@code ok} or {@code failed}
 * @param failure           why it failed, in words; null when ok
 * @param offeredRate       open loop: the total rate the client was asked for (requests/s); null in closed loop
 * @param durationSeconds   length of the recorded window
 * @param requests          responses recorded
 * @param requestsPerSecond requests / durationSeconds
 * @param latency           the primary latency: {@code raw} in closed loop, {@code intended} in open loop
 * @param corrected         closed loop: wrk-style corrected figures beside it; null otherwise
 * @param service           open loop: from the actual write (hides stalls); null otherwise
 * @param errors            errors by kind ({@code connect, read, closed, write, timeout, status, malformed}) and
 *                          {@code total}
 * @param statusCounts      responses by status code
 * @param connections       connections the client kept open
 * @param connectionsServed of those, how many completed at least one recorded response
 * @param connectsSucceeded TCP connections established, reconnects included
 * @param server            the server's CPU, memory and threads over the window
 * @param client            the client's own CPU over the window
 * @param abortReason       why the load stopped early, or null
 * @param timeline          requests/s in each second of the window
 * @param distribution      the latency's percentile spectrum, for the percentile plot
 * @param hlog              the HdrHistogram interval log of this cell, relative to the results folder
 * @param background        what the idle and slow connections held beside the measured ones saw; null when the
 *                          scenario has none
 */
public record CellResult(
        String scenarioId,
        String target,
        int repetition,
        String status,
        String failure,
        Double offeredRate,
        Double durationSeconds,
        Long requests,
        Double requestsPerSecond,
        Latency latency,
        Latency corrected,
        Latency service,
        Map<String, Long> errors,
        Map<Integer, Long> statusCounts,
        int connections,
        Integer connectionsServed,
        Long connectsSucceeded,
        ServerUsage server,
        ClientUsage client,
        String abortReason,
        List<Double> timeline,
        List<PercentilePoint> distribution,
        String hlog,
        Background background) {

    public static final String OK = "ok";
    public static final String FAILED = "failed";

    public CellResult {
        // Insertion order for errors (as the load client lists the kinds), numeric order for statuses.
        errors = errors == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(errors));
        statusCounts = statusCounts == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(statusCounts));
        timeline = timeline == null ? List.of() : List.copyOf(timeline);
        distribution = distribution == null ? List.of() : List.copyOf(distribution);
    }

    /** A cell without background connections. */
    public CellResult(
            String scenarioId,
            String target,
            int repetition,
            String status,
            String failure,
            Double offeredRate,
            Double durationSeconds,
            Long requests,
            Double requestsPerSecond,
            Latency latency,
            Latency corrected,
            Latency service,
            Map<String, Long> errors,
            Map<Integer, Long> statusCounts,
            int connections,
            Integer connectionsServed,
            Long connectsSucceeded,
            ServerUsage server,
            ClientUsage client,
            String abortReason,
            List<Double> timeline,
            List<PercentilePoint> distribution,
            String hlog) {
        this(
                scenarioId,
                target,
                repetition,
                status,
                failure,
                offeredRate,
                durationSeconds,
                requests,
                requestsPerSecond,
                latency,
                corrected,
                service,
                errors,
                statusCounts,
                connections,
                connectionsServed,
                connectsSucceeded,
                server,
                client,
                abortReason,
                timeline,
                distribution,
                hlog,
                null);
    }

    /** A cell that produced no figures, with the reason. */
    public static CellResult failed(
            String scenarioId, String target, int repetition, int connections, String failure, ServerUsage server) {
        return new CellResult(
                scenarioId,
                target,
                repetition,
                FAILED,
                failure,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                connections,
                null,
                null,
                server,
                null,
                null,
                null,
                null,
                null);
    }

    public boolean ok() {
        return OK.equals(status);
    }

    /** Errors of one kind, 0 when none were counted. */
    public long errors(String kind) {
        return errors.getOrDefault(kind, 0L);
    }
}
