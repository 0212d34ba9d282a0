package io.httpmodels.harness.report;

import io.httpmodels.harness.results.Build;
import io.httpmodels.harness.results.CellResult;
import io.httpmodels.harness.results.ClientSettings;
import io.httpmodels.harness.results.Conditions;
import io.httpmodels.harness.results.CpuPlacement;
import io.httpmodels.harness.results.Host;
import io.httpmodels.harness.results.NoiseFloor;
import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.RunInfo;
import io.httpmodels.harness.results.RunStatus;
import io.httpmodels.harness.results.Schedule;
import io.httpmodels.harness.results.Stats;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The conditions of a run in words, label by label, for the head of every report: no figure travels without
 * the machine, JDK, pinning and timings it was measured under.
 */
public final class ConditionsText {

    /**
     * One line of the conditions.
     *
     * @param label what it is, e.g. {@code Pinning}
     * @param value the words
     * @param code  whether the value is literal text (flags, a command) to show as code
     */
    record Entry(String label, String value, boolean code) {}

    private static final DateTimeFormatter UTC = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    private ConditionsText() {}

    /** The conditions of {@code results}, in reading order. */
    static List<Entry> of(Results results) {
        Conditions c = results.conditions();
        List<Entry> entries = new ArrayList<>();
        entries.add(new Entry("Run", run(results), false));
        Host host = c.host();
        entries.add(new Entry(
                "Machine",
                host.cpuModel() + ", " + host.onlineCpus() + (host.onlineCpus() == 1 ? " CPU" : " CPUs") + " online, "
                        + host.kernel(),
                false));
        entries.add(new Entry("JDK", c.jvms().jdk(), false));
        entries.add(new Entry("Pinning", pinning(c.placement()), false));
        entries.add(new Entry("Timing", timing(c.schedule()), false));
        String warmups = warmups(results);
        if (warmups != null) {
            entries.add(new Entry("Warm-ups", warmups, false));
        }
        String floor = noiseFloor(c.noiseFloor());
        if (floor != null) {
            entries.add(new Entry("Noise floor", floor, false));
        }
        entries.add(new Entry("Load client", client(c.client()), false));
        entries.add(new Entry(
                "Server JVM flags",
                flags(c.jvms().serverJvmFlags()),
                !c.jvms().serverJvmFlags().isEmpty()));
        entries.add(new Entry(
                "Client JVM flags",
                flags(c.jvms().clientJvmFlags()),
                !c.jvms().clientJvmFlags().isEmpty()));
        entries.add(new Entry("Build", build(results), false));
        entries.add(new Entry("Profile", c.schedule().profile(), false));
        if (host.loadAverage() != null) {
            entries.add(new Entry(
                    "Load average", host.loadAverage() + " (1, 5, 15 min, at the start: what else ran here)", false));
        }
        if (c.command() != null && !c.command().isBlank()) {
            entries.add(new Entry("Command", c.command(), true));
        }
        return List.copyOf(entries);
    }

    /** When the run was, and whether it completed. */
    static String run(Results results) {
        RunInfo run = results.run();
        String when =
                UTC.format(run.startedAt()) + (run.finishedAt() == null ? "" : " to " + UTC.format(run.finishedAt()));
        if (run.status() == RunStatus.INTERRUPTED) {
            return when + ", interrupted: only the cells that completed are shown";
        }
        return when + ", " + run.status();
    }

    static String pinning(CpuPlacement p) {
        String where;
        if (p.serverCpus() == null && p.clientCpus() == null) {
            where = "not pinned";
        } else {
            where = "servers on CPU " + (p.serverCpus() == null ? "any" : p.serverCpus()) + ", client on CPU "
                    + (p.clientCpus() == null ? "any" : p.clientCpus());
        }
        if (p.pinning() == null || p.pinning().isBlank()) {
            return where;
        }
        // Since the CPUs were recorded apart, the run's own words have named them too: say it once.
        String lower = p.pinning().toLowerCase(Locale.ROOT);
        return lower.startsWith(where.toLowerCase(Locale.ROOT)) ? p.pinning() : p.pinning() + "; " + where;
    }

    private static String timing(Schedule s) {
        String warmup = s.maxWarmupSeconds() > s.warmupSeconds()
                ? "warm-up until the server's JIT was quiet, at least " + Format.seconds(s.warmupSeconds())
                        + " and at most " + Format.seconds(s.maxWarmupSeconds())
                : "warm-up " + Format.seconds(s.warmupSeconds());
        int windows = s.windowsPerFork();
        return warmup + " (not recorded), then " + windows + (windows == 1 ? " window" : " windows") + " of "
                + Format.seconds(s.durationSeconds()) + " recorded; " + s.repetitions()
                + (s.repetitions() == 1 ? " fork (one JVM)" : " forks (a fresh JVM each)") + " per cell";
    }

    /**
     * The noise floor in words: the loop's chunk times on each CPU, steal, SMT and frequency, then each warning; null
     * when the run did not measure it.
     */
    public static String noiseFloor(NoiseFloor floor) {
        if (floor == null) {
            return null;
        }
        List<String> parts = new ArrayList<>();
        for (NoiseFloor.CpuNoise cpu : floor.cpus()) {
            parts.add(String.format(
                    Locale.ROOT,
                    "cpu %d (%s) loop p10/p50/p90 %.0f/%.0f/%.0f µs (spread %.0f %%)",
                    cpu.cpu(),
                    cpu.role(),
                    cpu.p10Micros(),
                    cpu.p50Micros(),
                    cpu.p90Micros(),
                    cpu.spreadPercent()));
        }
        if (floor.stealPercent() != null) {
            parts.add(String.format(Locale.ROOT, "steal %.1f %%", floor.stealPercent()));
        }
        parts.add("SMT: " + floor.smt());
        if (floor.governor() != null) {
            parts.add("governor " + floor.governor());
        }
        if (floor.turbo() != null) {
            parts.add("turbo " + floor.turbo());
        }
        StringBuilder text = new StringBuilder(String.join("; ", parts));
        for (String warning : floor.warnings()) {
            text.append(". Warning: ").append(warning);
        }
        return text.toString();
    }

    /**
     * How long the cells' servers warmed, and which stopped at the longest warm-up unsettled; null when no cell
     * says (runs from before the warm-up waited for the JIT, merges).
     */
    static String warmups(Results results) {
        List<CellResult> warmed = results.cells().stream()
                .filter(cell -> cell.diagnostics().warmup() != null
                        && cell.diagnostics().warmup().seconds() > 0)
                .toList();
        if (warmed.isEmpty()) {
            return null;
        }
        List<Double> seconds = warmed.stream()
                .map(cell -> cell.diagnostics().warmup().seconds())
                .sorted()
                .toList();
        List<String> cut = warmed.stream()
                .filter(cell -> !cell.diagnostics().warmup().settled())
                .map(cell -> cell.id().target() + " / " + cell.id().scenarioId())
                .distinct()
                .toList();
        return String.format(
                        Locale.ROOT,
                        "%s to %s (median %s) over %d cells",
                        tenths(seconds.get(0)),
                        tenths(seconds.get(seconds.size() - 1)),
                        tenths(Stats.median(seconds)),
                        seconds.size())
                + (cut.isEmpty()
                        ? "; every one settled"
                        : "; " + cut.size() + " stopped at the longest warm-up unsettled (their figures may include"
                                + " JIT compilation): " + String.join(", ", cut));
    }

    private static String tenths(double seconds) {
        return String.format(Locale.ROOT, "%.1f s", seconds);
    }

    private static String client(ClientSettings c) {
        return c.clientThreads() + (c.clientThreads() == 1 ? " event-loop thread" : " event-loop threads")
                + "; a request unanswered for " + Format.seconds(c.timeoutSeconds())
                + " counts as a timeout; client-bound at "
                + String.format(Locale.ROOT, "%.0f %%", c.clientBoundAt() * 100) + " of its cores or more";
    }

    private static String flags(List<String> flags) {
        return flags.isEmpty() ? "none" : String.join(" ", flags);
    }

    private static String build(Results results) {
        Build b = results.conditions().build();
        StringBuilder sb = new StringBuilder("httpmodels ").append(b.projectVersion());
        if (b.gitCommit() != null) {
            sb.append(", commit ").append(b.gitCommit());
            if (Boolean.TRUE.equals(b.gitDirty())) {
                sb.append(" with uncommitted changes");
            }
        }
        if (results.run().tool() != null) {
            sb.append("; written by ").append(results.run().tool());
        }
        return sb.toString();
    }
}
