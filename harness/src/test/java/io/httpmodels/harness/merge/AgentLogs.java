package io.httpmodels.harness.merge;

import io.httpmodels.load.IntervalLog;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** Writes interval logs as the load client does (its own {@link IntervalLog}), for tests. */
final class AgentLogs {

    private AgentLogs() {}

    /** Writes {@code intervals} (each with its start and end timestamps set) to {@code file}, tagged. */
    static Path write(Path file, String tag, List<Histogram> intervals) throws IOException {
        try (IntervalLog log = new IntervalLog(file, tag)) {
            for (Histogram h : intervals) {
                log.write(h);
            }
        }
        return file;
    }

    /** An interval of {@code count} values of {@code micros} from {@code startMillis}, one second long. */
    static Histogram interval(Histogram empty, long startMillis, long count, long micros) {
        if (count > 0) {
            empty.recordValueWithCount(micros, count);
        }
        empty.setStartTimeStamp(startMillis);
        empty.setEndTimeStamp(startMillis + 1000);
        return empty;
    }
}
