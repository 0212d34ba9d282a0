package io.httpmodels.harness.report;

import io.httpmodels.harness.results.CellResult;
import io.httpmodels.harness.results.DatabasePool;
import io.httpmodels.harness.results.FigureSource;
import io.httpmodels.harness.results.FlameGraph;
import io.httpmodels.harness.results.JvmFigures;
import io.httpmodels.harness.results.PerfChunk;
import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.Summary;
import io.httpmodels.harness.results.SyscallRate;
import io.httpmodels.harness.results.WhyFigures;

import java.util.List;
import java.util.Map;

/**
 * {@link SampleResults} with why figures: every model's from its JVM and perf, thread-per-connection's run-queue
 * wait partial (its threads come and go), nginx's without the JVM's figures, and netty's cells profiled.
 */
final class WhyResults {

    static final String PARTIAL_NOTE = "threads came and went in the window (the JVM started 812; 40 alive at its"
            + " start had ended by its end)";

    private WhyResults() {}

    static Results run() {
        Results r = SampleResults.run();
        List<CellResult> cells = r.cells().stream()
                .map(c -> c.ok()
                        ? c.withWhy(
                                why(c.id().target()),
                                c.id().target().equals("netty")
                                        ? new FlameGraph(
                                                "cpu",
                                                "cpu",
                                                "flamegraphs/" + c.id().scenarioId() + "__netty__r"
                                                        + c.id().repetition() + ".html",
                                                null)
                                        : null)
                        : c)
                .toList();
        List<Summary> summaries = r.summaries().stream()
                .map(s ->
                        s.ok() ? profiled(s.withWhy(why(s.target())), s.target().equals("netty") ? "cpu" : null) : s)
                .toList();
        return SampleResults.withFigures(r, cells, summaries);
    }

    /**
     * {@link #run()} with carrier pinning counted in the JVMs of virtual-threads ({@code perThousand} pins per 1,000
     * requests, holding carriers {@code micros} µs a request) and netty (none): what a run whose models count their
     * pins shows.
     */
    static Results pinned(double perThousand, double micros) {
        Results r = run();
        List<Summary> summaries = r.summaries().stream()
                .map(s -> switch (s.why() == null ? "" : s.target()) {
                    case "virtual-threads" -> s.withWhy(pinning(s.why(), perThousand, micros));
                    case "netty" -> s.withWhy(pinning(s.why(), 0.0, 0.0));
                    default -> s;
                })
                .toList();
        return SampleResults.withFigures(r, r.cells(), summaries);
    }

    private static WhyFigures pinning(WhyFigures w, double perThousand, double micros) {
        return withJvm(w, w.jvm().databasePool(), perThousand, micros);
    }

    /** {@code w} with its JVM's database pool {@code pool}. */
    static WhyFigures withDatabasePool(WhyFigures w, DatabasePool pool) {
        return withJvm(w, pool, w.jvm().pinnedPerThousandRequests(), w.jvm().pinnedMicrosPerRequest());
    }

    private static WhyFigures withJvm(WhyFigures w, DatabasePool pool, Double perThousand, Double micros) {
        JvmFigures j = w.jvm();
        return new WhyFigures(
                w.cpu(),
                w.switches(),
                w.syscalls(),
                w.runQueue(),
                w.threads(),
                w.perf(),
                new JvmFigures(
                        j.allocatedBytesPerRequest(),
                        j.gcCount(),
                        j.gcPauseMillis(),
                        j.gcPauseMicrosPerRequest(),
                        j.collectors(),
                        j.jitMillis(),
                        j.threadsStarted(),
                        j.threadStates(),
                        j.source(),
                        pool,
                        perThousand,
                        micros));
    }

    static WhyFigures why(String target) {
        boolean nginx = target.equals("nginx");
        boolean churn = target.equals("thread-per-connection");
        return new WhyFigures(
                new WhyFigures.CpuSplit(
                        nginx ? 4.7 : 16.1,
                        nginx ? 22.6 : 14.6,
                        FigureSource.complete("/proc/PID/stat (utime, stime; 10 ms ticks)")),
                new WhyFigures.Switches(
                        churn ? 3.84 : 0.035,
                        0.006,
                        FigureSource.complete(nginx ? "/proc/PID/task/*/status" : "getrusage(RUSAGE_SELF)")),
                new WhyFigures.Syscalls(
                        nginx ? 6.09 : 12.0,
                        FigureSource.complete("perf stat"),
                        nginx
                                ? List.of(new SyscallRate("epoll_wait", 1.07), new SyscallRate("accept4", 1.0))
                                : List.of(new SyscallRate("fcntl", 3.0), new SyscallRate("getsockname", 2.0)),
                        3.0),
                new WhyFigures.RunQueueWait(
                        churn ? 258.0 : 15.5,
                        churn
                                ? FigureSource.partial("/proc/PID/task/*/schedstat", PARTIAL_NOTE)
                                : FigureSource.complete("/proc/PID/task/*/schedstat")),
                new WhyFigures.ThreadTurnover(0, churn ? 40 : 0),
                new PerfChunk(0.4, 1_000, 12.0, List.of(), 1.0, 0.9, 0, churn ? 1.02 : 0),
                nginx
                        ? JvmFigures.absent("not a JVM of this project's (no control channel)")
                        : new JvmFigures(
                                26_000.0,
                                2L,
                                3L,
                                0.1,
                                "PS Scavenge",
                                0L,
                                churn ? 812L : 0L,
                                Map.of("RUNNABLE", 4),
                                FigureSource.complete("the server's JVM"),
                                null,
                                null,
                                null));
    }

    private static Summary profiled(Summary s, String event) {
        Summary.Outcome o = s.outcome();
        return new Summary(
                s.scenarioId(),
                s.target(),
                new Summary.Outcome(o.status(), o.failure(), o.repetitions(), o.okRepetitions(), event),
                s.rate(),
                s.timing(),
                s.connectionFigures(),
                s.server(),
                s.client(),
                s.forks(),
                s.why(),
                s.tls());
    }
}
