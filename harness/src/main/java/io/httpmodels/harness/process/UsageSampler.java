package io.httpmodels.harness.process;

import io.httpmodels.harness.control.ControlProtocol;
import io.httpmodels.harness.control.ControlReply;
import io.httpmodels.harness.control.JvmStats;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Samples, from the harness's side, what a server process and the harness itself use over a window: CPU time at
 * the start and end (every thread, and the server's child processes), resident memory and threads at most
 * {@value #MAX_PER_SECOND} times a second in between. It reads /proc only (no agent, nothing in the server), so
 * the server pays nothing for it; without /proc it falls back to {@link ProcessHandle} for CPU time alone. With
 * {@link WindowEdges} it also reads, at the window's start and end only, the server's threads one by one, its
 * JVM's counters over its control channel, and has the server profile the window into a flame graph.
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
    private final WindowEdges edges;
    private final long startNanos;
    private final long periodNanos;
    private final Thread thread;
    private final CountDownLatch done = new CountDownLatch(1);
    private final CountDownLatch begun = new CountDownLatch(1);
    private final boolean proc = ProcFs.available();
    private volatile boolean stopped;
    private volatile Usage result = Usage.empty();

    // Owned by the sampler thread.
    private long baselineNanos;
    /** The server's CPU at the start edge: a {@link CpuClock} where /proc is readable, else nanoseconds. */
    private CpuClock serverClockStart;
    /** The database's CPU at the start edge, when {@link WindowEdges#databasePid()} is set. */
    private CpuClock databaseClockStart;

    private long serverCpuStart = -1;
    private long clientCpuStart = -1;
    private long rssPeak = -1;
    private long rssSum;
    private int threadsPeak = -1;
    private long threadsSum;
    private int samples;
    private ProcessSnapshot threadsStart;
    private JvmStats jvmStart;
    private String profiling;
    private String profileNote;

    private UsageSampler(Long serverPid, WindowEdges edges, long startNanos, Duration period) {
        this.serverPid = serverPid;
        this.edges = edges;
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
        return startAt(serverPid, WindowEdges.NONE, startNanos, period);
    }

    /**
     * Starts sampling at {@code startNanos}, reading also what {@code edges} asks at the window's start and end.
     *
     * @param serverPid the server's process id, or null to sample the client alone
     * @param period    time between memory samples; never less than a tenth of a second
     */
    public static UsageSampler startAt(Long serverPid, WindowEdges edges, long startNanos, Duration period) {
        UsageSampler sampler = new UsageSampler(serverPid, edges, startNanos, period);
        sampler.thread.start();
        return sampler;
    }

    /** Ends the window now and returns what was used over it; {@link Usage#empty()} if it had not begun. */
    public Usage stop() {
        stopped = true;
        LockSupport.unpark(thread);
        try {
            if (!done.await(WindowEdges.FLAME_GRAPH_TIMEOUT.plusSeconds(10).toSeconds(), TimeUnit.SECONDS)) {
                return Usage.empty();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Usage.empty();
        }
        return result;
    }

    /**
     * Waits until the window's start has been read (its CPU baseline, and what {@link WindowEdges} asks): what the
     * server does after this returns is inside the window.
     *
     * @return false when it did not begin within {@code timeout} (or was stopped first)
     */
    public boolean awaitStart(Duration timeout) throws InterruptedException {
        return begun.await(timeout.toNanos(), TimeUnit.NANOSECONDS) && !stopped;
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
            if (serverPid != null && proc) {
                serverClockStart = CpuClock.read(ProcFs.withDescendants(serverPid));
            } else {
                serverCpuStart = serverCpu();
            }
            if (edges.databasePid() != null && proc) {
                databaseClockStart = CpuClock.read(ProcFs.withDescendants(edges.databasePid()));
            }
            clientCpuStart = clientCpu();
            readStartEdge();
            begun.countDown();
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
            long serverCpuUsed = serverClockStart != null
                    ? CpuClock.read(ProcFs.withDescendants(serverPid)).nanosSince(serverClockStart)
                    : serverCpuStart < 0 ? -1 : serverCpu() - serverCpuStart;
            long databaseCpuUsed = databaseClockStart == null
                    ? -1
                    : CpuClock.read(ProcFs.withDescendants(edges.databasePid())).nanosSince(databaseClockStart);
            long clientCpuEnd = clientCpu();
            ProcessActivity activity = threadsStart == null
                    ? null
                    : ProcessActivity.between(threadsStart, ProcessSnapshot.read(serverPid));
            JvmStats jvmEnd = jvmStart == null ? null : stats();
            String flameGraphEvent = profiling == null ? null : stopProfiler();
            result = new Usage(
                    (end - baselineNanos) / 1e9,
                    new ServerSamples(
                            serverCpuUsed < 0 ? null : serverCpuUsed / 1e9,
                            rssPeak,
                            samples == 0 || rssPeak < 0 ? -1 : rssSum / samples,
                            threadsPeak,
                            samples == 0 || threadsPeak < 0 ? -1 : (double) threadsSum / samples,
                            samples,
                            serverPid == null ? "none" : proc ? "/proc" : "ProcessHandle"),
                    clientCpuStart < 0 || clientCpuEnd < 0 ? 0 : (clientCpuEnd - clientCpuStart) / 1e9,
                    activity,
                    new JvmEdges(jvmEnd == null ? null : jvmStart, jvmEnd, jvmNote(jvmEnd)),
                    new Profile(flameGraphEvent, profileNote),
                    databaseCpuUsed < 0 ? null : databaseCpuUsed / 1e9);
        } finally {
            done.countDown();
        }
    }

    private void readStartEdge() {
        if (serverPid != null && proc && edges.threads()) {
            threadsStart = ProcessSnapshot.read(serverPid);
        }
        if (edges.jvmStats() && edges.control() != null) {
            jvmStart = stats();
        }
        if (edges.profileEvent() != null) {
            Optional<ControlReply> reply = edges.control()
                    .request(ControlProtocol.PROFILER_START, edges.profileEvent(), WindowEdges.ANSWER_TIMEOUT);
            if (reply.isEmpty()) {
                profileNote = "the server's JVM did not answer the profiler's start";
            } else if (reply.get().error()) {
                profileNote = reply.get().message();
            } else {
                profiling = reply.get().event();
            }
        }
    }

    private JvmStats stats() {
        return edges.control().stats(WindowEdges.ANSWER_TIMEOUT).orElse(null);
    }

    private String stopProfiler() {
        Optional<ControlReply> reply = edges.control()
                .request(
                        ControlProtocol.PROFILER_STOP,
                        edges.flameGraph().toAbsolutePath().toString(),
                        WindowEdges.FLAME_GRAPH_TIMEOUT);
        if (reply.isEmpty()) {
            profileNote = "the server's JVM did not write its flame graph within "
                    + WindowEdges.FLAME_GRAPH_TIMEOUT.toSeconds() + " s";
            return null;
        }
        if (reply.get().error()) {
            profileNote = reply.get().message();
            return null;
        }
        return reply.get().event();
    }

    private String jvmNote(JvmStats end) {
        if (!edges.jvmStats()) {
            return "not asked for";
        }
        if (edges.control() == null) {
            return "not a JVM of this project's (no control channel)";
        }
        if (jvmStart == null || end == null) {
            return "the server's JVM did not answer on its control channel (an older build, or too busy)";
        }
        return null;
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

    /** The server's CPU time without /proc (its descendants not counted), nanoseconds, or -1. */
    private long serverCpu() {
        if (serverPid == null) {
            return -1;
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
     * @param server           what the server used, sampled from outside it
     * @param clientCpuSeconds the harness process's CPU time
     * @param activity         what the server's threads did, from /proc ({@link WindowEdges#threads()}); null when
     *                         not read
     * @param jvm              what the server's JVM said of itself at the window's edges
     * @param profile            the window's flame graph, when one was asked for
     * @param databaseCpuSeconds the database's CPU time ({@link WindowEdges#databasePid()}), or null when not read
     */
    public record Usage(
            double wallSeconds,
            ServerSamples server,
            double clientCpuSeconds,
            ProcessActivity activity,
            JvmEdges jvm,
            Profile profile,
            Double databaseCpuSeconds) {

        public static Usage empty() {
            return new Usage(0, ServerSamples.NONE, 0, null, JvmEdges.NONE, Profile.NONE, null);
        }
    }

    /**
     * What the server used over the window, sampled from outside it.
     *
     * @param cpuSeconds   the server's CPU time, or null when unknown
     * @param rssPeakBytes largest RSS sampled, -1 when unknown
     * @param rssMeanBytes mean RSS, -1 when unknown
     * @param threadsPeak  most threads sampled, -1 when unknown
     * @param threadsMean  mean threads, -1 when unknown
     * @param samples      memory samples taken
     * @param source       {@code /proc}, {@code ProcessHandle} or {@code none}
     */
    public record ServerSamples(
            Double cpuSeconds,
            long rssPeakBytes,
            long rssMeanBytes,
            int threadsPeak,
            double threadsMean,
            int samples,
            String source) {

        /** Nothing sampled. */
        public static final ServerSamples NONE = new ServerSamples(null, -1, -1, -1, -1, 0, "none");
    }

    /**
     * The server JVM's own counters at the window's edges.
     *
     * @param start the counters at the start, null when not read or not answered
     * @param end   the same at the end
     * @param note  why the counters are missing, or null
     */
    public record JvmEdges(JvmStats start, JvmStats end, String note) {

        /** Not read. */
        public static final JvmEdges NONE = new JvmEdges(null, null, null);
    }

    /**
     * The window's profile.
     *
     * @param flameGraphEvent the event the window was profiled with (its flame graph written), or null
     * @param note            why no flame graph was written when one was asked for, or null
     */
    public record Profile(String flameGraphEvent, String note) {

        /** None asked for. */
        public static final Profile NONE = new Profile(null, null);
    }
}
