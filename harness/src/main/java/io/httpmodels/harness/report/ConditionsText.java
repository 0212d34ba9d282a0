package io.httpmodels.harness.report;

import io.httpmodels.harness.results.Conditions;
import io.httpmodels.harness.results.Results;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The conditions of a run in words, label by label, for the head of every report: no figure travels without
 * the machine, JDK, pinning and timings it was measured under.
 */
final class ConditionsText {

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
        entries.add(new Entry(
                "Machine",
                c.cpuModel() + ", " + c.onlineCpus() + (c.onlineCpus() == 1 ? " CPU" : " CPUs") + " online, "
                        + c.kernel(),
                false));
        entries.add(new Entry("JDK", c.jdk(), false));
        entries.add(new Entry("Pinning", pinning(c), false));
        entries.add(new Entry("Timing", timing(c), false));
        entries.add(new Entry("Load client", client(c), false));
        entries.add(new Entry(
                "Server JVM flags",
                flags(c.serverJvmFlags()),
                !c.serverJvmFlags().isEmpty()));
        entries.add(new Entry(
                "Client JVM flags",
                flags(c.clientJvmFlags()),
                !c.clientJvmFlags().isEmpty()));
        entries.add(new Entry("Build", build(results), false));
        entries.add(new Entry("Profile", c.profile(), false));
        if (c.command() != null && !c.command().isBlank()) {
            entries.add(new Entry("Command", c.command(), true));
        }
        return List.copyOf(entries);
    }

    /** When the run was, and whether it completed. */
    static String run(Results results) {
        String when = UTC.format(results.startedAt())
                + (results.finishedAt() == null ? "" : " to " + UTC.format(results.finishedAt()));
        if (Results.INTERRUPTED.equals(results.status())) {
            return when + ", interrupted: only the cells that completed are shown";
        }
        return when + ", " + results.status();
    }

    private static String pinning(Conditions c) {
        String where;
        if (c.serverCpus() == null && c.clientCpus() == null) {
            where = "not pinned";
        } else {
            where = "servers on CPU " + (c.serverCpus() == null ? "any" : c.serverCpus()) + ", client on CPU "
                    + (c.clientCpus() == null ? "any" : c.clientCpus());
        }
        return c.pinning() == null || c.pinning().isBlank() ? where : c.pinning() + "; " + where;
    }

    private static String timing(Conditions c) {
        return "warm-up " + Format.seconds(c.warmupSeconds()) + " (not recorded), then "
                + Format.seconds(c.durationSeconds()) + " recorded; " + c.repetitions()
                + (c.repetitions() == 1 ? " repetition" : " repetitions") + " per cell";
    }

    private static String client(Conditions c) {
        return c.clientThreads() + (c.clientThreads() == 1 ? " event-loop thread" : " event-loop threads")
                + "; a request unanswered for " + Format.seconds(c.timeoutSeconds())
                + " counts as a timeout; client-bound at "
                + String.format(Locale.ROOT, "%.0f %%", c.clientBoundAt() * 100) + " of its cores or more";
    }

    private static String flags(List<String> flags) {
        return flags.isEmpty() ? "none" : String.join(" ", flags);
    }

    private static String build(Results results) {
        Conditions c = results.conditions();
        StringBuilder sb = new StringBuilder("httpmodels ").append(c.projectVersion());
        if (c.gitCommit() != null) {
            sb.append(", commit ").append(c.gitCommit());
            if (Boolean.TRUE.equals(c.gitDirty())) {
                sb.append(" with uncommitted changes");
            }
        }
        if (results.tool() != null) {
            sb.append("; written by ").append(results.tool());
        }
        return sb.toString();
    }
}
