package io.httpmodels.load;

import org.HdrHistogram.Histogram;

import java.util.Collection;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * A worker's per-second latency intervals and their hand-over to the run's thread. The worker records into
 * a plain {@link Histogram} it owns; once per interval it {@linkplain #finish finishes} it (timestamps set,
 * queued for the run's thread) and goes on with a spare one the run's thread gave back after merging. So the
 * hot path is one non-atomic {@code recordValue}; the queues are touched once a second.
 *
 * <p>HdrHistogram's {@code SingleWriterRecorder} would do the hand-over too, at the price of two atomic
 * increments per recorded value, which showed as a visible share of the Java samples in a profile.
 *
 * <p>Thread-safety: one writer and one reader. {@link #record}, {@link #finishIfDue}, {@link #finish}
 * and {@link #endNanos} only on the worker's thread; {@link #drainTo} and {@link #recycle} on the run's thread.
 */
final class IntervalHandoff {

    /** Length of a recorded interval (progress, interval log, per-second throughput). */
    static final long INTERVAL_NANOS = 1_000_000_000L;

    private final RunState run;
    /** The current interval's latencies (microseconds); recorded on the hot path, owned by the worker. */
    private Histogram current = newHistogram();
    /** When the current interval ends (nanoTime). */
    private long endNanos;
    /** Finished intervals, oldest first, for the run's thread. */
    private final ConcurrentLinkedQueue<Histogram> finished = new ConcurrentLinkedQueue<>();
    /** Histograms the run's thread has merged and gives back for reuse. */
    private final ConcurrentLinkedQueue<Histogram> spare = new ConcurrentLinkedQueue<>();

    IntervalHandoff(RunState run) {
        this.run = run;
        this.endNanos = run.recordStartNanos + INTERVAL_NANOS;
    }

    /** A latency histogram as the client keeps them ({@link LatencyHistograms}: the settings every agent shares). */
    static Histogram newHistogram() {
        return LatencyHistograms.create();
    }

    /** Records one latency (microseconds, within the histogram's range) in the current interval. */
    void record(long micros) {
        current.recordValue(micros);
    }

    /** When the current interval ends (nanoTime); the worker wakes for it. */
    long endNanos() {
        return endNanos;
    }

    /** If the current interval has ended by {@code nowNanos}, hands it over and starts the next one. */
    void finishIfDue(long nowNanos) {
        if (nowNanos - endNanos >= 0) {
            finish(endNanos);
            endNanos += INTERVAL_NANOS;
        }
    }

    /** Hands the current interval, ending at endNanos (the last one may be short), over and starts a new one. */
    void finish(long endNanos) {
        Histogram done = current;
        long start = Math.max(run.recordStartNanos, this.endNanos - INTERVAL_NANOS);
        done.setStartTimeStamp(run.epochMillis(start));
        done.setEndTimeStamp(run.epochMillis(endNanos));
        finished.add(done);
        Histogram next = spare.poll();
        if (next == null) {
            next = newHistogram();
        } else {
            next.reset();
        }
        current = next;
    }

    /** Moves the finished intervals, oldest first, into the collection. */
    void drainTo(Collection<Histogram> into) {
        for (Histogram h = finished.poll(); h != null; h = finished.poll()) {
            into.add(h);
        }
    }

    /** Gives back a histogram that {@link #drainTo} handed out, for reuse. */
    void recycle(Histogram histogram) {
        spare.add(histogram);
    }
}
