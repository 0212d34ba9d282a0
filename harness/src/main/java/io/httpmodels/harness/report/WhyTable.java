package io.httpmodels.harness.report;

import io.httpmodels.harness.results.CellResult;
import io.httpmodels.harness.results.Coverage;
import io.httpmodels.harness.results.FigureSource;
import io.httpmodels.harness.results.JvmFigures;
import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.Scenario;
import io.httpmodels.harness.results.Summary;
import io.httpmodels.harness.results.SyscallRate;
import io.httpmodels.harness.results.TargetInfo;
import io.httpmodels.harness.results.WhyFigures;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One scenario's why table as text cells, shared by the terminal, Markdown and HTML reports: every target a row,
 * what its server did per request (threads, CPU in its code and in the kernel, context switches, system calls,
 * run-queue wait, heap allocated, GC), a {@value #PARTIAL} beside a figure that covers part of the server, and
 * notes saying where each figure comes from and what the partial ones leave out. Reads only {@link Results}.
 *
 * @param scenario    the scenario
 * @param headers     column headings, the target's first
 * @param numeric     which columns are figures
 * @param rows        one per target that has why figures or failed, in the run's order
 * @param notes       sentences under the table
 * @param flameGraphs each profiled cell's flame graph, as a label and a path relative to the results folder
 */
record WhyTable(
        Scenario scenario,
        List<String> headers,
        List<Boolean> numeric,
        List<List<String>> rows,
        List<String> notes,
        List<Link> flameGraphs) {

    /** The mark beside a figure that covers part of the server only. */
    static final String PARTIAL = "*";

    /** The mark on a row whose windows were profiled. */
    static final String PROFILED = "◇ profiled";

    /** The carrier pinning columns' headings. */
    static final String PINS_PER_THOUSAND = "pins/1k";

    static final String PINNED_MICROS = "pin µs";

    /** What the columns say, once, for a legend. */
    static final String LEGEND = "per request, over the measured window: threads: most alive (+ started per request);"
            + " user / sys: CPU µs in the server's code / in the kernel; vol / invol: context switches in which a"
            + " thread slept / was preempted; syscalls: system calls of every kind; rq wait: µs its runnable"
            + " threads waited for a core; pool wait: µs it waited for a database connection (a database scenario's);"
            + " pins/1k, pin µs: times a virtual thread blocked its carrier (JFR's jdk.VirtualThreadPinned, every pin)"
            + " per 1,000 requests, and the carrier µs they held per request (shown where some row pinned);"
            + " alloc: heap bytes allocated; GC: collection pauses, µs; JIT ms: the JIT"
            + " compilers' time in the window (not per request; more than a few ms: the server was still compiling, on"
            + " its own core)";

    /** A flame graph to link to. */
    record Link(String label, String file) {}

    /**
     * The table of {@code scenario}, or null when no target has why figures in it (a run with {@code --why off},
     * a merged run, an older run).
     *
     * @param withTopSyscalls whether to add the column of the most frequent system calls by name (the terminal has
     *                        no room for it)
     */
    static WhyTable of(Results results, Scenario scenario, boolean withTopSyscalls) {
        List<List<String>> rows = new ArrayList<>();
        Map<String, List<String>> partial = new LinkedHashMap<>();
        Map<String, List<String>> absent = new LinkedHashMap<>();
        Map<String, List<String>> sources = new LinkedHashMap<>();
        boolean any = false;
        // A database scenario's pool wait: a column of its own where some row's model has a pool.
        boolean pools = results.targets().stream()
                .map(t -> results.summary(scenario.id(), t.name()))
                .anyMatch(s -> s != null && s.why() != null && s.why().jvm().databasePool() != null);
        // Carrier pinning: columns of their own where some row's JVM counted a pin; where every JVM that counted
        // counted none (a model without virtual threads, or whose virtual threads never pinned), a line says so.
        List<String> counted = new ArrayList<>();
        boolean pins = false;
        for (TargetInfo t : results.targets()) {
            Summary s = results.summary(scenario.id(), t.name());
            Double perThousand =
                    s == null || s.why() == null ? null : s.why().jvm().pinnedPerThousandRequests();
            if (perThousand != null) {
                counted.add(t.name());
                pins |= perThousand > 0;
            }
        }
        for (TargetInfo t : results.targets()) {
            Summary s = results.summary(scenario.id(), t.name());
            if (s == null) {
                continue;
            }
            if (!s.ok() || s.why() == null) {
                if (!s.ok()) {
                    rows.add(List.of(t.name(), "failed: " + s.outcome().failure()));
                }
                continue;
            }
            any = true;
            WhyFigures w = s.why();
            JvmFigures jvm = w.jvm();
            note(sources, partial, absent, "CPU split", t.name(), w.cpu().cpuSplitSource());
            note(sources, partial, absent, "switches", t.name(), w.switches().switchesSource());
            note(sources, partial, absent, "syscalls", t.name(), w.syscalls().syscallsSource());
            note(sources, partial, absent, "rq wait", t.name(), w.runQueue().runQueueWaitSource());
            note(sources, partial, absent, "alloc and GC", t.name(), jvm.source());
            List<String> row = new ArrayList<>();
            row.add(t.name());
            row.add(threads(s, w));
            row.add(Format.cpuMicros(w.cpu().userMicrosPerRequest())
                    + mark(w.cpu().cpuSplitSource()));
            row.add(Format.cpuMicros(w.cpu().systemMicrosPerRequest())
                    + mark(w.cpu().cpuSplitSource()));
            row.add(Format.perRequest(w.switches().voluntarySwitchesPerRequest())
                    + mark(w.switches().switchesSource()));
            row.add(Format.perRequest(w.switches().involuntarySwitchesPerRequest())
                    + mark(w.switches().switchesSource()));
            row.add(Format.perRequest(w.syscalls().syscallsPerRequest())
                    + mark(w.syscalls().syscallsSource()));
            if (withTopSyscalls) {
                row.add(top(w.syscalls().topSyscalls()));
            }
            row.add(Format.cpuMicros(w.runQueue().runQueueWaitMicrosPerRequest())
                    + mark(w.runQueue().runQueueWaitSource()));
            if (pools) {
                row.add(
                        jvm.databasePool() == null
                                ? ""
                                : Format.cpuMicros(jvm.databasePool().waitMicrosPerRequest()));
            }
            if (pins) {
                row.add(Format.perRequest(jvm.pinnedPerThousandRequests()));
                row.add(Format.perRequest(jvm.pinnedMicrosPerRequest()));
            }
            row.add(Format.bytes(jvm.allocatedBytesPerRequest()));
            row.add(Format.cpuMicros(jvm.gcPauseMicrosPerRequest()));
            row.add(Format.count(jvm.jitMillis()));
            row.add(
                    s.outcome().profiledWith() == null
                            ? ""
                            : PROFILED + " (" + s.outcome().profiledWith() + ")");
            rows.add(row);
        }
        if (!any) {
            return null;
        }
        List<String> headers =
                new ArrayList<>(List.of("target", "threads", "user µs", "sys µs", "vol sw", "invol sw", "syscalls"));
        if (withTopSyscalls) {
            headers.add("top syscalls");
        }
        headers.add("rq wait µs");
        if (pools) {
            headers.add("pool wait µs");
        }
        if (pins) {
            headers.addAll(List.of(PINS_PER_THOUSAND, PINNED_MICROS));
        }
        headers.addAll(List.of("alloc B", "GC µs", "JIT ms", ""));
        List<Boolean> numeric = new ArrayList<>();
        for (String h : headers) {
            numeric.add(!h.equals("target") && !h.equals("top syscalls") && !h.isEmpty());
        }
        List<String> notes = new ArrayList<>();
        notes.add("Sources: " + joined(sources) + ".");
        if (!partial.isEmpty()) {
            notes.add(PARTIAL + " partial: " + joined(partial) + ".");
        }
        if (!absent.isEmpty()) {
            notes.add(Format.NONE + " not measured: " + joined(absent) + ".");
        }
        if (!pins && !counted.isEmpty()) {
            notes.add("No carrier pinned: JFR's jdk.VirtualThreadPinned counted no pin in the window ["
                    + String.join(", ", counted) + "].");
        }
        return new WhyTable(scenario, headers, numeric, rows, notes, flameGraphs(results, scenario));
    }

    /** Every scenario's table that has figures, in run order. */
    static List<WhyTable> all(Results results, boolean withTopSyscalls) {
        List<WhyTable> tables = new ArrayList<>();
        for (Scenario s : results.scenarios()) {
            WhyTable t = of(results, s, withTopSyscalls);
            if (t != null) {
                tables.add(t);
            }
        }
        return tables;
    }

    private static String threads(Summary s, WhyFigures w) {
        String peak = Format.count(s.server().threadsPeak());
        if (w.perf() != null && w.perf().threadsStartedPerRequest() >= 0.0005) {
            return peak + " +" + Format.perRequest(w.perf().threadsStartedPerRequest());
        }
        return peak;
    }

    private static String mark(FigureSource source) {
        return source.coverage() == Coverage.PARTIAL ? PARTIAL : "";
    }

    private static String top(List<SyscallRate> rates) {
        if (rates.isEmpty()) {
            return Format.NONE;
        }
        return rates.stream()
                .map(r -> r.name() + " " + Format.perRequest(r.perRequest()))
                .collect(Collectors.joining(", "));
    }

    /** Files each source (or its absence, or what it leaves out) under the figure it is of, with its targets. */
    private static void note(
            Map<String, List<String>> sources,
            Map<String, List<String>> partial,
            Map<String, List<String>> absent,
            String figure,
            String target,
            FigureSource source) {
        switch (source.coverage()) {
            case COMPLETE -> add(sources, figure + ": " + source.source(), target);
            case PARTIAL -> {
                add(sources, figure + ": " + source.source(), target);
                add(partial, figure + " (" + source.note() + ")", target);
            }
            case ABSENT -> add(absent, figure + " (" + source.note() + ")", target);
        }
    }

    private static void add(Map<String, List<String>> map, String key, String target) {
        map.computeIfAbsent(key, k -> new ArrayList<>()).add(target);
    }

    /** {@code key [a, b]; key2 [c]}, or just the keys where every target shares them. */
    private static String joined(Map<String, List<String>> map) {
        return map.entrySet().stream()
                .map(e -> e.getKey() + " [" + String.join(", ", e.getValue()) + "]")
                .collect(Collectors.joining("; "));
    }

    private static List<Link> flameGraphs(Results results, Scenario scenario) {
        List<Link> links = new ArrayList<>();
        for (CellResult c : results.cells()) {
            if (c.id().scenarioId().equals(scenario.id())
                    && c.diagnostics().flameGraph() != null
                    && c.diagnostics().flameGraph().file() != null) {
                links.add(new Link(
                        String.format(
                                Locale.ROOT,
                                "%s, repetition %d (%s)",
                                c.id().target(),
                                c.id().repetition(),
                                c.diagnostics().flameGraph().event()),
                        c.diagnostics().flameGraph().file()));
            }
        }
        return links;
    }
}
