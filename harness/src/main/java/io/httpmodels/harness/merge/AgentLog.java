package io.httpmodels.harness.merge;

import io.httpmodels.load.LatencyHistograms;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One agent's HdrHistogram interval log, read whole: its intervals with their absolute timestamps (the log's
 * {@code StartTime}/{@code BaseTime} applied by HdrHistogram's reader), its name and, when a JSON report lies
 * beside it, what that adds.
 *
 * @param file      the log
 * @param name      the intervals' {@code Tag=}, else the JSON's tag, else the file's name without {@code .hlog}
 * @param intervals every interval, in log order, each with start and end in epoch milliseconds
 * @param json      the agent's JSON report beside the log, or null
 */
public record AgentLog(Path file, String name, List<Histogram> intervals, AgentJson json) {

    public AgentLog {
        intervals = List.copyOf(intervals);
        if (intervals.isEmpty()) {
            throw new IllegalArgumentException(file + ": no intervals");
        }
    }

    /**
     * Reads an interval log and the JSON beside it.
     *
     * @throws MergeException when the file is missing, is not an interval log, holds no interval, holds a
     *                        floating-point histogram, or mixes histogram settings
     */
    public static AgentLog read(Path file) throws MergeException {
        if (!Files.isRegularFile(file)) {
            throw new MergeException("no such file: " + file);
        }
        List<Histogram> intervals = new ArrayList<>();
        String tag = null;
        try (HistogramLogReader reader = new HistogramLogReader(file.toFile())) {
            for (EncodableHistogram e = reader.nextIntervalHistogram(); e != null; e = reader.nextIntervalHistogram()) {
                if (!(e instanceof Histogram h)) {
                    throw new MergeException(file + ": holds " + e.getClass().getSimpleName()
                            + " intervals; only integer histograms merge exactly");
                }
                if (!intervals.isEmpty() && !LatencyHistograms.sameSettings(intervals.get(0), h)) {
                    throw new MergeException(file + ": its intervals mix histogram settings ("
                            + LatencyHistograms.settings(intervals.get(0)) + " and " + LatencyHistograms.settings(h)
                            + ")");
                }
                if (tag == null && h.getTag() != null) {
                    tag = h.getTag();
                }
                intervals.add(h);
            }
        } catch (IOException | RuntimeException e) {
            // HdrHistogram's reader reports a malformed line as an unchecked exception.
            throw new MergeException(file + ": not an HdrHistogram interval log: " + e, e);
        }
        if (intervals.isEmpty()) {
            throw new MergeException(file + ": no intervals (did the agent record anything?)");
        }
        AgentJson json = AgentJson.readBeside(file);
        String name = tag != null ? tag : json != null && json.tag() != null ? json.tag() : stem(file);
        return new AgentLog(file, name, intervals, json);
    }

    /** The earliest interval start, epoch milliseconds. */
    public long startMillis() {
        return intervals.stream().mapToLong(Histogram::getStartTimeStamp).min().orElseThrow();
    }

    /** The latest interval end, epoch milliseconds. */
    public long endMillis() {
        return intervals.stream().mapToLong(Histogram::getEndTimeStamp).max().orElseThrow();
    }

    /** The first interval: the settings every other interval of this log shares. */
    public Histogram first() {
        return intervals.get(0);
    }

    private static String stem(Path file) {
        String name = file.getFileName().toString();
        return name.endsWith(".hlog") ? name.substring(0, name.length() - ".hlog".length()) : name;
    }
}
