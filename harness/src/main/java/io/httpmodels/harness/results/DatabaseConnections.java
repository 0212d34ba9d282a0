package io.httpmodels.harness.results;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * The database's connections in use over a window: the client backends of the benchmark database (the harness's own
 * connection left out), sampled a few times a second from their process titles when this machine runs the
 * database, else from {@code pg_stat_activity}. A row of a report
 * combines its windows ({@link #combine}).
 *
 * @param samples    how many times it was read
 * @param activeMean the mean number of backends running a statement ({@code state = 'active'})
 * @param activeMax  the most running a statement at once
 * @param openMax    the most connections open at once, active or idle: the pools' sizes as the database sees them
 * @param samplingCpuSeconds the database CPU the sampling itself took (its backend's, from /proc), taken out of the
 *                   window's database CPU; null when the database runs elsewhere ({@code --db-url})
 */
public record DatabaseConnections(
        int samples,
        double activeMean,
        int activeMax,
        int openMax,
        @JsonInclude(JsonInclude.Include.NON_NULL) Double samplingCpuSeconds) {

    /** Connections sampled on a database whose CPU this machine does not read. */
    public DatabaseConnections(int samples, double activeMean, int activeMax, int openMax) {
        this(samples, activeMean, activeMax, openMax, null);
    }

    /** The windows' samples together: the mean over all their samples, the largest maxima. Null when none. */
    public static DatabaseConnections combine(List<DatabaseConnections> windows) {
        List<DatabaseConnections> present =
                windows.stream().filter(w -> w != null && w.samples > 0).toList();
        if (present.isEmpty()) {
            return null;
        }
        int samples = 0;
        double active = 0;
        int activeMax = 0;
        int openMax = 0;
        Double sampling = null;
        for (DatabaseConnections w : present) {
            if (w.samplingCpuSeconds != null) {
                sampling = (sampling == null ? 0 : sampling) + w.samplingCpuSeconds;
            }
            samples += w.samples;
            active += w.activeMean * w.samples;
            activeMax = Math.max(activeMax, w.activeMax);
            openMax = Math.max(openMax, w.openMax);
        }
        return new DatabaseConnections(samples, active / samples, activeMax, openMax, sampling);
    }
}
