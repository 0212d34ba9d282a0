package io.httpmodels.load;

import org.HdrHistogram.Histogram;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;

/**
 * Runs one load as configured and returns what it measured.
 *
 * <p>{@link #run()} starts one {@link Worker} thread per configured thread, each with its share of the
 * connections (and of the rate and request count), merges the latency intervals they hand over once per
 * second on the calling thread (for progress and interval logs), joins them and merges their results. It returns once
 * the run has ended by itself: after the duration, after exactly the requested number of responses, or at
 * the hard bound ({@link LoadConfig.Timeline#maxTime()}), whichever comes first. With idle or slow connections
 * configured, {@link BackgroundConnections} opens them first (within {@link LoadConfig#openingBound()}), holds
 * them on its own thread while the workers measure, and closes them after; the run's clock starts once they are
 * open ({@link LoadListener#onClockStarted(long)}).
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

    private static final long TICK_NANOS = IntervalHandoff.INTERVAL_NANOS;
    /** How long after an interval boundary the run's thread looks for the workers' finished intervals. */
    private static final long GRACE_NANOS = 20_000_000L;

    private final LoadConfig config;
    private final NanoClock clock;
    private volatile RunState current;
    private volatile boolean stopRequested;
    private final CountDownLatch stopSignal = new CountDownLatch(1);

    /**
     * A client for this load.
     *
     * @throws IllegalArgumentException when the load is more than this machine and JVM can hold
     *                                  ({@link MachineLimits#check})
     */
    public LoadClient(LoadConfig config) {
        this(config, NanoClock.SYSTEM);
        MachineLimits.check(config);
    }

    /** A client whose run and workers read (and wait on) the given clock: a test's, to run at chosen instants. */
    LoadClient(LoadConfig config, NanoClock clock) {
        this.config = config;
        this.clock = clock;
    }

    /** Runs without a listener. */
    public LoadReport run() {
        return run(new LoadListener() {});
    }

    /**
     * Runs the load, calling the listener on this thread once per second.
     *
     * @throws LoadException if the host cannot be resolved or no connection to it ever succeeded
     */
    public LoadReport run(LoadListener listener) {
        InetSocketAddress address = resolve();
        byte[] request = config.encodeRequest();
        int threads = config.connections().threads();

        // Background connections open first, so the measured load meets a server already holding them.
        BackgroundConnections background = null;
        boolean openedBeforeStart = true;
        if (config.hasBackground()) {
            background = new BackgroundConnections(config, address, request);
            background.start();
            openedBeforeStart = background.awaitOpened(
                    System.nanoTime() + config.openingBound().toNanos(), () -> stopRequested);
        }
        LoadReport report;
        BackgroundReport held = null;
        try {
            report = measure(listener, address, request, threads);
        } finally {
            if (background != null) {
                held = background.stop(openedBeforeStart);
            }
        }
        return held == null ? report : report.withBackground(held);
    }

    private LoadReport measure(LoadListener listener, InetSocketAddress address, byte[] request, int threads) {
        if (config.timeline().startAt() != null && config.timeline().warmup().toNanos() > 0) {
            // Agent mode: idle until the warm-up before the start time, not loading the server meanwhile.
            awaitInstant(config.timeline().startAt().minus(config.timeline().warmup()));
        }
        long startNanos = clock.nanoTime();
        Instant startInstant = clock.instant();
        long startEpochMillis = startInstant.toEpochMilli();
        RunState run;
        long targetNanos = 0;
        if (config.timeline().startAt() == null) {
            run = new RunState(startNanos, startEpochMillis, config);
        } else {
            targetNanos = startNanos
                    + Duration.between(startInstant, config.timeline().startAt())
                            .toNanos();
            long lateNanos = startNanos - targetNanos;
            if (lateNanos > LoadConfig.START_TOLERANCE.toNanos()) {
                throw new LoadException(String.format(
                        Locale.ROOT,
                        "missed the start time %s by %.1f ms (an agent must start within %d ms of it)",
                        config.timeline().startAt(),
                        lateNanos / 1e6,
                        LoadConfig.START_TOLERANCE.toMillis()));
            }
            run = new RunState(startNanos, startEpochMillis, Math.max(targetNanos, startNanos), config);
        }
        current = run;
        if (stopRequested) {
            run.stop();
        }
        listener.onClockStarted(run.recordStartNanos);

        Worker[] workers = new Worker[threads];
        Thread[] workerThreads = new Thread[threads];
        CountDownLatch finished = new CountDownLatch(threads);
        for (int i = 0; i < threads; i++) {
            int share = share(config.connections().count(), threads, i);
            long quota = config.counted() ? share(config.timeline().requests(), threads, i) : -1;
            double rate = config.pacing().rate() * share / config.connections().count();
            workers[i] = new Worker(i, clock, config, address, run, share, quota, rate, request);
            Worker worker = workers[i];
            workerThreads[i] = clock.newThread(
                    () -> {
                        try {
                            worker.run();
                        } finally {
                            finished.countDown();
                        }
                    },
                    "load-worker-" + i);
            workerThreads[i].setDaemon(true);
        }
        for (Thread t : workerThreads) {
            t.start();
        }

        Histogram total = Worker.newHistogram();
        Histogram merged = Worker.newHistogram();
        List<ArrayDeque<Histogram>> pending = new ArrayList<>(threads);
        for (int i = 0; i < threads; i++) {
            pending.add(new ArrayDeque<>());
        }
        List<LoadReport.Interval> intervals = new ArrayList<>();
        long nextWake = Math.min(run.startNanos + TICK_NANOS, run.recordStartNanos + GRACE_NANOS);
        try {
            while (!clock.await(finished, nextWake - clock.nanoTime())) {
                long now = clock.nanoTime();
                if (now - run.hardEndNanos >= 0) {
                    run.stop();
                }
                if (now - run.recordStartNanos < 0) {
                    listener.onProgress(new Progress(now - run.recordStartNanos, true, 0, 0, 0, errors(workers)));
                    nextWake = Math.min(now + TICK_NANOS, run.recordStartNanos + GRACE_NANOS);
                    continue;
                }
                collect(workers, pending, merged, total, intervals, listener, run);
                // Wake just after the workers' next interval boundary.
                long sinceRecord = now - run.recordStartNanos;
                nextWake = run.recordStartNanos + (sinceRecord / TICK_NANOS + 1) * TICK_NANOS + GRACE_NANOS;
            }
            for (Thread t : workerThreads) {
                t.join();
            }
        } catch (InterruptedException e) {
            run.stop();
            Thread.currentThread().interrupt();
            throw new LoadException("interrupted", e);
        }
        collect(workers, pending, merged, total, intervals, listener, run);

        long end = run.recordStartNanos;
        for (Worker w : workers) {
            end = Math.max(end, w.stoppedNanos());
        }
        end = Math.min(end, run.recordEndNanos);
        LoadReport.Start start = null;
        if (config.timeline().startAt() != null) {
            long began = 0;
            for (Worker w : workers) {
                long b = w.recordingStartedNanos();
                if (b != 0 && (began == 0 || b - began > 0)) {
                    began = b;
                }
            }
            start = new LoadReport.Start(config.timeline().startAt(), began == 0 ? null : (began - targetNanos) / 1e6);
        }
        return report(workers, run, total, intervals, end, Instant.ofEpochMilli(startEpochMillis), start);
    }

    /** Waits until the wall clock reaches {@code instant}, or until {@link #stop()}. */
    private void awaitInstant(Instant instant) {
        try {
            while (!stopRequested) {
                long nanos = Duration.between(clock.instant(), instant).toNanos();
                if (nanos <= 0 || clock.await(stopSignal, nanos)) {
                    return;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LoadException("interrupted", e);
        }
    }

    /** Asks a running (or about to run) load to stop soon; the report covers what was recorded. */
    public void stop() {
        stopRequested = true;
        stopSignal.countDown();
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

    /**
     * Takes the intervals the workers have finished and emits, in order, each one that every worker has
     * delivered (a stopped worker with nothing left counts as delivered): merged, added to the total,
     * listed, and given to the listener.
     */
    private static void collect(
            Worker[] workers,
            List<ArrayDeque<Histogram>> pending,
            Histogram merged,
            Histogram total,
            List<LoadReport.Interval> intervals,
            LoadListener listener,
            RunState run) {
        boolean[] exhausted = new boolean[workers.length];
        for (int i = 0; i < workers.length; i++) {
            // Read the stop flag before draining: a stopped worker has queued its last interval already.
            boolean stopped = workers[i].stoppedNanos() != 0;
            workers[i].intervals().drainTo(pending.get(i));
            exhausted[i] = stopped;
        }
        while (true) {
            boolean any = false;
            for (int i = 0; i < workers.length; i++) {
                if (pending.get(i).isEmpty() && !exhausted[i]) {
                    return;
                }
                any |= !pending.get(i).isEmpty();
            }
            if (!any) {
                return;
            }
            merged.reset();
            long start = Long.MAX_VALUE;
            long end = Long.MIN_VALUE;
            for (int i = 0; i < workers.length; i++) {
                Histogram h = pending.get(i).poll();
                if (h != null) {
                    merged.add(h);
                    start = Math.min(start, h.getStartTimeStamp());
                    end = Math.max(end, h.getEndTimeStamp());
                    workers[i].intervals().recycle(h);
                }
            }
            merged.setStartTimeStamp(start);
            merged.setEndTimeStamp(end);
            total.add(merged);
            long recordStartMillis = run.epochMillis(run.recordStartNanos);
            intervals.add(new LoadReport.Interval(
                    (start - recordStartMillis) / 1e3, (end - start) / 1e3, merged.getTotalCount()));
            listener.onInterval(merged);
            listener.onProgress(new Progress(
                    (end - recordStartMillis) * 1_000_000L,
                    false,
                    total.getTotalCount(),
                    merged.getTotalCount(),
                    (end - start) * 1_000_000L,
                    errors(workers)));
        }
    }

    private static long errors(Worker[] workers) {
        long sum = 0;
        for (Worker w : workers) {
            sum += w.publishedErrors();
        }
        return sum;
    }

    private LoadReport report(
            Worker[] workers,
            RunState run,
            Histogram total,
            List<LoadReport.Interval> intervals,
            long endNanos,
            Instant startedAt,
            LoadReport.Start start) {
        long connects = 0;
        int served = 0;
        long requests = 0;
        long bytes = 0;
        ErrorCounts errors = ErrorCounts.NONE;
        long[] statuses = new long[ResponseParser.STATUS_CODES];
        long[] resetCodes = new long[H2ErrorCode.SLOTS];
        Histogram uncorrected = config.rateMode() ? Worker.newHistogram() : null;
        Histogram connect = config.connections().keepAlive() ? null : Worker.newHistogram();
        Histogram waiting = config.connections().keepAlive() ? null : Worker.newHistogram();
        Histogram totalTimes = config.connections().keepAlive() ? null : Worker.newHistogram();
        Histogram handshakeTimes = config.tls() == null ? null : Worker.newHistogram();
        long handshakes = 0;
        long resumed = 0;
        TlsVersion negotiated = null;
        for (Worker w : workers) {
            connects += w.connectsSucceeded();
            served += w.slotsServed();
            requests += w.completed();
            bytes += w.bytesRead();
            errors = errors.plus(w.errors());
            long[] s = w.statusCounts();
            for (int i = 0; i < s.length; i++) {
                statuses[i] += s[i];
            }
            long[] r = w.resetCodes();
            for (int i = 0; i < r.length; i++) {
                resetCodes[i] += r[i];
            }
            if (uncorrected != null) {
                uncorrected.add(w.uncorrected());
            }
            if (connect != null) {
                connect.add(w.connectTimes());
                waiting.add(w.waitTimes());
                totalTimes.add(w.totalTimes());
            }
            if (handshakeTimes != null) {
                handshakeTimes.add(w.handshakeTimes());
                handshakes += w.handshakes();
                resumed += w.resumedHandshakes();
                negotiated = negotiated != null ? negotiated : w.negotiatedTls();
            }
        }
        String abortReason = run.abortReason();
        if (connects == 0) {
            throw new LoadException(
                    abortReason != null
                            ? abortReason
                            : "no connection to " + config.uri().getHost() + ":" + config.port() + " succeeded");
        }
        if (abortReason == null
                && config.counted()
                && requests < config.timeline().requests()) {
            abortReason = stopRequested
                    ? "stopped"
                    : "hard time bound of " + config.timeline().maxTime() + " reached after " + requests + " of "
                            + config.timeline().requests() + " responses";
        } else if (abortReason == null && stopRequested) {
            abortReason = "stopped";
        }
        Map<Integer, Long> statusCounts = new TreeMap<>();
        for (int i = 0; i < statuses.length; i++) {
            if (statuses[i] > 0) {
                statusCounts.put(i, statuses[i]);
            }
        }
        Map<String, Long> resets = new TreeMap<>();
        for (int i = 0; i < resetCodes.length; i++) {
            if (resetCodes[i] > 0) {
                resets.put(H2ErrorCode.name(i), resetCodes[i]);
            }
        }
        double seconds = Math.max(0, endNanos - run.recordStartNanos) / 1e9;
        LatencySummary latency = LatencySummary.of("latency", ReportText.latencyDescription(config), total);
        LatencySummary corrected = null;
        LatencySummary uncorrectedSummary = null;
        if (config.rateMode()) {
            uncorrectedSummary = LatencySummary.of("uncorrected", ReportText.UNCORRECTED_DESCRIPTION, uncorrected);
        } else if (requests > 0 && seconds > 0) {
            // As wrk: the mean interval between one connection's requests (its batches, when pipelining; one
            // stream's, over HTTP/2).
            long expectedMicros = Math.max(1, (long) (seconds
                    * 1e6
                    * config.connections().count()
                    * config.connections().pipeline()
                    * config.protocol().streams()
                    / requests));
            corrected = LatencySummary.of(
                    "corrected",
                    ReportText.correctedDescription(expectedMicros),
                    total.copyCorrectedForCoordinatedOmission(expectedMicros));
        }
        return LoadReport.builder(config)
                .startedAt(startedAt)
                .recorded(seconds, requests, bytes)
                .latency(latency)
                .corrected(corrected)
                .uncorrected(uncorrectedSummary)
                .connect(connect == null ? null : LatencySummary.of("connect", ReportText.CONNECT_DESCRIPTION, connect))
                .waiting(waiting == null ? null : LatencySummary.of("waiting", ReportText.WAITING_DESCRIPTION, waiting))
                .total(totalTimes == null ? null : LatencySummary.of("total", ReportText.TOTAL_DESCRIPTION, totalTimes))
                .statusCounts(statusCounts)
                .errors(errors)
                .resets(resets)
                .intervals(intervals)
                .connections(connects, served)
                .abortReason(abortReason)
                .histogram(total)
                .start(start)
                .tls(
                        handshakeTimes == null
                                ? null
                                : new LoadReport.Tls(
                                        negotiated,
                                        handshakes,
                                        resumed,
                                        handshakes == 0
                                                ? null
                                                : LatencySummary.of(
                                                        "handshake", ReportText.HANDSHAKE_DESCRIPTION, handshakeTimes)))
                .build();
    }
}
