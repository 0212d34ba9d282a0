package io.httpmodels.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The interval log without a run: tags, timestamps and counts read back, and the log appearing whole or not at all. */
class IntervalLogTest {

    private static Histogram interval(long startMillis, long count) {
        Histogram h = LatencyHistograms.create();
        h.recordValueWithCount(250, count);
        h.setStartTimeStamp(startMillis);
        h.setEndTimeStamp(startMillis + 1000);
        h.setTag("the-caller's");
        return h;
    }

    private static List<String> files(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void eachIntervalIsReadBackTaggedWithItsTimesAndCountsAndTheCallersTagIsLeftAlone(@TempDir Path dir)
            throws IOException {
        Path path = dir.resolve("a.hlog");
        long start = 1_767_225_600_000L;
        Histogram first = interval(start, 7);
        try (IntervalLog log = new IntervalLog(path, "agent-1")) {
            log.write(first);
            log.write(interval(start + 1000, 5));
            assertTrue(Files.notExists(path), "the log appears only when closed");
        }
        assertEquals("the-caller's", first.getTag());
        assertEquals(List.of("a.hlog"), files(dir), "no temporary file is left");
        String text = Files.readString(path);
        assertTrue(text.startsWith("#httpmodels load-client: latency in microseconds"), text);
        // Interval start times are written relative to the log's base time, the first interval's start.
        assertTrue(text.contains("Tag=agent-1,0.000,1.000,"), text);
        assertTrue(text.contains("Tag=agent-1,1.000,1.000,"), text);
        HistogramLogReader reader = new HistogramLogReader(path.toFile());
        List<long[]> read = new ArrayList<>();
        for (Histogram h = (Histogram) reader.nextIntervalHistogram();
                h != null;
                h = (Histogram) reader.nextIntervalHistogram()) {
            assertEquals("agent-1", h.getTag());
            read.add(new long[] {h.getStartTimeStamp(), h.getTotalCount()});
        }
        assertEquals(2, read.size());
        assertEquals(start, read.get(0)[0]);
        assertEquals(7, read.get(0)[1]);
        assertEquals(start + 1000, read.get(1)[0]);
        assertEquals(5, read.get(1)[1]);
    }

    @Test
    void withoutATagTheIntervalsCarryNone(@TempDir Path dir) throws IOException {
        Path path = dir.resolve("b.hlog");
        try (IntervalLog log = new IntervalLog(path, null)) {
            log.write(interval(1_767_225_600_000L, 3));
        }
        Histogram h = (Histogram) new HistogramLogReader(path.toFile()).nextIntervalHistogram();
        assertNull(h.getTag());
        assertEquals(3, h.getTotalCount());
    }

    @Test
    void anAbortedLogLeavesNothingAndAClosedOneStaysAsItWas(@TempDir Path dir) throws IOException {
        Path path = dir.resolve("c.hlog");
        IntervalLog aborted = new IntervalLog(path, "t");
        aborted.write(interval(1_767_225_600_000L, 1));
        aborted.abort();
        aborted.close();
        assertEquals(List.of(), files(dir));

        IntervalLog closed = new IntervalLog(path, "t");
        closed.write(interval(1_767_225_600_000L, 1));
        closed.close();
        String written = Files.readString(path);
        closed.abort();
        closed.close();
        assertEquals(written, Files.readString(path));
        assertEquals(List.of("c.hlog"), files(dir));
    }
}
