package io.httpmodels.harness.results;

import java.time.Instant;
import java.util.List;

/**
 * A run merged from several agents' interval logs ({@code httpmodels merge}) rather than measured by the harness:
 * where each agent's figures came from and how their timelines line up. Its cells are one per agent plus the
 * total, each with its timeline aligned on {@code timelineStart}.
 *
 * @param timelineStart     second 0 of every cell's timeline: the earliest agent's first interval
 * @param histogramSettings the settings every agent's histograms shared, in words (the merge is exact only then)
 * @param total             the name of the cell that holds every agent's histograms added
 * @param agents            one per log, in the order given
 */
public record MergeInfo(Instant timelineStart, String histogramSettings, String total, List<Agent> agents) {

    public MergeInfo {
        agents = List.copyOf(agents);
    }

    /**
     * One agent.
     *
     * @param name              its tag (the cell's target)
     * @param hlog              its interval log, as given
     * @param json              its JSON report beside the log, or null when there was none
     * @param startOffsetMillis how much later than the earliest agent it began recording, from the logs
     * @param startSkewMillis   how late it began after its start time, as it measured; null when not known
     */
    public record Agent(String name, String hlog, String json, long startOffsetMillis, Double startSkewMillis) {}
}
