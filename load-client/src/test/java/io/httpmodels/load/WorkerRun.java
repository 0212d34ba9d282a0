package io.httpmodels.load;

import org.HdrHistogram.Histogram;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One {@link Worker} run to its end on the test's thread, on a given clock, and what it left: the worker (its
 * counts and histograms), the run's timeline, and the intervals it handed over.
 */
record WorkerRun(Worker worker, RunState run, NanoClock clock, List<Histogram> intervals) {

    /** Runs a worker of {@code connections} connections to {@code target} until its run ends. */
    static WorkerRun of(
            NanoClock clock, InetSocketAddress target, LoadConfig config, int connections, long quota, double rate) {
        RunState run = new RunState(clock.nanoTime(), 1_000_000, config);
        Worker worker = new Worker(0, clock, config, target, run, connections, quota, rate, config.encodeRequest());
        worker.run();
        return new WorkerRun(worker, run, clock, new ArrayList<>());
    }

    /** The intervals the worker handed over, in order (taken from it on the first call). */
    @Override
    public List<Histogram> intervals() {
        worker.intervals().drainTo(intervals);
        return intervals;
    }

    /** Responses recorded over every interval. */
    long recorded() {
        return intervals().stream().mapToLong(Histogram::getTotalCount).sum();
    }

    /** Every recorded latency, merged. */
    Histogram latencies() {
        Histogram all = LatencyHistograms.create();
        intervals().forEach(all::add);
        return all;
    }

    /** When the worker's loop ended, from the run's start. */
    Duration stoppedAfter() {
        return Duration.ofNanos(worker.stoppedNanos() - run.startNanos);
    }

    /** When the worker began recording, from the run's start. */
    Duration recordingStartedAfter() {
        return Duration.ofNanos(worker.recordingStartedNanos() - run.startNanos);
    }
}
