package io.httpmodels.harness.merge;

import io.httpmodels.harness.results.Latency;
import io.httpmodels.harness.results.LatencyKind;
import io.httpmodels.load.LatencySummary;
import org.HdrHistogram.Histogram;

import java.util.HashSet;
import java.util.Set;

/**
 * What the merged latency measured, as the agents' JSON reports say: {@code intended} when every agent paced
 * itself (open loop, from each request's intended send time), {@code raw} when none did; a log alone does not
 * say, and then the kind is {@code recorded}.
 *
 * @param kind        intended, raw, mixed or recorded
 * @param description in words
 */
record MergedLatency(LatencyKind kind, String description) {

    static MergedLatency of(MergedRun run) {
        Set<Boolean> paced = new HashSet<>();
        String description = null;
        for (MergedRun.Agent a : run.agents()) {
            AgentJson json = a.log().json();
            if (json == null) {
                return new MergedLatency(
                        LatencyKind.RECORDED,
                        "each agent's primary latency as its interval log recorded it (no JSON beside"
                                + " every log to say which)");
            }
            paced.add(json.config().rate() != null);
            if (description == null) {
                description = json.latencyDescription();
            }
        }
        if (paced.size() > 1) {
            return new MergedLatency(
                    LatencyKind.MIXED,
                    "some agents paced themselves (latency from the intended send time), some did not");
        }
        boolean open = paced.contains(Boolean.TRUE);
        String words = open
                ? "from when each request was meant to be sent (each agent at its share of the rate, open loop)"
                : "raw: from the write of each request to the last byte of its response";
        return new MergedLatency(
                open ? LatencyKind.INTENDED : LatencyKind.RAW, description == null ? words : description);
    }

    /** The figures of a histogram under this kind. */
    Latency latency(Histogram h) {
        return Latency.of(kind, LatencySummary.of(kind.label(), description, h));
    }
}
