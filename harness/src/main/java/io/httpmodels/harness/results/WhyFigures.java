package io.httpmodels.harness.results;

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
 * @param userMicrosPerRequest          CPU time in the server's own code, µs per request
 * @param systemMicrosPerRequest        CPU time in the kernel on its behalf, µs per request
 * @param cpuSplitSource                where the split comes from
 * @param voluntarySwitchesPerRequest   context switches in which a server thread went to sleep (to wait for a
 *                                      socket, a lock, a timer), per request
 * @param involuntarySwitchesPerRequest context switches in which one was preempted, per request
 * @param switchesSource                where the switches come from
 * @param syscallsPerRequest            system calls per request
 * @param syscallsSource                where they come from: every call (perf), or read and write calls only
 * @param topSyscalls                   the most frequent calls by name, per request (with perf), most first
 * @param runQueueWaitMicrosPerRequest  time the server's runnable threads waited for a core, µs per request
 * @param runQueueWaitSource            where it comes from
 * @param readWriteCallsPerRequest      read and write calls per request over the window (/proc/PID/io), whatever
 *                                      the syscall figure's source
 * @param threadsBorn                   threads alive at the window's end that were not at its start
 * @param threadsEnded                  threads alive at its start that were gone at its end
 * @param perf                          what perf counted over the unrecorded chunk before the window, or null
 * @param jvm                           what the model's JVM said of itself over the window
 */
public record WhyFigures(
        Double userMicrosPerRequest,
        Double systemMicrosPerRequest,
        FigureSource cpuSplitSource,
        Double voluntarySwitchesPerRequest,
        Double involuntarySwitchesPerRequest,
        FigureSource switchesSource,
        Double syscallsPerRequest,
        FigureSource syscallsSource,
        List<SyscallRate> topSyscalls,
        Double runQueueWaitMicrosPerRequest,
        FigureSource runQueueWaitSource,
        Double readWriteCallsPerRequest,
        Integer threadsBorn,
        Integer threadsEnded,
        PerfChunk perf,
        JvmFigures jvm) {

    /** How many system calls by name the cell keeps beside the total. */
    public static final int TOP_SYSCALLS = 5;

    public WhyFigures {
        Objects.requireNonNull(cpuSplitSource, "cpuSplitSource");
        Objects.requireNonNull(switchesSource, "switchesSource");
        Objects.requireNonNull(syscallsSource, "syscallsSource");
        Objects.requireNonNull(runQueueWaitSource, "runQueueWaitSource");
        topSyscalls = topSyscalls == null ? List.of() : List.copyOf(topSyscalls);
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
                jvm.source());
        return new WhyFigures(
                median(all, WhyFigures::userMicrosPerRequest),
                median(all, WhyFigures::systemMicrosPerRequest),
                first.cpuSplitSource(),
                median(all, WhyFigures::voluntarySwitchesPerRequest),
                median(all, WhyFigures::involuntarySwitchesPerRequest),
                first.switchesSource(),
                median(all, WhyFigures::syscallsPerRequest),
                first.syscallsSource(),
                medianRates(all),
                median(all, WhyFigures::runQueueWaitMicrosPerRequest),
                first.runQueueWaitSource(),
                median(all, WhyFigures::readWriteCallsPerRequest),
                first.threadsBorn(),
                first.threadsEnded(),
                first.perf(),
                jvmMedian);
    }

    private static List<SyscallRate> medianRates(List<WhyFigures> all) {
        Map<String, List<Double>> byName = new LinkedHashMap<>();
        for (WhyFigures w : all) {
            for (SyscallRate r : w.topSyscalls()) {
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
