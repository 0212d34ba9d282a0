package io.httpmodels.harness.diff;

import io.httpmodels.harness.diff.RunDiff.Change;
import io.httpmodels.harness.diff.RunDiff.Figure;
import io.httpmodels.harness.diff.RunDiff.FigureChange;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A {@link RunDiff} as text for the terminal or as Markdown: a line per scenario and target, each figure as its
 * ratio B / A with the 95 % interval and what it shows ({@code ~} where the interval holds 1, as benchstat prints).
 * Stateless.
 */
final class DiffReport {

    private static final List<Figure> COLUMNS =
            List.of(Figure.REQUESTS_PER_SECOND, Figure.CPU_PER_REQUEST, Figure.P50, Figure.P99, Figure.RSS_PEAK);

    private DiffReport() {}

    /** Fixed-width text. */
    static String text(RunDiff diff) {
        List<List<String>> table = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("scenario", "target", "forks"));
        COLUMNS.forEach(f -> header.add(f.label() + " B/A"));
        table.add(header);
        for (RunDiff.Row row : diff.rows()) {
            List<String> line =
                    new ArrayList<>(List.of(row.scenarioId(), row.target(), row.forksA() + "/" + row.forksB()));
            for (Figure f : COLUMNS) {
                line.add(cell(row.figure(f)));
            }
            table.add(line);
        }
        int[] widths = new int[header.size()];
        for (List<String> line : table) {
            for (int i = 0; i < line.size(); i++) {
                widths[i] = Math.max(widths[i], line.get(i).length());
            }
        }
        StringBuilder out = new StringBuilder();
        out.append("A: ").append(diff.a()).append('\n');
        out.append("B: ").append(diff.b()).append('\n');
        for (List<String> line : table) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < line.size(); i++) {
                if (i > 0) {
                    sb.append("  ");
                }
                String cell = line.get(i);
                String pad = " ".repeat(widths[i] - cell.length());
                sb.append(i < 2 ? cell + pad : pad + cell);
            }
            out.append(sb.toString().stripTrailing()).append('\n');
        }
        out.append(legend());
        for (String note : diff.notes()) {
            out.append("note: ").append(note).append('\n');
        }
        return out.toString();
    }

    /** A Markdown page. */
    static String markdown(RunDiff diff) {
        StringBuilder md = new StringBuilder("# httpmodels diff\n\n");
        md.append("- A: ").append(diff.a()).append('\n');
        md.append("- B: ").append(diff.b()).append("\n\n");
        md.append("| scenario | target | forks A/B |");
        COLUMNS.forEach(f -> md.append(' ').append(f.label()).append(" B/A |"));
        md.append("\n|---|---|---:|");
        COLUMNS.forEach(f -> md.append("---:|"));
        md.append('\n');
        for (RunDiff.Row row : diff.rows()) {
            md.append("| ")
                    .append(row.scenarioId())
                    .append(" | ")
                    .append(row.target())
                    .append(" | ")
                    .append(row.forksA())
                    .append('/')
                    .append(row.forksB())
                    .append(" |");
            for (Figure f : COLUMNS) {
                md.append(' ').append(cell(row.figure(f))).append(" |");
            }
            md.append('\n');
        }
        md.append('\n').append(legend());
        if (!diff.notes().isEmpty()) {
            md.append('\n');
            diff.notes().forEach(n -> md.append("- ").append(n).append('\n'));
        }
        return md.toString();
    }

    /** {@code 1.08 [1.03, 1.13] faster}, {@code 0.99 [0.95, 1.04] ~}, {@code 1.10 (no interval)}. */
    static String cell(FigureChange f) {
        if (f == null) {
            return "–";
        }
        String ratio = String.format(Locale.ROOT, "%.2f", f.ratio());
        if (f.change() == Change.UNKNOWN) {
            return ratio + " (no interval)";
        }
        String interval = String.format(Locale.ROOT, " [%.2f, %.2f]", f.low(), f.high());
        return ratio + interval + " "
                + (f.change() == Change.SAME ? "~" : f.change().word());
    }

    private static String legend() {
        return "B/A: B's figure over A's (geometric means over forks) [95 % interval, Welch's t on log values];"
                + " ~: the interval holds 1, no change shown; faster: more requests/s, or less CPU or latency per"
                + " request; forks: A's/B's.\n";
    }
}
