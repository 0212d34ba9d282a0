package io.httpmodels.harness.results;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a model's JVM said of itself over a window, asked at its start and end on the control channel. All null
 * (with the source saying why) for a server that is not a JVM of this project, or whose JVM did not answer.
 *
 * @param allocatedBytesPerRequest heap bytes allocated per request, every thread's, ended ones included
 * @param gcCount                  collections in the window
 * @param gcPauseMillis            time those collections took (stop-the-world pauses, for Parallel, Serial, G1)
 * @param gcPauseMicrosPerRequest  that time per request
 * @param collectors               the collectors counted
 * @param jitMillis                time the JIT compilers spent in the window (0 once warm)
 * @param threadsStarted           platform threads started in the window (not virtual threads)
 * @param threadStates             platform threads by state at the window's end ({@code RUNNABLE}, {@code WAITING}...)
 * @param source                   where these come from, or why they are absent
 * @param databasePool             the model's database pool: its connections and the time a request waited for
 *                                 one; null without a pool
 * @param pinnedPerThousandRequests times a virtual thread pinned its carrier (JFR's {@code jdk.VirtualThreadPinned},
 *                                 every pin however short), per 1,000 requests; null where the JVM did not count
 *                                 them
 * @param pinnedMicrosPerRequest   the time carriers were pinned, per request: the mean carrier time a request's
 *                                 pins held; null where the JVM did not count them
 */
public record JvmFigures(
        Double allocatedBytesPerRequest,
        Long gcCount,
        Long gcPauseMillis,
        Double gcPauseMicrosPerRequest,
        String collectors,
        Long jitMillis,
        Long threadsStarted,
        Map<String, Integer> threadStates,
        FigureSource source,
        @JsonInclude(JsonInclude.Include.NON_NULL) DatabasePool databasePool,
        @JsonInclude(JsonInclude.Include.NON_NULL) Double pinnedPerThousandRequests,
        @JsonInclude(JsonInclude.Include.NON_NULL) Double pinnedMicrosPerRequest) {

    public JvmFigures {
        threadStates =
                Collections.unmodifiableMap(threadStates == null ? new TreeMap<>() : new TreeMap<>(threadStates));
    }

    /** No figures, for the reason given. */
    public static JvmFigures absent(String why) {
        return new JvmFigures(
                null, null, null, null, null, null, null, Map.of(), FigureSource.absent(why), null, null, null);
    }
}
