package io.httpmodels.harness.measure;

import io.httpmodels.harness.control.JvmStats;
import io.httpmodels.harness.process.PerfCounts;
import io.httpmodels.harness.process.ProcessActivity;
import io.httpmodels.harness.process.UsageSampler;
import io.httpmodels.harness.results.Background;
import io.httpmodels.harness.results.CellId;
import io.httpmodels.harness.results.CellResult;
import io.httpmodels.harness.results.CellStatus;
import io.httpmodels.harness.results.ClientUsage;
import io.httpmodels.harness.results.ConnectionCounts;
import io.httpmodels.harness.results.DatabasePool;
import io.httpmodels.harness.results.DatabaseUsage;
import io.httpmodels.harness.results.Diagnostics;
import io.httpmodels.harness.results.Distribution;
import io.httpmodels.harness.results.FigureSource;
import io.httpmodels.harness.results.FlameGraph;
import io.httpmodels.harness.results.Handshakes;
import io.httpmodels.harness.results.JvmFigures;
import io.httpmodels.harness.results.Latencies;
import io.httpmodels.harness.results.Latency;
import io.httpmodels.harness.results.LatencyKind;
import io.httpmodels.harness.results.PerfChunk;
import io.httpmodels.harness.results.Responses;
import io.httpmodels.harness.results.ServerUsage;
import io.httpmodels.harness.results.Stats;
import io.httpmodels.harness.results.SyscallRate;
import io.httpmodels.harness.results.Throughput;
import io.httpmodels.harness.results.Usage;
import io.httpmodels.harness.results.Warmup;
import io.httpmodels.harness.results.WhyFigures;
import io.httpmodels.harness.results.WindowFigures;
import io.httpmodels.load.BackgroundReport;
import io.httpmodels.load.ErrorKind;
import io.httpmodels.load.LatencySummary;
import io.httpmodels.load.LoadReport;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The one definition of a cell's figures: what the load client measured and what the sampler read of the server
 * and the client over the same window, as a {@link CellResult}. Stateless.
 */
final class CellFigures {

    private CellFigures() {}

    /**
     * The cell of a window that completed.
     *
     * @param window    the window: its repetition, its log, and the rate asked for when not the scenario's own
     * @param serverPid the server's process, or null when not known
     */
    static CellResult of(
            String scenarioId,
            String target,
            Window window,
            LoadReport r,
            UsageSampler.Usage usage,
            Long serverPid,
            MeasureSettings settings,
            Warmup warmup) {
        boolean open = r.config().rateMode();
        double seconds =
                usage.wallSeconds() > 0 ? usage.wallSeconds() : r.recorded().seconds();
        // Taking turns, the server was loaded 1 / count of the window: its requests per second are those of its turns.
        int turns = r.config().pacing().turns() == null
                ? 1
                : r.config().pacing().turns().count();
        double loaded = r.recorded().seconds() / turns;
        return new CellResult(
                new CellId(scenarioId, target, window.repetition()),
                CellStatus.OK,
                null,
                new WindowFigures(
                        new Throughput(
                                open ? Double.valueOf(r.config().pacing().rate()) : window.offeredRate(),
                                loaded,
                                r.recorded().requests(),
                                turns == 1
                                        ? r.recorded().requestsPerSecond()
                                        : (loaded > 0 ? r.recorded().requests() / loaded : 0.0),
                                r.recorded().intervals().stream()
                                        .map(i -> i.requestsPerSecond() * turns)
                                        .toList()),
                        new Latencies(
                                Latency.of(
                                        open ? LatencyKind.INTENDED : LatencyKind.RAW,
                                        r.latencies().latency()),
                                Latency.of(LatencyKind.CORRECTED, r.latencies().corrected()),
                                Latency.of(LatencyKind.SERVICE, r.latencies().uncorrected()),
                                Distribution.of(r.latencies().histogram())),
                        new Responses(errors(r), r.responses().statusCounts(), r.abortReason()),
                        new ConnectionCounts(
                                r.config().connections().count(),
                                r.connections().served(),
                                r.connections().connectsSucceeded())),
                new Usage(
                        server(serverPid, usage, seconds, r.recorded().requests()),
                        client(usage, seconds, settings),
                        usage.databaseCpuSeconds() == null
                                ? null
                                : new DatabaseUsage(
                                        usage.databaseCpuSeconds(),
                                        Stats.cpuMicrosPerRequest(
                                                usage.databaseCpuSeconds(),
                                                r.recorded().requests()))),
                new Diagnostics(
                        warmup,
                        window.hlogName(),
                        background(r.background()),
                        null,
                        null,
                        handshakes(r.tls(), loaded, usage.server().cpuSeconds())));
    }

    /**
     * An https window's handshakes per second of {@code loadedSeconds} and the server's CPU per handshake; null for
     * plain HTTP.
     */
    static Handshakes handshakes(LoadReport.Tls tls, double loadedSeconds, Double serverCpuSeconds) {
        if (tls == null) {
            return null;
        }
        LatencySummary time = tls.handshake();
        boolean timed = time != null && time.count() > 0;
        return new Handshakes(
                tls.version() == null ? null : tls.version().label(),
                tls.handshakes(),
                tls.resumed(),
                loadedSeconds > 0 ? tls.handshakes() / loadedSeconds : 0.0,
                timed ? time.valueAt(50.0) : null,
                timed ? time.valueAt(99.0) : null,
                serverCpuSeconds == null ? null : Stats.cpuMicrosPerRequest(serverCpuSeconds, tls.handshakes()));
    }

    /** Errors by the load client's kinds, in its order, then their total. */
    static Map<String, Long> errors(LoadReport r) {
        Map<String, Long> errors = new LinkedHashMap<>();
        for (Map.Entry<ErrorKind, Long> e : r.responses().errors().asMap().entrySet()) {
            errors.put(e.getKey().label(), e.getValue());
        }
        errors.put(Responses.TOTAL, r.responses().errors().total());
        return errors;
    }

    /** What the server used over {@code seconds}; every figure null that could not be read. */
    static ServerUsage server(Long pid, UsageSampler.Usage usage, double seconds, long requests) {
        Double cpu = usage.server().cpuSeconds();
        return new ServerUsage(
                pid,
                usage.server().source(),
                cpu,
                cpu == null || seconds <= 0 ? null : 100 * cpu / seconds,
                cpu == null ? null : Stats.cpuMicrosPerRequest(cpu, requests),
                usage.server().rssPeakBytes() < 0 ? null : usage.server().rssPeakBytes(),
                usage.server().rssMeanBytes() < 0 ? null : usage.server().rssMeanBytes(),
                usage.server().threadsPeak() < 0 ? null : usage.server().threadsPeak(),
                usage.server().threadsMean() < 0 ? null : usage.server().threadsMean(),
                usage.server().samples());
    }

    static final String PROC_STAT = "/proc/PID/stat (utime, stime; 10 ms ticks)";
    static final String RUSAGE = "getrusage(RUSAGE_SELF) in the server's JVM, asked at the window's edges";
    static final String PROC_TASKS = "/proc/PID/task/*/status, summed over the threads";
    static final String PROC_SCHEDSTAT = "/proc/PID/task/*/schedstat (run delay), summed over the threads";
    static final String PROC_IO = "/proc/PID/io (syscr + syscw)";
    static final String PERF =
            "perf stat (raw_syscalls:sys_enter) over an unrecorded chunk of the same load" + " before the window";
    static final String JVM = "the server's JVM (management beans), asked at the window's edges";

    /**
     * The why figures of a window that completed {@code requests}, from what the sampler read at its edges and what
     * perf counted over the chunk before it.
     */
    static WhyFigures why(long requests, UsageSampler.Usage usage, Counted counted) {
        ProcessActivity a = usage.activity();
        FigureSource cpuSource;
        Double user = null;
        Double system = null;
        if (a != null && a.cpu() != null) {
            cpuSource = FigureSource.complete(PROC_STAT);
            user = perRequest(a.cpu().userNanos() / 1e3, requests);
            system = perRequest(a.cpu().systemNanos() / 1e3, requests);
        } else {
            cpuSource = FigureSource.absent(
                    a == null ? "/proc was not read (no /proc, or no process)" : "the process is gone");
        }
        JvmStats start = usage.jvm().start();
        JvmStats end = usage.jvm().end();
        PerfChunk perf = perfChunk(counted);
        // Threads that come and go: in the window (what /proc saw end) or in the chunk (what perf counted).
        String churn = churn(a, start, end, perf);

        Double voluntary = null;
        Double involuntary = null;
        FigureSource switches;
        if (start != null && end != null && start.voluntarySwitches() >= 0 && end.voluntarySwitches() >= 0) {
            voluntary = perRequest(end.voluntarySwitches() - start.voluntarySwitches(), requests);
            involuntary = perRequest(end.involuntarySwitches() - start.involuntarySwitches(), requests);
            switches = FigureSource.complete(RUSAGE);
        } else if (a != null && a.voluntarySwitches() >= 0) {
            voluntary = perRequest(a.voluntarySwitches(), requests);
            involuntary = perRequest(a.involuntarySwitches(), requests);
            String why = start != null && end != null && end.rusageNote() != null ? end.rusageNote() + "; " : "";
            switches = churn == null
                    ? FigureSource.complete(PROC_TASKS)
                    : FigureSource.partial(PROC_TASKS, why + churn + ": their switches are not counted");
        } else {
            switches = FigureSource.absent(a == null ? "/proc was not read" : a.tasksNote());
        }

        Double syscalls = null;
        List<SyscallRate> top = List.of();
        FigureSource syscallsSource;
        Double readWrite = a == null || a.readWriteCalls() < 0 ? null : perRequest(a.readWriteCalls(), requests);
        if (perf != null) {
            syscalls = perf.syscallsPerRequest();
            top = perf.syscalls().stream().limit(WhyFigures.TOP_SYSCALLS).toList();
            syscallsSource = FigureSource.complete(PERF);
        } else if (readWrite != null) {
            syscalls = readWrite;
            syscallsSource = FigureSource.partial(
                    PROC_IO,
                    "read and write calls only (read, readv, write, writev, sendfile...), not recvfrom, sendto,"
                            + " recvmsg, sendmsg, accept, poll, epoll or io_uring_enter; every call needs perf: "
                            + counted.note());
        } else {
            syscallsSource = FigureSource.absent(counted.note());
        }

        Double runQueue = null;
        FigureSource runQueueSource;
        if (a != null && a.runDelayNanos() >= 0) {
            runQueue = perRequest(a.runDelayNanos() / 1e3, requests);
            runQueueSource = churn == null
                    ? FigureSource.complete(PROC_SCHEDSTAT)
                    : FigureSource.partial(PROC_SCHEDSTAT, churn + ": their waits are not counted");
        } else {
            runQueueSource = FigureSource.absent(
                    a == null
                            ? "/proc was not read"
                            : a.tasksNote() == null ? "the kernel keeps no schedstat" : a.tasksNote());
        }
        boolean tasksKnown = a != null && a.tasksNote() == null;
        return new WhyFigures(
                new WhyFigures.CpuSplit(user, system, cpuSource),
                new WhyFigures.Switches(voluntary, involuntary, switches),
                new WhyFigures.Syscalls(syscalls, syscallsSource, top, readWrite),
                new WhyFigures.RunQueueWait(runQueue, runQueueSource),
                new WhyFigures.ThreadTurnover(tasksKnown ? a.tasksBorn() : null, tasksKnown ? a.tasksEnded() : null),
                perf,
                jvm(requests, usage));
    }

    /**
     * Why the per-thread figures miss some threads, or null when no thread came and went: threads alive at the start
     * and gone at the end, threads the JVM started beyond those seen born, or threads perf saw started.
     */
    private static String churn(ProcessActivity a, JvmStats start, JvmStats end, PerfChunk perf) {
        if (a == null || a.tasksNote() != null) {
            return null;
        }
        if (start != null && end != null) {
            long started = end.threadsStarted() - start.threadsStarted();
            if (started > a.tasksBorn() || a.tasksEnded() > 0) {
                return "threads came and went in the window (the JVM started " + started + "; " + a.tasksEnded()
                        + " alive at its start had ended by its end)";
            }
            return null;
        }
        if (a.tasksEnded() > 0) {
            return a.tasksEnded() + " threads ended in the window";
        }
        if (perf != null && perf.threadsStartedPerRequest() > 0) {
            return "the server starts threads as it serves (perf: "
                    + String.format(Locale.ROOT, "%.3f", perf.threadsStartedPerRequest())
                    + " per request)";
        }
        return null;
    }

    private static JvmFigures jvm(long requests, UsageSampler.Usage usage) {
        JvmStats start = usage.jvm().start();
        JvmStats end = usage.jvm().end();
        if (start == null || end == null) {
            return JvmFigures.absent(
                    usage.jvm().note() == null
                            ? "the server's JVM did not answer"
                            : usage.jvm().note());
        }
        Long gcMillis = end.gcMillis() < 0 || start.gcMillis() < 0 ? null : end.gcMillis() - start.gcMillis();
        boolean pinned = start.pinning() != null && end.pinning() != null;
        return new JvmFigures(
                end.allocatedBytes() < 0 || start.allocatedBytes() < 0
                        ? null
                        : perRequest(end.allocatedBytes() - start.allocatedBytes(), requests),
                end.gcCount() - start.gcCount(),
                gcMillis,
                gcMillis == null ? null : perRequest(gcMillis * 1e3, requests),
                end.gcNames(),
                end.compileMillis() < 0 || start.compileMillis() < 0
                        ? null
                        : end.compileMillis() - start.compileMillis(),
                end.threadsStarted() - start.threadsStarted(),
                end.threadStates(),
                FigureSource.complete(JVM),
                databasePool(start, end, requests),
                pinned ? perRequest((end.pinning().events() - start.pinning().events()) * 1e3, requests) : null,
                pinned ? perRequest((end.pinning().nanos() - start.pinning().nanos()) / 1e3, requests) : null);
    }

    /** The model's database pool over the window: its size at the end, its waits between the edges when timed. */
    private static DatabasePool databasePool(JvmStats start, JvmStats end, long requests) {
        if (end.databasePool() == null) {
            return null;
        }
        Double wait = start.databasePool() == null || !end.databasePool().waitsTimed()
                ? null
                : perRequest(
                        (end.databasePool().waitNanos() - start.databasePool().waitNanos()) / 1e3, requests);
        return new DatabasePool(end.databasePool().poolSize(), wait);
    }

    /** The per-request figures of the perf chunk, or null when none was counted. */
    static PerfChunk perfChunk(Counted counted) {
        PerfCounts c = counted.counts();
        if (c == null || counted.requests() <= 0) {
            return null;
        }
        double n = counted.requests();
        // The recorder keeps a sample of the calls: their names are shares of the exact total perf stat counted.
        double scale = c.recordedSyscalls() > 0 ? (double) c.syscalls() / c.recordedSyscalls() : 0;
        return new PerfChunk(
                counted.seconds(),
                counted.requests(),
                c.syscalls() / n,
                c.bySyscall().entrySet().stream()
                        .map(e -> new SyscallRate(e.getKey(), e.getValue() * scale / n))
                        .sorted(Comparator.comparingDouble(SyscallRate::perRequest)
                                .reversed()
                                .thenComparing(SyscallRate::name))
                        .toList(),
                c.contextSwitches() / n,
                c.voluntarySwitches() / n,
                c.cpuMigrations() / n,
                c.threadsStarted() / n);
    }

    /** The window's flame graph when one was asked for, else null. */
    static FlameGraph flameGraph(String asked, Window window, UsageSampler.Usage usage, boolean jvm) {
        if (asked == null) {
            return null;
        }
        if (!jvm) {
            return new FlameGraph(asked, null, null, "not a JVM of this project's: no profiler inside");
        }
        if (window.flameGraph() == null) {
            return new FlameGraph(asked, null, null, "this command writes no flame graphs");
        }
        String event = usage.profile().flameGraphEvent();
        return new FlameGraph(
                asked,
                event,
                event == null ? null : window.flameGraphName(),
                usage.profile().note());
    }

    private static Double perRequest(double value, long requests) {
        return requests > 0 ? value / requests : null;
    }

    private static ClientUsage client(UsageSampler.Usage usage, double seconds, MeasureSettings settings) {
        int cores = settings.clientCores();
        double percent = seconds > 0 ? 100 * usage.clientCpuSeconds() / seconds : 0;
        return new ClientUsage(
                usage.clientCpuSeconds(), percent, cores, percent >= settings.clientBoundAt() * 100 * cores);
    }

    private static Background background(BackgroundReport b) {
        return b == null
                ? null
                : new Background(
                        b.idle().connections(),
                        b.idle().open(),
                        b.idle().answered(),
                        b.idle().closedByServer(),
                        b.slow().connections(),
                        b.slow().open(),
                        b.slow().closedByServer(),
                        b.slow().answered(),
                        b.opening().connectFailures(),
                        b.opening().seconds(),
                        b.opening().beforeStart());
    }
}
