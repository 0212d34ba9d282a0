package io.httpmodels.harness.process;

import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Samples, from the harness's side, what a server process and the harness itself use over a window: CPU time at
 * the start and end (every thread, and the server's child processes), resident memory and threads at most
 * {@value #MAX_PER_SECOND} times a second in between. It reads /proc only (no agent, nothing in the server), so
 * the server pays nothing for it; without /proc it falls back to {@link ProcessHandle} for CPU time alone.
 *
 * <pre>{@code
 * UsageSampler sampler = UsageSampler.startAt(serverPid, recordStartNanos, Duration.ofMillis(100));
 * ... run the load ...
 * UsageSampler.Usage usage = sampler.stop();
 * }</pre>
 *
 * <p>Thread-safe: {@link #stop()} may be called from any thread, once.
 */
public final class UsageSampler {

    /** The most samples a second; more would cost the machine for no better figure. */
    public static final int MAX_PER_SECOND = 10;

    private final Long serverPid;
    private final long startNanos;
    private final long periodNanos;
    private final Thread thread;
    private final CountDownLatch done = new CountDownLatch(1);
    private final boolean proc = ProcFs.available();
    private volatile boolean stopped;
    private volatile Usage result = Usage.empty();

    // Owned by the sampler thread.
    private long baselineNanos;
    private long serverCpuStart = -1;
    private long clientCpuStart = -1;
    private long rssPeak = -1;
    private long rssSum;
    private int threadsPeak = -1;
    private long threadsSum;
    private int samples;

    private UsageSampler(Long serverPid, long startNanos, Duration period) {
        this.serverPid = serverPid;
        this.startNanos = startNanos;
        this.periodNanos = Math.max(period.toNanos(), TimeUnit.SECONDS.toNanos(1) / MAX_PER_SECOND);
        this.thread = new Thread(this::run, "usage-sampler");
        thread.setDaemon(true);
    }

    /**
     * Starts sampling at {@code startNanos} ({@link System#nanoTime()} terms; now if past).
     *
     * @param serverPid the server's process id, or null to sample the client alone
     * @param period    time between memory samples; never less than a tenth of a second
     */
    public static UsageSampler startAt(Long serverPid, long startNanos, Duration period) {
        UsageSampler sampler = new UsageSampler(serverPid, startNanos, period);
        sampler.thread.start();
        return sampler;
    }

    /** Ends the window now and returns what was used over it; {@link Usage#empty()} if it had not begun. */
    public Usage stop() {
        stopped = true;
        LockSupport.unpark(thread);
        try {
            if (!done.await(5, TimeUnit.SECONDS)) {
                return Usage.empty();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Usage.empty();
        }
        return result;
    }

    private void run() {
        try {
            while (!stopped && System.nanoTime() - startNanos < 0) {
                LockSupport.parkNanos(startNanos - System.nanoTime());
            }
            if (stopped) {
                return;
            }
            baselineNanos = System.nanoTime();
            serverCpuStart = serverCpu();
            clientCpuStart = clientCpu();
            long next = baselineNanos;
            while (!stopped) {
                sampleMemory();
                next += periodNanos;
                long wait = next - System.nanoTime();
                if (wait > 0) {
                    LockSupport.parkNanos(wait);
                }
            }
            sampleMemory();
            long end = System.nanoTime();
            long serverCpuEnd = serverCpu();
            long clientCpuEnd = clientCpu();
            result = new Usage(
                    (end - baselineNanos) / 1e9,
                    serverCpuStart < 0 || serverCpuEnd < 0 ? null : (serverCpuEnd - serverCpuStart) / 1e9,
                    rssPeak,
                    samples == 0 || rssPeak < 0 ? -1 : rssSum / samples,
                    threadsPeak,
                    samples == 0 || threadsPeak < 0 ? -1 : (double) threadsSum / samples,
                    samples,
                    clientCpuStart < 0 || clientCpuEnd < 0 ? 0 : (clientCpuEnd - clientCpuStart) / 1e9,
                    serverPid == null ? "none" : proc ? "/proc" : "ProcessHandle");
        } finally {
            done.countDown();
        }
    }

    private void sampleMemory() {
        if (serverPid == null || !proc) {
            return;
        }
        long rss = 0;
        int threads = 0;
        List<Long> pids = ProcFs.withDescendants(serverPid);
        for (long pid : pids) {
            long r = ProcFs.rssBytes(pid);
            int t = ProcFs.threads(pid);
            if (r < 0 || t < 0) {
                if (pid == serverPid) {
                    return; // the server is gone: no sample
                }
                continue;
            }
            rss += r;
            threads += t;
        }
        samples++;
        rssSum += rss;
        threadsSum += threads;
        rssPeak = Math.max(rssPeak, rss);
        threadsPeak = Math.max(threadsPeak, threads);
    }

    private long serverCpu() {
        if (serverPid == null) {
            return -1;
        }
        if (proc) {
            long total = 0;
            for (long pid : ProcFs.withDescendants(serverPid)) {
                OptionalLong cpu = ProcFs.cpuNanos(pid);
                if (cpu.isEmpty() && pid == serverPid) {
                    return -1;
                }
                total += cpu.orElse(0);
            }
            return total;
        }
        return ProcessHandle.of(serverPid)
                .flatMap(p -> p.info().totalCpuDuration())
                .map(Duration::toNanos)
                .orElse(-1L);
    }

    private static long clientCpu() {
        ProcessHandle self = ProcessHandle.current();
        if (ProcFs.available()) {
            return ProcFs.cpuNanos(self.pid()).orElse(-1);
        }
        return self.info().totalCpuDuration().map(Duration::toNanos).orElse(-1L);
    }

    /**
     * What was used over the window.
     *
     * @param wallSeconds      the window's length
     * @param serverCpuSeconds the server's CPU time, or null when unknown
     * @param rssPeakBytes     largest RSS sampled, -1 when unknown
     * @param rssMeanBytes     mean RSS, -1 when unknown
     * @param threadsPeak      most threads sampled, -1 when unknown
     * @param threadsMean      mean threads, -1 when unknown
     * @param samples          memory samples taken
     * @param clientCpuSeconds the harness process's CPU time
     * @param source           {@code /proc}, {@code ProcessHandle} or {@code none}
     */
    public record Usage(
            double wallSeconds,
            Double serverCpuSeconds,
            long rssPeakBytes,
            long rssMeanBytes,
            int threadsPeak,
            double threadsMean,
            int samples,
            double clientCpuSeconds,
            String source) {

        public static Usage empty() {
            return new Usage(0, null, -1, -1, -1, -1, 0, 0, "none");
        }
    }
}
