package io.httpmodels.harness.results;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * What every cell of a run was given: the profile it came from, its warm-up, its recorded window and how often it
 * ran.
 *
 * @param profile          the named profile, or {@code custom}
 * @param warmupSeconds    the least unrecorded warm-up of every server before its first window: it goes on until
 *                         the server's JIT is quiet (each cell says how long it took)
 * @param maxWarmupSeconds the most warm-up of a server; absent (0) in runs from before the warm-up waited for the JIT
 * @param durationSeconds  recorded duration of every window
 * @param repetitions      forks of every cell ({@code compare}: each a fresh JVM), or rounds ({@code regress})
 * @param windows          windows recorded per fork, back to back; null (one) in runs from before windows
 */
public record Schedule(
        String profile,
        double warmupSeconds,
        double maxWarmupSeconds,
        double durationSeconds,
        int repetitions,
        @JsonInclude(JsonInclude.Include.NON_NULL) Integer windows) {

    /** Windows per fork: one in runs from before windows. */
    public int windowsPerFork() {
        return windows == null ? 1 : windows;
    }
}
