package io.httpmodels.harness.results;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * Why a server is as fast as it is, per completed request over a cell's measured window: how its CPU time splits
 * between its own code and the kernel, how often its threads switched, how many system calls it made, how long its
 * runnable threads waited for the core, and (for a model's JVM) what it allocated and collected. Each figure says
 * where it comes from and how much of the server it covers ({@link FigureSource}); a figure that could not be
 * measured is null and its source says why.
 *
 * <p>The groups are unwrapped in results.json: their fields stand in the {@code why} object itself
 * ({@code "userMicrosPerRequest"}, {@code "syscallsSource"}, ...), as they always have.
 *
 * @param cpu      how its CPU time splits between its own code and the kernel
 * @param switches how often its threads switched
 * @param syscalls how many system calls it made
 * @param runQueue how long its runnable threads waited for a core
 * @param threads  threads that came and went over the window
 * @param perf     what perf counted over the unrecorded chunk before the window, or null
 * @param jvm      what the model's JVM said of itself over the window
 */
public record WhyFigures(
        @JsonUnwrapped CpuSplit cpu,
        @JsonUnwrapped Switches switches,
        @JsonUnwrapped Syscalls syscalls,
        @JsonUnwrapped RunQueueWait runQueue,
        @JsonUnwrapped ThreadTurnover threads,
        PerfChunk perf,
        JvmFigures jvm) {

    /** How many system calls by name the cell keeps beside the total. */
    public static final int TOP_SYSCALLS = 5;

    /**
     * The server's CPU time per request, split.
     *
     * @param userMicrosPerRequest   CPU time in the server's own code, µs per request
     * @param systemMicrosPerRequest CPU time in the kernel on its behalf, µs per request
     * @param cpuSplitSource         where the split comes from
     */
    public record CpuSplit(Double userMicrosPerRequest, Double systemMicrosPerRequest, FigureSource cpuSplitSource) {

        public CpuSplit {
            Objects.requireNonNull(cpuSplitSource, "cpuSplitSource");
        }
    }

    /**
     * The server's context switches per request.
     *
     * @param voluntarySwitchesPerRequest   switches in which a server thread went to sleep (to wait for a socket, a
     *                                      lock, a timer), per request
     * @param involuntarySwitchesPerRequest switches in which one was preempted, per request
     * @param switchesSource                where the switches come from
     */
    public record Switches(
            Double voluntarySwitchesPerRequest, Double involuntarySwitchesPerRequest, FigureSource switchesSource) {

        public Switches {
            Objects.requireNonNull(switchesSource, "switchesSource");
        }
    }

    /**
     * The server's system calls per request.
     *
     * @param syscallsPerRequest       system calls per request
     * @param syscallsSource           where they come from: every call (perf), or read and write calls only
     * @param topSyscalls              the most frequent calls by name, per request (with perf), most first
     * @param readWriteCallsPerRequest read and write calls per request over the window (/proc/PID/io), whatever the
     *                                 syscall figure's source
     */
    public record Syscalls(
            Double syscallsPerRequest,
            FigureSource syscallsSource,
            List<SyscallRate> topSyscalls,
            Double readWriteCallsPerRequest) {

        public Syscalls {
            Objects.requireNonNull(syscallsSource, "syscallsSource");
            topSyscalls = topSyscalls == null ? List.of() : List.copyOf(topSyscalls);
        }
    }

    /**
     * How long the server's runnable threads waited for a core.
     *
     * @param runQueueWaitMicrosPerRequest the wait, µs per request
     * @param runQueueWaitSource           where it comes from
     */
    public record RunQueueWait(Double runQueueWaitMicrosPerRequest, FigureSource runQueueWaitSource) {

        public RunQueueWait {
            Objects.requireNonNull(runQueueWaitSource, "runQueueWaitSource");
        }
    }

    /**
     * Threads that came and went over the window.
     *
     * @param threadsBorn  threads alive at the window's end that were not at its start
     * @param threadsEnded threads alive at its start that were gone at its end
     */
    public record ThreadTurnover(Integer threadsBorn, Integer threadsEnded) {}

    public WhyFigures {
        Objects.requireNonNull(cpu, "cpu");
        Objects.requireNonNull(switches, "switches");
        Objects.requireNonNull(syscalls, "syscalls");
        Objects.requireNonNull(runQueue, "runQueue");
        threads = threads == null ? new ThreadTurnover(null, null) : threads;
        jvm = jvm == null ? JvmFigures.absent("not measured") : jvm;
    }

    /**
     * The figures of several repetitions of one cell in one: each number the median of those that have it; sources,
     * the syscalls by name, the perf chunk and the thread states of the first.
     *
     * @return null when {@code cells} holds none
     */
    public static WhyFigures medianOf(Collection<WhyFigures> cells) {
        List<WhyFigures> all = cells.stream().filter(Objects::nonNull).toList();
        if (all.isEmpty()) {
            return null;
        }
        if (all.size() == 1) {
            return all.get(0);
        }
        WhyFigures first = all.get(0);
        JvmFigures jvm = first.jvm();
        JvmFigures jvmMedian = new JvmFigures(
                median(all, w -> w.jvm().allocatedBytesPerRequest()),
                medianLong(all, w -> w.jvm().gcCount()),
                medianLong(all, w -> w.jvm().gcPauseMillis()),
                median(all, w -> w.jvm().gcPauseMicrosPerRequest()),
                jvm.collectors(),
                medianLong(all, w -> w.jvm().jitMillis()),
                medianLong(all, w -> w.jvm().threadsStarted()),
                jvm.threadStates(),
                jvm.source(),
                jvm.databasePool() == null
                        ? null
                        : new DatabasePool(
                                jvm.databasePool().connections(),
                                median(
                                        all,
                                        w -> w.jvm().databasePool() == null
                                                ? null
                                                : w.jvm().databasePool().waitMicrosPerRequest())),
                median(all, w -> w.jvm().pinnedPerThousandRequests()),
                median(all, w -> w.jvm().pinnedMicrosPerRequest()));
        return new WhyFigures(
                new CpuSplit(
                        median(all, w -> w.cpu().userMicrosPerRequest()),
                        median(all, w -> w.cpu().systemMicrosPerRequest()),
                        first.cpu().cpuSplitSource()),
                new Switches(
                        median(all, w -> w.switches().voluntarySwitchesPerRequest()),
                        median(all, w -> w.switches().involuntarySwitchesPerRequest()),
                        first.switches().switchesSource()),
                new Syscalls(
                        median(all, w -> w.syscalls().syscallsPerRequest()),
                        first.syscalls().syscallsSource(),
                        medianRates(all),
                        median(all, w -> w.syscalls().readWriteCallsPerRequest())),
                new RunQueueWait(
                        median(all, w -> w.runQueue().runQueueWaitMicrosPerRequest()),
                        first.runQueue().runQueueWaitSource()),
                first.threads(),
                first.perf(),
                jvmMedian);
    }

    private static List<SyscallRate> medianRates(List<WhyFigures> all) {
        Map<String, List<Double>> byName = new LinkedHashMap<>();
        for (WhyFigures w : all) {
            for (SyscallRate r : w.syscalls().topSyscalls()) {
                byName.computeIfAbsent(r.name(), k -> new ArrayList<>()).add(r.perRequest());
            }
        }
        return byName.entrySet().stream()
                .map(e -> new SyscallRate(e.getKey(), Stats.median(e.getValue())))
                .sorted(Comparator.comparingDouble(SyscallRate::perRequest)
                        .reversed()
                        .thenComparing(SyscallRate::name))
                .limit(TOP_SYSCALLS)
                .toList();
    }

    private static Double median(List<WhyFigures> all, Function<WhyFigures, Double> figure) {
        return Stats.medianOrNull(
                all.stream().map(figure).filter(Objects::nonNull).toList());
    }

    private static Long medianLong(List<WhyFigures> all, Function<WhyFigures, Long> figure) {
        Double m = Stats.medianOrNull(
                all.stream().map(figure).filter(Objects::nonNull).toList());
        return m == null ? null : Math.round(m);
    }
}
