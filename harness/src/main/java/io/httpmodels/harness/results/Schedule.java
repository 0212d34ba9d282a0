package io.httpmodels.harness.results;

/**
 * What every cell of a run was given: the profile it came from, its warm-up, its recorded window and how often it
 * ran.
 *
 * @param profile          the named profile, or {@code custom}
 * @param warmupSeconds    the least unrecorded warm-up of every server before its first window: it goes on until
 *                         the server's JIT is quiet (each cell says how long it took)
 * @param maxWarmupSeconds the most warm-up of a server; absent (0) in runs from before the warm-up waited for the JIT
 * @param durationSeconds  recorded duration of every cell
 * @param repetitions      how often each cell ran
 */
public record Schedule(
        String profile, double warmupSeconds, double maxWarmupSeconds, double durationSeconds, int repetitions) {}
