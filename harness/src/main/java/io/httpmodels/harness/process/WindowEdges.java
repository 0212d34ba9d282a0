package io.httpmodels.harness.process;

import java.nio.file.Path;
import java.time.Duration;

/**
 * What a {@link UsageSampler} also reads at its window's start and end, beside CPU time and memory: the server's
 * threads one by one ({@link ProcessSnapshot}), its JVM's own counters over the control channel, and a flame graph
 * of the window. All of it is read at the two edges only, none of it per request.
 *
 * @param threads      whether to read the server's threads and its CPU split ({@link ProcessActivity})
 * @param jvmStats     whether to ask the server's JVM for its counters (with {@code control})
 * @param control      the server JVM's control channel, or null for a server that has none (nginx, a URL)
 * @param profileEvent with {@code control}: the async-profiler event to profile the window with, or null for none
 * @param flameGraph   with {@code profileEvent}: where the server writes the flame graph
 * @param databasePid  the postmaster of the PostgreSQL the requests query, when this machine runs it: its CPU and its
 *                     backends' is read at the edges as the server's is; null for none
 */
public record WindowEdges(
        boolean threads,
        boolean jvmStats,
        ControlChannel control,
        String profileEvent,
        Path flameGraph,
        Long databasePid) {

    /** How long a window's edge waits for the server's JVM to answer. */
    public static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(1);
    /** How long the end waits for a flame graph to be written. */
    public static final Duration FLAME_GRAPH_TIMEOUT = Duration.ofSeconds(20);

    /** Nothing beyond CPU time and memory. */
    public static final WindowEdges NONE = new WindowEdges(false, false, null, null, null);

    /** Edges of a window whose requests query no database of this machine's. */
    public WindowEdges(
            boolean threads, boolean jvmStats, ControlChannel control, String profileEvent, Path flameGraph) {
        this(threads, jvmStats, control, profileEvent, flameGraph, null);
    }

    public WindowEdges {
        if (profileEvent != null && (control == null || flameGraph == null)) {
            throw new IllegalArgumentException("a flame graph needs the server's control channel and a file");
        }
    }
}
