package io.httpmodels.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** The hand-over of a worker's per-second intervals, driven with a fixed clock. */
class IntervalHandoffTest {

    private static final long SECOND = IntervalHandoff.INTERVAL_NANOS;
    private static final long START_NANOS = 1_000_000_000_000L;
    private static final long START_MILLIS = 1_700_000_000_000L;

    /** A run started at START_NANOS (epoch START_MILLIS) that records after a 2 s warm-up. */
    private final RunState run = new RunState(
            START_NANOS,
            START_MILLIS,
            LoadConfig.builder("http://127.0.0.1:1/")
                    .warmup(Duration.ofSeconds(2))
                    .duration(Duration.ofSeconds(10))
                    .build());

    @Test
    void eachSecondIsHandedOverWithItsTimestampsAndNothingBeforeItsEnd() {
        IntervalHandoff handoff = new IntervalHandoff(run);
        long recordStart = START_NANOS + 2 * SECOND;
        assertEquals(recordStart + SECOND, handoff.endNanos());
        handoff.record(10);
        handoff.record(20);
        handoff.finishIfDue(recordStart + SECOND - 1);
        List<Histogram> out = new ArrayList<>();
        handoff.drainTo(out);
        assertEquals(List.of(), out, "an interval is not handed over before it ends");

        handoff.finishIfDue(recordStart + SECOND);
        assertEquals(recordStart + 2 * SECOND, handoff.endNanos());
        handoff.record(30);
        // The run ends 250 ms into the second interval: the last one is short.
        handoff.finish(recordStart + SECOND + 250_000_000L);
        handoff.drainTo(out);
        assertEquals(2, out.size());
        Histogram first = out.get(0);
        assertEquals(2, first.getTotalCount());
        assertEquals(20, first.getMaxValue());
        assertEquals(START_MILLIS + 2_000, first.getStartTimeStamp());
        assertEquals(START_MILLIS + 3_000, first.getEndTimeStamp());
        Histogram second = out.get(1);
        assertEquals(1, second.getTotalCount());
        assertEquals(START_MILLIS + 3_000, second.getStartTimeStamp());
        assertEquals(START_MILLIS + 3_250, second.getEndTimeStamp());
        out.clear();
        handoff.drainTo(out);
        assertEquals(List.of(), out, "each interval is handed over once");
    }

    @Test
    void aRecycledHistogramIsReusedEmpty() {
        IntervalHandoff handoff = new IntervalHandoff(run);
        handoff.record(5);
        handoff.finishIfDue(handoff.endNanos());
        List<Histogram> out = new ArrayList<>();
        handoff.drainTo(out);
        Histogram given = out.get(0);
        handoff.recycle(given);
        // The spare becomes the current interval, reset, on the next finish.
        handoff.finishIfDue(handoff.endNanos());
        handoff.record(7);
        handoff.finishIfDue(handoff.endNanos());
        out.clear();
        handoff.drainTo(out);
        assertEquals(2, out.size());
        assertEquals(0, out.get(0).getTotalCount());
        assertSame(given, out.get(1));
        assertEquals(1, given.getTotalCount());
        assertEquals(7, given.getMaxValue());
        assertTrue(given.getStartTimeStamp() < given.getEndTimeStamp());
    }
}
