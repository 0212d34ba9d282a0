package io.httpmodels.harness.control;

/**
 * One answer on a server's control channel, written by the server as one line: {@link ControlProtocol#PREFIX}
 * and this record as JSON.
 *
 * @param id      the request's id, echoed
 * @param kind    {@code stats}, {@code profiler}, {@code restarted}, {@code pinning} or {@code error}
 * @param stats   with {@code stats}: the JVM's counters
 * @param event   with {@code profiler}: the profiling event that runs or ran ({@code cpu} may become
 *                {@code ctimer} where perf events are not allowed)
 * @param message with {@code error}: what went wrong; with {@code profiler}: what the profiler said, or null; with
 *                {@code restarted}: what runs now, in the server's own words; with {@code pinning}: what counts
 *                pins now, or why nothing does
 */
public record ControlReply(long id, String kind, JvmStats stats, String event, String message) {

    public static final String STATS = "stats";
    public static final String PROFILER = "profiler";
    public static final String RESTARTED = "restarted";
    public static final String PINNING = "pinning";
    public static final String ERROR = "error";

    public boolean error() {
        return ERROR.equals(kind);
    }
}
