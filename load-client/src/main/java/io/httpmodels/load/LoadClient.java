package io.httpmodels.load;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.HdrHistogram.Histogram;

/**
 * Runs one load as configured and returns what it measured.
 *
 * <p>{@link #run()} starts one {@link Worker} thread per configured thread, each with its share of the
 * connections (and of the rate and request count), samples their latency recorders once per second on the
 * calling thread (for progress and interval logs), joins them and merges their results. It returns once
 * the run has ended by itself: after the duration, after exactly the requested number of responses, or at
 * the hard bound ({@link LoadConfig#maxTime()}), whichever comes first.
 *
 * <pre>{@code
 * LoadReport report = new LoadClient(config).run(new LoadListener() {
 *     public void onProgress(Progress p) { System.err.println(p.requests()); }
 * });
 * }</pre>
 *
 * <p>A client runs once at a time; create one per run. Thread-safe only in that {@link #stop()} may be
 * called from any thread.
 */
public final class LoadClient {

    private static final long TICK_NANOS = 1_000_000_000L;

    private final LoadConfig config;
    private volatile RunState current;
    private volatile boolean stopRequested;

    public LoadClient(LoadConfig config) {
        this.config = config;
    }

    /** Runs without a listener. */
    public LoadReport run() {
        return run(new LoadListener() {
        });
    }

    /**
     * Runs the load, calling the listener on this thread once per second.
     *
     * @throws LoadException if the host cannot be resolved or no connection to it ever succeeded
     */
    public LoadReport run(LoadListener listener) {
        InetSocketAddress address = resolve();
        byte[] request = config.encodeRequest();
        int threads = config.threads();

        long startEpochMillis = System.currentTimeMillis();
        RunState run = new RunState(System.nanoTime(), startEpochMillis, config);
        current = run;
        if (stopRequested) {
            run.stop();
        }

        Worker[] workers = new Worker[threads];
        Thread[] workerThreads = new Thread[threads];
        CountDownLatch finished = new CountDownLatch(threads);
        for (int i = 0; i < threads; i++) {
            int share = share(config.connections(), threads, i);
            long quota = config.counted() ? share(config.requests(), threads, i) : -1;
            double rate = config.rate() * share / config.connections();
            workers[i] = new Worker(i, config, address, run, share, quota, rate, request);
            Worker worker = workers[i];
            workerThreads[i] = new Thread(() -> {
                try {
                    worker.run();
                } finally {
                    finished.countDown();
                }
            }, "load-worker-" + i);
            workerThreads[i].setDaemon(true);
        }
        for (Thread t : workerThreads) {
            t.start();
        }

        Histogram total = Worker.newHistogram();
        Histogram interval = Worker.newHistogram();
        Histogram[] recycled = new Histogram[threads];
        List<LoadReport.Interval> intervals = new ArrayList<>();
        long intervalStart = run.recordStartNanos;
        long nextTick = run.startNanos + TICK_NANOS;
        if (run.recordStartNanos > run.startNanos) {
            nextTick = Math.min(nextTick, run.recordStartNanos);
        }
        try {
            while (!finished.await(Math.max(0, nextTick - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                long now = System.nanoTime();
                if (now - run.hardEndNanos >= 0) {
                    run.stop();
                }
                if (now - run.recordStartNanos < 0) {
                    listener.onProgress(new Progress(now - run.recordStartNanos, true, 0, 0, 0, errors(workers)));
                    nextTick = Math.min(now + TICK_NANOS, run.recordStartNanos);
                    continue;
                }
                if (now - intervalStart >= TICK_NANOS / 2) {
                    sample(workers, recycled, interval, run, intervalStart, now);
                    emit(listener, interval, total, intervals, run, intervalStart, now, workers);
                    intervalStart = now;
                }
                nextTick = intervalStart + TICK_NANOS;
            }
            for (Thread t : workerThreads) {
                t.join();
            }
        } catch (InterruptedException e) {
            run.stop();
            Thread.currentThread().interrupt();
            throw new LoadException("interrupted", e);
        }

        // Final partial interval: up to when recording stopped.
        long end = run.recordStartNanos;
        for (Worker w : workers) {
            end = Math.max(end, w.stoppedNanos());
        }
        end = Math.min(end, run.recordEndNanos);
        sample(workers, recycled, interval, run, intervalStart, Math.max(end, intervalStart));
        if (interval.getTotalCount() > 0 || intervals.isEmpty()) {
            emit(listener, interval, total, intervals, run, intervalStart, Math.max(end, intervalStart), workers);
        }
        return report(workers, run, total, intervals, end, Instant.ofEpochMilli(startEpochMillis));
    }

    /** Asks a running (or about to run) load to stop soon; the report covers what was recorded. */
    public void stop() {
        stopRequested = true;
        RunState run = current;
        if (run != null) {
            run.stop();
        }
    }

    private InetSocketAddress resolve() {
        try {
            return new InetSocketAddress(InetAddress.getByName(config.uri().getHost()), config.port());
        } catch (UnknownHostException e) {
            throw new LoadException("cannot resolve host " + config.uri().getHost(), e);
        }
    }

    /** The i-th of n near-equal shares of total. */
    private static int share(int total, int n, int i) {
        return total / n + (i < total % n ? 1 : 0);
    }

    private static long share(long total, int n, int i) {
        return total / n + (i < total % n ? 1 : 0);
    }

    private static void sample(Worker[] workers, Histogram[] recycled, Histogram into, RunState run,
                               long fromNanos, long toNanos) {
        into.reset();
        for (int i = 0; i < workers.length; i++) {
            recycled[i] = workers[i].recorder().getIntervalHistogram(recycled[i]);
            into.add(recycled[i]);
        }
        into.setStartTimeStamp(run.startEpochMillis + (fromNanos - run.startNanos) / 1_000_000);
        into.setEndTimeStamp(run.startEpochMillis + (toNanos - run.startNanos) / 1_000_000);
    }

    private static void emit(LoadListener listener, Histogram interval, Histogram total,
                             List<LoadReport.Interval> intervals, RunState run, long fromNanos, long toNanos,
                             Worker[] workers) {
        total.add(interval);
        intervals.add(new LoadReport.Interval((fromNanos - run.recordStartNanos) / 1e9,
                (toNanos - fromNanos) / 1e9, interval.getTotalCount()));
        listener.onInterval(interval);
        listener.onProgress(new Progress(toNanos - run.recordStartNanos, false, total.getTotalCount(),
                interval.getTotalCount(), toNanos - fromNanos, errors(workers)));
    }

    private static long errors(Worker[] workers) {
        long sum = 0;
        for (Worker w : workers) {
            sum += w.publishedErrors();
        }
        return sum;
    }

    private LoadReport report(Worker[] workers, RunState run, Histogram total,
                              List<LoadReport.Interval> intervals, long endNanos, Instant startedAt) {
        long connects = 0;
        long requests = 0;
        long bytes = 0;
        ErrorCounts errors = ErrorCounts.NONE;
        long[] statuses = new long[ResponseParser.STATUS_CODES];
        Histogram uncorrected = config.rateMode() ? Worker.newHistogram() : null;
        Histogram connect = config.keepAlive() ? null : Worker.newHistogram();
        Histogram waiting = config.keepAlive() ? null : Worker.newHistogram();
        Histogram totalTimes = config.keepAlive() ? null : Worker.newHistogram();
        for (Worker w : workers) {
            connects += w.connectsSucceeded();
            requests += w.completed();
            bytes += w.bytesRead();
            errors = errors.plus(w.errors());
            long[] s = w.statusCounts();
            for (int i = 0; i < s.length; i++) {
                statuses[i] += s[i];
            }
            if (uncorrected != null) {
                uncorrected.add(w.uncorrected());
            }
            if (connect != null) {
                connect.add(w.connectTimes());
                waiting.add(w.waitTimes());
                totalTimes.add(w.totalTimes());
            }
        }
        String abortReason = run.abortReason();
        if (connects == 0) {
            throw new LoadException(abortReason != null ? abortReason
                    : "no connection to " + config.uri().getHost() + ":" + config.port() + " succeeded");
        }
        if (abortReason == null && config.counted() && requests < config.requests()) {
            abortReason = stopRequested ? "stopped" : "hard time bound of " + config.maxTime() + " reached after "
                    + requests + " of " + config.requests() + " responses";
        } else if (abortReason == null && stopRequested) {
            abortReason = "stopped";
        }
        Map<Integer, Long> statusCounts = new TreeMap<>();
        for (int i = 0; i < statuses.length; i++) {
            if (statuses[i] > 0) {
                statusCounts.put(i, statuses[i]);
            }
        }
        double seconds = Math.max(0, endNanos - run.recordStartNanos) / 1e9;
        String pipelined = config.pipeline() > 1 ? ", each request of a pipelined batch timed to its own response"
                : "";
        LatencySummary latency;
        LatencySummary corrected = null;
        LatencySummary uncorrectedSummary = null;
        if (config.rateMode()) {
            latency = LatencySummary.of("latency", "from when each request was meant to be sent (constant rate "
                    + config.rate() + "/s, open loop) to the last byte of its response" + pipelined, total);
            uncorrectedSummary = LatencySummary.of("uncorrected", "service time: from the actual write of each "
                    + "request to the last byte of its response, ignoring the schedule; hides stalls", uncorrected);
        } else {
            latency = LatencySummary.of("latency", "raw: from the write of each request to the last byte of its "
                    + "response, one sample per request" + pipelined, total);
            if (requests > 0 && seconds > 0) {
                // As wrk: the mean interval between requests on one in-flight slot.
                long expectedMicros = Math.max(1, (long) (seconds * 1e6 * config.connections() * config.pipeline()
                        / requests));
                corrected = LatencySummary.of("corrected", "wrk-style: raw latencies plus synthetic samples "
                        + "(recordValueWithExpectedInterval, expected interval " + expectedMicros
                        + " us = mean per in-flight request); an estimate, not a measurement",
                        total.copyCorrectedForCoordinatedOmission(expectedMicros));
            }
        }
        return new LoadReport(LoadReport.SCHEMA_VERSION, config, startedAt, seconds, requests, bytes,
                seconds > 0 ? requests / seconds : 0, seconds > 0 ? bytes / seconds : 0,
                latency, corrected, uncorrectedSummary,
                connect == null ? null : LatencySummary.of("connect", "TCP connect, from connect() to established",
                        connect),
                waiting == null ? null : LatencySummary.of("waiting", "from the write of the request to the first "
                        + "byte of the response", waiting),
                totalTimes == null ? null : LatencySummary.of("total", "from connect() to the last byte of the "
                        + "response", totalTimes),
                statusCounts, errors, intervals, connects, abortReason, total);
    }
}
