package io.httpmodels.harness.regress;

import io.httpmodels.harness.results.RatioInterval;
import io.httpmodels.harness.results.Regression;
import io.httpmodels.harness.results.RegressionCell;
import io.httpmodels.harness.results.Stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Renders a {@link Regression} as the terminal's table and as Markdown (a CI job summary): per cell the base's
 * and the candidate's median requests/s, p99 and server CPU time per request, each change as the median paired ratio with its interval, and
 * the verdict; then how to read it. Reads only the data, so a stored run renders the same.
 */
public final class RegressTable {

    private static final String[] HEADER = {
        "cell",
        "base req/s",
        "cand req/s",
        "req/s change [interval]",
        "base p99",
        "cand p99",
        "p99 change [interval]",
        "base CPU/req",
        "cand CPU/req",
        "CPU/req change [interval]",
        "verdict"
    };

    private RegressTable() {}

    /** The table for a terminal, columns aligned, then the notes. */
    public static String text(Regression r) {
        List<String[]> rows = rows(r);
        int[] width = new int[HEADER.length];
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                width[i] = Math.max(width[i], row[i].length());
            }
        }
        StringBuilder sb = new StringBuilder();
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                boolean left = i == 0 || i == row.length - 1;
                String cell = left ? pad(row[i], width[i], false) : pad(row[i], width[i], true);
                sb.append(i == 0 ? "" : "  ").append(cell);
            }
            sb.append(System.lineSeparator());
        }
        for (String note : notes(r)) {
            sb.append(note).append(System.lineSeparator());
        }
        return sb.toString().replaceAll(" +(\\R)", "$1");
    }

    /** The table as GitHub-flavoured Markdown, with a heading and the notes. */
    public static String markdown(Regression r) {
        StringBuilder sb = new StringBuilder();
        sb.append("### httpmodels regress: ").append(r.verdict());
        if (!r.regressions().isEmpty()) {
            sb.append(" in ").append(String.join(", ", r.regressions()));
        }
        sb.append("\n\n");
        List<String[]> rows = rows(r);
        for (int i = 0; i < rows.size(); i++) {
            sb.append("| ").append(String.join(" | ", escape(rows.get(i)))).append(" |\n");
            if (i == 0) {
                sb.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
            }
        }
        sb.append('\n');
        for (String note : notes(r)) {
            sb.append(note).append("  \n");
        }
        return sb.toString();
    }

    private static List<String[]> rows(Regression r) {
        List<String[]> rows = new ArrayList<>();
        rows.add(HEADER.clone());
        for (RegressionCell c : r.cells()) {
            rows.add(new String[] {
                c.id(),
                rps(c.rounds().baseRequestsPerSecond()),
                rps(c.rounds().candidateRequestsPerSecond()),
                change(c.changes().requestsPerSecond()),
                micros(c.rounds().baseP99Micros()),
                micros(c.rounds().candidateP99Micros()),
                change(c.changes().p99()),
                cpu(c.rounds().baseCpuMicros()),
                cpu(c.rounds().candidateCpuMicros()),
                change(c.changes().cpuPerRequest()),
                c.verdict().label()
            });
        }
        return rows;
    }

    private static List<String> notes(Regression r) {
        List<String> notes = new ArrayList<>();
        double achieved = r.cells().stream()
                .filter(c -> c.changes().requestsPerSecond() != null)
                .mapToDouble(c -> c.changes().requestsPerSecond().confidence())
                .min()
                .orElse(Double.NaN);
        notes.add(String.format(
                Locale.ROOT,
                "base: %s; candidate: %s%s",
                r.sides().base(),
                r.sides().candidate(),
                r.sides().candidateJvmFlags().isEmpty()
                        ? ""
                        : " (its servers run with " + String.join(" ", r.sides().candidateJvmFlags()) + ")"));
        notes.add(String.format(
                Locale.ROOT,
                "change: median of the %d per-round paired ratios candidate / base (each round: both sides in fresh"
                        + " JVMs; req/s and p99 recorded in windows in which they take turns, CPU per request in"
                        + " windows in which both are loaded at once in an open loop at the same rate (unless"
                        + " --cpu-windows 0); a side's figure the median of its windows); [interval]: %s, achieved"
                        + " confidence %.1f %% (asked %.0f %%)",
                r.gate().rounds(),
                PairedRatio.METHOD,
                100 * achieved,
                100 * r.gate().confidenceWanted()));
        notes.add(String.format(
                Locale.ROOT,
                "verdict: regression when the interval lies wholly on the worse side of no change and the median"
                        + " beyond -%.0f %% for req/s, +%.0f %% for p99 or +%.0f %% for the server's CPU time per"
                        + " request; improvement symmetrically; else same",
                100 * r.gate().requestsTolerance(),
                100 * r.gate().p99Tolerance(),
                100 * r.gate().cpuTolerance()));
        String noise = noise(r);
        if (noise != null) {
            notes.add(noise);
        }
        if (r.sides().calibration() != null) {
            notes.add("calibration: " + r.sides().calibration());
        }
        if (r.sides().note() != null) {
            notes.add("note: " + r.sides().note());
        }
        for (RegressionCell c : r.cells()) {
            if (c.failure() != null) {
                notes.add(c.id() + ": " + c.failure());
            }
        }
        return notes;
    }

    /**
     * The machine's noise, cell by cell: how far apart one JVM's windows were in CPU time per request (the median
     * over every side and round), then what taking turns left of it in the ratios candidate / base (how far apart a
     * round's windows' ratios were, median over the rounds), and a warning when what is left reaches the CPU
     * tolerance (or the noise itself, when nothing is known of what is left): a change of about that size can then
     * go unflagged in one run (the intervals are that wide), and more rounds narrow them. Null when no cell knows it.
     */
    static String noise(Regression r) {
        List<String> parts = new ArrayList<>();
        List<String> left = new ArrayList<>();
        double worst = 0;
        for (RegressionCell c : r.cells()) {
            if (c.noise().cpuWindowSpread() != null) {
                parts.add(c.id() + " " + percentPlain(c.noise().cpuWindowSpread()));
            }
            if (c.noise().cpuTurnSpread() != null) {
                left.add(c.id() + " " + percentPlain(c.noise().cpuTurnSpread()));
            }
            Double judged = c.noise().cpuTurnSpread() != null
                    ? c.noise().cpuTurnSpread()
                    : c.noise().cpuWindowSpread();
            if (judged != null) {
                worst = Math.max(worst, judged);
            }
        }
        if (parts.isEmpty() && left.isEmpty()) {
            return null;
        }
        String line = "noise:";
        if (!parts.isEmpty()) {
            line += " one JVM's windows differed in CPU time per request by a median of " + String.join(", ", parts)
                    + " (largest / smallest)";
        }
        if (!left.isEmpty()) {
            line += (parts.isEmpty() ? "" : ";") + " taking turns, a round's windows differed in their ratio candidate"
                    + " / base by a median of " + String.join(", ", left);
        }
        if (worst >= r.gate().cpuTolerance()) {
            line += String.format(
                    Locale.ROOT,
                    "; at or beyond the %.0f %% tolerance this machine's own noise is as large as the changes judged,"
                            + " so one run may miss a change of about that size: more --rounds narrow the intervals,"
                            + " a quieter machine more (docs/regression-gate.md)",
                    100 * r.gate().cpuTolerance());
        }
        return line;
    }

    private static String percentPlain(double share) {
        return String.format(Locale.ROOT, "%.1f %%", 100 * share);
    }

    static String change(RatioInterval i) {
        if (i == null) {
            return "–";
        }
        return String.format(Locale.ROOT, "%s [%s, %s]", percent(i.median()), percent(i.lower()), percent(i.upper()));
    }

    private static String percent(double ratio) {
        double p = 100 * (ratio - 1);
        return String.format(Locale.ROOT, "%+.1f %%", Math.abs(p) < 0.05 ? 0.0 : p);
    }

    private static String rps(List<Double> values) {
        return values.isEmpty() ? "–" : String.format(Locale.ROOT, "%,.0f", Stats.median(values));
    }

    private static String micros(List<Long> values) {
        if (values.isEmpty()) {
            return "–";
        }
        double us = Stats.median(values);
        if (us >= 1000) {
            return String.format(Locale.ROOT, "%.2f ms", us / 1000);
        }
        return String.format(Locale.ROOT, "%.0f µs", us);
    }

    private static String cpu(List<Double> values) {
        return values.isEmpty() ? "–" : String.format(Locale.ROOT, "%.2f µs", Stats.median(values));
    }

    private static String pad(String s, int width, boolean right) {
        String spaces = " ".repeat(Math.max(0, width - s.length()));
        return right ? spaces + s : s + spaces;
    }

    private static String[] escape(String[] row) {
        String[] out = new String[row.length];
        for (int i = 0; i < row.length; i++) {
            out[i] = row[i].replace("|", "\\|");
        }
        return out;
    }
}
