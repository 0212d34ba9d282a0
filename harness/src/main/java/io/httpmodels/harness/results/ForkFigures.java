package io.httpmodels.harness.results;

import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * One fork's figures for a scenario and target: what one fresh JVM of the target did over its windows. A
 * {@link Summary}'s estimates are made from these; {@code diff} compares two runs from them.
 *
 * @param fork                the fork, 1-based
 * @param windows             windows measured in it
 * @param requestsPerSecond   requests/s over its windows (their requests over their time)
 * @param cpuMicrosPerRequest the server's CPU time per request over its windows, or null when not measured
 * @param p50Micros           the median latency of its windows' histograms merged, or null
 * @param p99Micros           their 99th percentile, or null
 * @param rssPeakBytes        the largest RSS sampled in its windows, or null when not measured
 */
public record ForkFigures(
        int fork,
        int windows,
        double requestsPerSecond,
        Double cpuMicrosPerRequest,
        Long p50Micros,
        Long p99Micros,
        Long rssPeakBytes) {

    /**
     * One fork's figures from its windows: requests/s and CPU per request over all of them (their sums, so a window
     * is weighed by what it served), latency percentiles of their histograms merged where {@code histogramOf} has
     * them (else the median of the windows' own), the largest RSS.
     *
     * @param windows     the fork's windows, every one of them ok
     * @param histogramOf a window's latency histogram, or null when not at hand (a run read back from its file)
     */
    public static ForkFigures of(int fork, List<CellResult> windows, Function<CellResult, Histogram> histogramOf) {
        double requests = 0;
        double seconds = 0;
        boolean counted = true;
        for (CellResult w : windows) {
            Long n = w.figures().throughput().requests();
            Double d = w.figures().throughput().durationSeconds();
            if (n == null || d == null || d <= 0) {
                counted = false;
                break;
            }
            requests += n;
            seconds += d;
        }
        double rps = counted
                ? requests / seconds
                : Stats.median(
                        windows.stream().map(CellResult::requestsPerSecond).toList());
        Double cpuMicros = null;
        if (counted
                && requests > 0
                && windows.stream()
                        .allMatch(w ->
                                w.usage().server() != null && w.usage().server().cpuSeconds() != null)) {
            double cpuSeconds = windows.stream()
                    .mapToDouble(w -> w.usage().server().cpuSeconds())
                    .sum();
            cpuMicros = Stats.cpuMicrosPerRequest(cpuSeconds, Math.round(requests));
        } else if (windows.size() == 1 && windows.get(0).usage().server() != null) {
            cpuMicros = windows.get(0).usage().server().cpuMicrosPerRequest();
        }
        Histogram merged = merge(windows, histogramOf);
        Long p50;
        Long p99;
        if (merged != null) {
            p50 = merged.getValueAtPercentile(50.0);
            p99 = merged.getValueAtPercentile(99.0);
        } else {
            p50 = medianLatency(windows, Latency::p50);
            p99 = medianLatency(windows, Latency::p99);
        }
        Long rss = windows.stream()
                .map(w -> w.usage().server() == null ? null : w.usage().server().rssPeakBytes())
                .filter(Objects::nonNull)
                .max(Long::compare)
                .orElse(null);
        return new ForkFigures(fork, windows.size(), rps, cpuMicros, p50, p99, rss);
    }

    /**
     * Each fork's figures from the cells of one scenario and target, in fork order: a fork counts when every one of
     * its windows is ok (a fork that failed part-way is a failed fork).
     */
    public static List<ForkFigures> ofCells(List<CellResult> cells, Function<CellResult, Histogram> histogramOf) {
        Map<Integer, List<CellResult>> byFork = byFork(cells);
        List<ForkFigures> forks = new ArrayList<>();
        byFork.forEach((fork, windows) -> forks.add(of(fork, windows, histogramOf)));
        return forks;
    }

    /** The windows of each fork whose windows are all ok, in fork order. */
    public static Map<Integer, List<CellResult>> byFork(List<CellResult> cells) {
        Map<Integer, List<CellResult>> byFork = new TreeMap<>();
        for (CellResult c : cells) {
            byFork.computeIfAbsent(c.id().repetition(), k -> new ArrayList<>()).add(c);
        }
        byFork.values().removeIf(windows -> !windows.stream().allMatch(CellResult::ok));
        return byFork;
    }

    /** The windows' histograms added, or null when none is at hand. */
    public static Histogram merge(List<CellResult> windows, Function<CellResult, Histogram> histogramOf) {
        Histogram merged = null;
        for (CellResult c : windows) {
            Histogram h = histogramOf.apply(c);
            if (h != null) {
                if (merged == null) {
                    merged = h.copy();
                } else {
                    merged.add(h);
                }
            }
        }
        return merged;
    }

    private static Long medianLatency(List<CellResult> windows, Function<Latency, Long> percentile) {
        List<Long> values = windows.stream()
                .map(CellResult::latency)
                .filter(Objects::nonNull)
                .map(percentile)
                .toList();
        return values.isEmpty() ? null : Math.round(Stats.median(values));
    }
}
