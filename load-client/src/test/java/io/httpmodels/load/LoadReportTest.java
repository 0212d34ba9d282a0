package io.httpmodels.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

/** The report's values: error counts, latency summaries, status classes, intervals. */
class LoadReportTest {

    @Test
    void errorCountsAreKeptByKindSummedAndAdded() {
        long[] byKind = new long[ErrorKind.values().length];
        for (ErrorKind kind : ErrorKind.values()) {
            byKind[kind.ordinal()] = 1L << kind.ordinal();
        }
        ErrorCounts counts = ErrorCounts.of(byKind);
        assertEquals(new ErrorCounts(1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024), counts);
        for (ErrorKind kind : ErrorKind.values()) {
            assertEquals(1L << kind.ordinal(), counts.get(kind), kind.label());
        }
        assertEquals(2047, counts.total());
        assertEquals(0, ErrorCounts.NONE.total());
        assertEquals(new ErrorCounts(2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048), counts.plus(counts));
        assertEquals(
                new ErrorCounts(101, 202, 304, 408, 516, 632, 764, 928, 256, 512, 1024),
                counts.plus(new ErrorCounts(100, 200, 300, 400, 500, 600, 700, 800)));
        assertEquals(
                "{CONNECT=1, READ=2, CLOSED=4, WRITE=8, TIMEOUT=16, STATUS=32, MALFORMED=64, TLS=128, REFUSED=256, RESET=512,"
                        + " GOAWAY=1024}",
                counts.asMap().toString());
        assertEquals(
                List.of(
                        "connect",
                        "read",
                        "closed",
                        "write",
                        "timeout",
                        "status",
                        "malformed",
                        "tls",
                        "refused",
                        "reset",
                        "goaway"),
                java.util.Arrays.stream(ErrorKind.values())
                        .map(ErrorKind::label)
                        .toList());
    }

    @Test
    void aSummaryHasTheFiguresOfItsHistogramInMicroseconds() {
        Histogram h = new Histogram(3_600_000_000L, 3);
        h.recordValueWithCount(100, 90);
        h.recordValueWithCount(1_000, 9);
        h.recordValue(50_000);
        LatencySummary s = LatencySummary.of("latency", "raw", h);
        assertEquals("latency", s.name());
        assertEquals("raw", s.description());
        assertEquals(100, s.count());
        assertEquals(100, s.minMicros());
        assertEquals(h.getMean(), s.meanMicros());
        assertEquals(h.getStdDeviation(), s.stdDevMicros());
        assertEquals(h.getMaxValue(), s.maxMicros());
        assertEquals(List.of(50.0, 75.0, 90.0, 99.0, 99.9, 99.99, 100.0), LatencySummary.PERCENTILES);
        assertEquals(
                List.of(100L, 100L, 100L, 1_000L, h.getMaxValue(), h.getMaxValue(), h.getMaxValue()),
                s.percentiles().stream()
                        .map(LatencySummary.Percentile::valueMicros)
                        .toList());
        assertEquals(
                LatencySummary.PERCENTILES,
                s.percentiles().stream()
                        .map(LatencySummary.Percentile::percentile)
                        .toList());
        assertEquals(1_000, s.valueAt(99.0));
        assertEquals(100, s.valueAt(50.0));
        assertEquals(
                "not a reported percentile: 95.0",
                assertThrows(IllegalArgumentException.class, () -> s.valueAt(95.0))
                        .getMessage());
    }

    @Test
    void anEmptyHistogramSummarisesToZeros() {
        LatencySummary s = LatencySummary.of("connect", "none", new Histogram(3));
        assertEquals(0, s.count());
        assertEquals(0, s.minMicros());
        assertEquals(0, s.meanMicros());
        assertEquals(0, s.stdDevMicros());
        assertEquals(0, s.maxMicros());
        assertEquals(7, s.percentiles().size());
        assertEquals(0, s.valueAt(100.0));
    }

    @Test
    void nonSuccessCountsStatusesBelow200AndFrom400() {
        LoadReport.Responses responses = new LoadReport.Responses(
                Map.of(0, 1L, 101, 2L, 199, 4L, 200, 8L, 204, 16L, 304, 32L, 399, 64L, 400, 128L, 599, 256L),
                ErrorCounts.NONE);
        assertEquals(1 + 2 + 4 + 128 + 256, responses.non2xx3xx());
    }

    @Test
    void anIntervalsRateIsItsRequestsOverItsLength() {
        assertEquals(642.0, new LoadReport.Interval(1, 0.5, 321).requestsPerSecond());
        assertEquals(0, new LoadReport.Interval(1, 0, 321).requestsPerSecond());
        assertEquals(0, new LoadReport.Interval(1, -1, 321).requestsPerSecond());
    }
}
