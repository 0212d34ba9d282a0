package io.httpmodels.load;

import org.HdrHistogram.Histogram;

/**
 * Observes a run while it goes. Called on the thread that called {@link LoadClient#run()}, never on a
 * worker thread, so an implementation may block briefly (write a file) without slowing the load.
 */
public interface LoadListener {

    /**
     * Once, when the run's clock starts: after the background connections are open (at once when there are
     * none), before the first measured connection. Recording starts {@code warmup} later.
     *
     * @param recordStartNanos when recording starts, in {@link System#nanoTime()} terms
     */
    default void onClockStarted(long recordStartNanos) {}

    /** Once per second, and once at the end. */
    default void onProgress(Progress progress) {}

    /**
     * Each recorded interval's latency histogram (microseconds, all workers merged), with start and end
     * timestamps set in epoch milliseconds; the histogram is only valid during the call.
     */
    default void onInterval(Histogram interval) {}
}
