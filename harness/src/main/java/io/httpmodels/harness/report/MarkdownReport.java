package io.httpmodels.harness.report;

import io.httpmodels.harness.conformance.BundledMatrix;
import io.httpmodels.harness.conformance.ConformanceMatrix;
import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.Scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code report.md}: the conditions, then one table per scenario with every target a row and what limits each
 * figure beside it, then the capacity table when the run searched one. Reads only {@link Results}. Stateless.
 */
public final class MarkdownReport {

    private MarkdownReport() {}

    /** The whole report as Markdown text, with the conformance matrix this build carries ({@link BundledMatrix}). */
    public static String render(Results results) {
        return render(results, BundledMatrix.load());
    }

    /** The whole report as Markdown text, with {@code matrix} as its conformance section. */
    public static String render(Results results, Optional<ConformanceMatrix> matrix) {
        StringBuilder md = new StringBuilder("# httpmodels: HTTP server models compared\n\n");
        for (ConditionsText.Entry e : ConditionsText.of(results)) {
            md.append("- **").append(e.label()).append(":** ");
            md.append(e.code() ? code(e.value()) : escape(e.value())).append('\n');
        }

        md.append("\n## Targets\n\n");
        table(
                md,
                List.of("target", "kind", "what it is", "what ran"),
                List.of(false, false, false, false),
                results.targets().stream()
                        .map(t -> List.of(t.name(), t.kind().label(), orNone(t.description()), orNone(t.running())))
                        .toList());

        if (results.merge() != null) {
            md.append("\n## Agents\n\nMerged from ")
                    .append(results.merge().agents().size())
                    .append(" agents' interval logs: histograms added exactly (")
                    .append(escape(results.merge().histogramSettings()))
                    .append("), timelines aligned on absolute time from ")
                    .append(results.merge().timelineStart())
                    .append(".\n\n");
            table(
                    md,
                    AgentsTable.HEADERS,
                    AgentsTable.HEADERS.stream().map(h -> false).toList(),
                    AgentsTable.rows(results));
            md.append('\n').append(escape(AgentsTable.NOTE)).append('\n');
        }

        md.append("\n## How to read the tables\n\n");
        for (String sentence : ReadingGuide.sentences(ScenarioTable.hasNginx(results))) {
            md.append("- ").append(escape(sentence)).append('\n');
        }

        for (Scenario scenario : results.scenarios()) {
            ScenarioTable t = ScenarioTable.of(results, scenario);
            md.append("\n## ").append(escape(scenario.title())).append("\n\n");
            md.append("Scenario `").append(scenario.id()).append("`.\n\n");
            int columnCount = t.columns().size();
            table(
                    md,
                    t.columns().stream().map(ScenarioTable.Column::joined).toList(),
                    t.columns().stream().map(ScenarioTable.Column::numeric).toList(),
                    t.rows().stream().map(r -> r.allCells(columnCount)).toList());
            if (!t.rankings().isEmpty()) {
                md.append('\n');
                for (String line : t.rankings()) {
                    md.append("- ").append(escape(line)).append('\n');
                }
            }
            for (String note : t.footnotes()) {
                md.append('\n').append(escape(note)).append('\n');
            }
            WhyTable why = WhyTable.of(results, scenario, true);
            if (why != null) {
                md.append("\n### Why, per request\n\n");
                table(
                        md,
                        why.headers(),
                        why.numeric(),
                        why.rows().stream()
                                .map(r -> full(r, why.headers().size()))
                                .toList());
                md.append('\n').append(escape(WhyTable.LEGEND)).append(".\n");
                for (String note : why.notes()) {
                    md.append('\n').append(escape(note)).append('\n');
                }
                for (WhyTable.Link link : why.flameGraphs()) {
                    md.append("\n- flame graph: [")
                            .append(escape(link.label()))
                            .append("](")
                            .append(link.file())
                            .append(")\n");
                }
            }
        }

        for (BackgroundTables.Table t : BackgroundTables.of(results)) {
            md.append("\n## ").append(escape(t.heading())).append("\n\n");
            md.append("Scenario `").append(t.scenarioId()).append("`");
            if (t.aloneId() != null) {
                md.append(", against `").append(t.aloneId()).append("`");
            }
            md.append(".\n\n");
            table(md, t.headers(), t.numeric(), t.rows());
            md.append('\n').append(escape(t.note())).append('\n');
        }

        if (!results.capacities().isEmpty()) {
            md.append("\n## Capacity\n\n");
            table(
                    md,
                    CapacityTable.HEADERS,
                    List.of(false, false, false, true, true, false),
                    CapacityTable.rows(results));
            md.append('\n').append(escape(CapacityTable.note())).append('\n');
        }
        md.append(ConformanceSection.of(results, matrix).markdown());
        return md.toString();
    }

    private static void table(StringBuilder md, List<String> headers, List<Boolean> numeric, List<List<String>> rows) {
        md.append('|');
        for (String h : headers) {
            md.append(' ').append(escape(h)).append(" |");
        }
        md.append("\n|");
        for (boolean n : numeric) {
            md.append(n ? "---:|" : "---|");
        }
        md.append('\n');
        for (List<String> row : rows) {
            md.append('|');
            for (String cell : row) {
                md.append(cell.isEmpty() ? " |" : " " + escape(cell) + " |");
            }
            md.append('\n');
        }
    }

    /** A row of {@code columns} cells: one without figures says why across the rest. */
    private static List<String> full(List<String> row, int columns) {
        if (row.size() == columns) {
            return row;
        }
        List<String> cells = new ArrayList<>(row);
        while (cells.size() < columns) {
            cells.add("");
        }
        return cells;
    }

    private static String orNone(String value) {
        return value == null || value.isBlank() ? Format.NONE : value;
    }

    /** Text safe inside a Markdown table cell or list item: no line breaks, no column breaks. */
    static String escape(String text) {
        return text.replace("\r", " ").replace("\n", " ").replace("|", "\\|");
    }

    private static String code(String text) {
        String oneLine = text.replace("\r", " ").replace("\n", " ");
        String fence = oneLine.contains("`") ? "``" : "`";
        return fence + (fence.length() > 1 ? " " + oneLine + " " : oneLine) + fence;
    }
}
