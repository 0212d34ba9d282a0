package io.httpmodels.harness.results;

/**
 * What a server process used over a cell's recorded window, sampled from the harness's side.
 *
 * @param pid                 the server's process id, or null when it is not known (an external URL)
 * @param source              where the figures come from: {@code /proc}, {@code ProcessHandle} (CPU only) or
 *                            {@code none}
 * @param cpuSeconds          CPU time (user + system, every thread and child process) over the window
 * @param cpuPercent          that time as a share of one core over the window (200 = two cores busy)
 * @param cpuMicrosPerRequest CPU time per completed request: the fair comparison when the client saturates
 * @param rssPeakBytes        the largest resident set size sampled
 * @param rssMeanBytes        the mean of the samples
 * @param threadsPeak         the most threads sampled
 * @param threadsMean         the mean thread count
 * @param samples             how many samples (at most 10 a second)
 */
public record ServerUsage(
        Long pid,
        String source,
        Double cpuSeconds,
        Double cpuPercent,
        Double cpuMicrosPerRequest,
        Long rssPeakBytes,
        Long rssMeanBytes,
        Integer threadsPeak,
        Double threadsMean,
        int samples) {

    /** Nothing known: the server's process could not be found or read. */
    public static ServerUsage unknown() {
        return new ServerUsage(null, "none", null, null, null, null, null, null, null, 0);
    }
}
