package io.httpmodels.harness.merge;

import io.httpmodels.load.LatencyHistograms;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Merges agents' interval logs exactly. Percentiles cannot be averaged (the mean of two p99s is the p99 of
 * neither run); histograms with identical settings can be added bucket by bucket (HdrHistogram's {@code add}),
 * and the sum is the histogram of every value recorded in one. So this adds them, and refuses logs whose
 * settings differ, where an add would not be exact. Timelines are aligned on the logs' absolute timestamps: an
 * interval goes to the second, counted from the earliest agent's start, nearest its own start. Stateless.
 */
public final class Merge {

    /** Length of a timeline step. */
    static final long SECOND_MILLIS = 1000;

    private Merge() {}

    /** Reads the logs (and the JSON beside each) and merges them. */
    public static MergedRun files(List<Path> hlogs) throws MergeException {
        if (hlogs.isEmpty()) {
            throw new MergeException("no interval logs given");
        }
        Map<Path, Path> seen = new HashMap<>();
        List<AgentLog> logs = new ArrayList<>();
        for (Path file : hlogs) {
            Path real;
            try {
                real = file.toRealPath();
            } catch (IOException e) {
                throw new MergeException("no such file: " + file, e);
            }
            Path before = seen.putIfAbsent(real, file);
            if (before != null) {
                throw new MergeException(file + " is given twice (as " + before + "): its requests would count twice");
            }
            logs.add(AgentLog.read(file));
        }
        return of(logs);
    }

    /**
     * Merges logs already read.
     *
     * @throws MergeException when two logs' histogram settings differ, or two logs carry the same name (the
     *                        same agent's log copied twice would count twice)
     */
    public static MergedRun of(List<AgentLog> logs) throws MergeException {
        if (logs.isEmpty()) {
            throw new MergeException("no interval logs given");
        }
        AgentLog reference = logs.get(0);
        Map<String, AgentLog> names = new HashMap<>();
        for (AgentLog log : logs) {
            if (!LatencyHistograms.sameSettings(reference.first(), log.first())) {
                throw new MergeException("histogram settings differ, so adding them would not be exact: "
                        + reference.file() + " has " + LatencyHistograms.settings(reference.first()) + ", "
                        + log.file() + " has " + LatencyHistograms.settings(log.first())
                        + ". Record every agent with the same load-client version.");
            }
            AgentLog before = names.putIfAbsent(log.name(), log);
            if (before != null) {
                throw new MergeException("two logs carry the name " + log.name() + ": " + before.file() + " and "
                        + log.file() + " (give each agent its own --tag)");
            }
        }
        long origin = logs.stream().mapToLong(AgentLog::startMillis).min().orElseThrow();
        long end = logs.stream().mapToLong(AgentLog::endMillis).max().orElseThrow();
        int seconds = 0;
        for (AgentLog log : logs) {
            for (Histogram h : log.intervals()) {
                seconds = Math.max(seconds, second(h, origin) + 1);
            }
        }

        Histogram total = empty(reference.first());
        double[] totalTimeline = new double[seconds];
        List<MergedRun.Agent> agents = new ArrayList<>();
        for (AgentLog log : logs) {
            Histogram sum = empty(reference.first());
            long[] counts = new long[seconds];
            long[] lengths = new long[seconds];
            for (Histogram h : log.intervals()) {
                sum.add(h);
                int s = second(h, origin);
                counts[s] += h.getTotalCount();
                lengths[s] += Math.max(0, h.getEndTimeStamp() - h.getStartTimeStamp());
            }
            total.add(sum);
            List<Double> timeline = new ArrayList<>(seconds);
            for (int s = 0; s < seconds; s++) {
                // Requests over the time the agent's intervals in this second covered: a short last interval
                // gives its rate, not its count.
                double rate = lengths[s] > 0 ? counts[s] * 1e3 / lengths[s] : 0;
                timeline.add(rate);
                totalTimeline[s] += rate;
            }
            agents.add(new MergedRun.Agent(log, sum, timeline, log.startMillis() - origin));
        }
        List<Double> timeline = new ArrayList<>(seconds);
        for (double rate : totalTimeline) {
            timeline.add(rate);
        }
        return new MergedRun(LatencyHistograms.settings(reference.first()), origin, end, total, timeline, agents);
    }

    /** The second from the origin nearest an interval's start. */
    private static int second(Histogram h, long originMillis) {
        return (int) Math.floorDiv(h.getStartTimeStamp() - originMillis + SECOND_MILLIS / 2, SECOND_MILLIS);
    }

    private static Histogram empty(Histogram like) {
        return new Histogram(
                like.getLowestDiscernibleValue(),
                like.getHighestTrackableValue(),
                like.getNumberOfSignificantValueDigits());
    }
}
