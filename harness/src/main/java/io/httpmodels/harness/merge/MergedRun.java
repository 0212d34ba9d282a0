package io.httpmodels.harness.merge;

import org.HdrHistogram.Histogram;

import java.util.List;

/**
 * Several agents' logs merged: their histograms added into one, their per-second timelines aligned on absolute
 * time. Built by {@link Merge#of}; read by the text summary, the JSON and the reports.
 *
 * @param settings     the histogram settings every log shares, in words
 * @param originMillis the earliest interval start of any agent (epoch milliseconds): second 0 of every timeline
 * @param endMillis    the latest interval end of any agent
 * @param total        every interval of every agent added: the histogram one agent recording every request
 *                     would have produced
 * @param timeline     requests/s of all agents together in each second from the origin
 * @param agents       one per log, in the order given
 */
public record MergedRun(
        String settings,
        long originMillis,
        long endMillis,
        Histogram total,
        List<Double> timeline,
        List<Agent> agents) {

    public MergedRun {
        timeline = List.copyOf(timeline);
        agents = List.copyOf(agents);
    }

    /** The window from the first agent's start to the last agent's end, in seconds. */
    public double windowSeconds() {
        return (endMillis - originMillis) / 1e3;
    }

    /** Requests recorded by every agent: always the sum of the agents' counts. */
    public long requests() {
        return total.getTotalCount();
    }

    /** Requests over the window. */
    public double requestsPerSecond() {
        return windowSeconds() > 0 ? requests() / windowSeconds() : 0;
    }

    /** Errors of every agent, or null when some agent's JSON was missing (so the sum is not known). */
    public Long errors() {
        long sum = 0;
        for (Agent a : agents) {
            if (a.log().json() == null || a.log().json().errorTotal() == null) {
                return null;
            }
            sum += a.log().json().errorTotal();
        }
        return sum;
    }

    /**
     * One agent's part.
     *
     * @param log         what was read
     * @param histogram   its intervals added
     * @param timeline    its requests/s in each second from the run's origin (0 where it recorded nothing)
     * @param startOffsetMillis how much later than the earliest agent it began recording, from the logs' own
     *                    timestamps
     */
    public record Agent(AgentLog log, Histogram histogram, List<Double> timeline, long startOffsetMillis) {

        public Agent {
            timeline = List.copyOf(timeline);
        }

        public String name() {
            return log.name();
        }

        public double windowSeconds() {
            return (log.endMillis() - log.startMillis()) / 1e3;
        }

        public double requestsPerSecond() {
            return windowSeconds() > 0 ? histogram.getTotalCount() / windowSeconds() : 0;
        }
    }
}
