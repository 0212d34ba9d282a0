package io.httpmodels.harness.conformance;

import java.util.List;

/**
 * The matrix in Markdown: where it comes from, the security-relevant deviations first, a count per model and kit,
 * then one table per kit with the rules as rows and the models as columns.
 */
public final class ConformanceMarkdown {

    /** How long a cell's "instead" may be before it is cut (the JSON keeps it whole). */
    static final int SHORT_CHARS = 60;

    private ConformanceMarkdown() {}

    /** The page {@code httpmodels conformance} writes: a title, then {@link #body}. */
    public static String page(ConformanceMatrix matrix) {
        return "# Conformance matrix\n\n"
                + "Every case of the kits (server-api's test-jar) as it ran for each model. A cell is `pass` (with "
                + "what the case measured, cut short, where it measures: an HTTP/2 attack's outcome), a "
                + "documented deviation (what the model does instead, cut short; `conformance.json` has it whole, "
                + "with the rule and what the case measured), `FAILED`, `skipped`, `not run` with the reason the "
                + "kit class gives for leaving the model out (or, in the HTTP/2 kits' rows, that the model speaks "
                + "HTTP/1.1 only), or `—` where no record says anything of the case. "
                + "Written by `scripts/conformance.sh` (`httpmodels conformance`); do not edit by hand.\n\n"
                + body(matrix, "##");
    }

    /**
     * The matrix under headings of level {@code heading} ({@code "##"}): provenance, security, counts, tables.
     */
    public static String body(ConformanceMatrix matrix, String heading) {
        StringBuilder md = new StringBuilder();
        md.append(provenance(matrix)).append("\n\n");
        md.append(heading).append(" Security-relevant deviations\n\n");
        if (matrix.security().isEmpty()) {
            md.append("None among these models.\n\n");
        } else {
            md.append(
                    "| concern | model | kit | rule | instead | breaks | measured |\n|---|---|---|---|---|---|---|\n");
            for (SecurityFinding f : matrix.security()) {
                md.append("| ")
                        .append(cell(f.concern()))
                        .append(" | ")
                        .append(cell(f.model()))
                        .append(" | ")
                        .append(cell(f.kit()))
                        .append(" | ")
                        .append(cell(f.rule()))
                        .append(" | ")
                        .append(cell(f.instead()))
                        .append(" | ")
                        .append(cell(f.ruleName()))
                        .append(" | ")
                        .append(cell(f.measured()))
                        .append(" |\n");
            }
            md.append('\n');
        }
        md.append(heading).append(" Cases per model: passed / deviations / failed of those run\n\n");
        md.append("| model |");
        matrix.kits().forEach(kit -> md.append(' ').append(kit).append(" |"));
        md.append("\n|---|");
        matrix.kits().forEach(kit -> md.append("---|"));
        md.append('\n');
        for (String model : matrix.models()) {
            md.append("| ").append(cell(model)).append(" |");
            for (String kit : matrix.kits()) {
                md.append(' ').append(counts(matrix, model, kit)).append(" |");
            }
            md.append('\n');
        }
        for (String kit : matrix.kits()) {
            md.append('\n').append(heading).append(' ').append(kit).append("\n\n| rule |");
            matrix.models().forEach(model -> md.append(' ').append(cell(model)).append(" |"));
            md.append("\n|---|");
            matrix.models().forEach(model -> md.append("---|"));
            md.append('\n');
            for (MatrixRow row : matrix.rows()) {
                if (!row.kit().equals(kit)) {
                    continue;
                }
                md.append("| ").append(cell(row.rule())).append(" |");
                for (String model : matrix.models()) {
                    md.append(' ')
                            .append(cell(cellText(row.cells().get(model))))
                            .append(" |");
                }
                md.append('\n');
            }
        }
        return md.toString();
    }

    /** Where the matrix comes from, in a sentence. */
    public static String provenance(ConformanceMatrix matrix) {
        return "As recorded by the kits on " + matrix.recordedAt()
                + (matrix.commit() == null ? "" : " at commit " + shortCommit(matrix.commit())) + ": "
                + matrix.models().size() + " models, " + matrix.kits().size() + " kits ("
                + String.join(", ", matrix.kits()) + "), " + matrix.rows().size() + " rules.";
    }

    /**
     * "12 / 3 / 0 of 15", with "(1 not run)" after it when the kit class left cases out; "not run: why" when it left
     * them all out; "no record" when nothing was recorded.
     */
    public static String counts(ConformanceMatrix matrix, String model, String kit) {
        long ran = matrix.ran(model, kit);
        List<String> reasons = matrix.notRunReasons(model, kit);
        if (ran == 0) {
            return reasons.isEmpty() ? "no record" : "not run: " + shortened(String.join("; ", reasons));
        }
        long notRun = matrix.count(model, kit, CaseOutcome.NOT_RUN);
        return matrix.count(model, kit, CaseOutcome.PASSED) + " / " + matrix.count(model, kit, CaseOutcome.DEVIATION)
                + " / " + matrix.count(model, kit, CaseOutcome.FAILED) + " of " + ran
                + (notRun == 0 ? "" : " (" + notRun + " not run)");
    }

    /**
     * A cell in words: pass (with what the case measured, cut short, where it measured: an HTTP/2 attack's outcome),
     * the deviation's short "instead", FAILED, skipped, not run with the short reason, or — where no record says
     * anything.
     */
    public static String cellText(MatrixCell cell) {
        if (cell == null) {
            return "—";
        }
        return switch (cell.outcome()) {
            case PASSED -> cell.measured() == null ? "pass" : "pass: " + shortened(cell.measured());
            case DEVIATION -> "✗ " + shortened(cell.instead());
            case FAILED -> "FAILED";
            case ABORTED -> "skipped";
            case NOT_RUN -> "not run: " + shortened(cell.reason());
        };
    }

    /** {@code text} cut at a word before {@link #SHORT_CHARS}, with an ellipsis when cut. */
    static String shortened(String text) {
        if (text == null) {
            return "";
        }
        if (text.length() <= SHORT_CHARS) {
            return text;
        }
        int cut = text.lastIndexOf(' ', SHORT_CHARS);
        return text.substring(0, cut > 0 ? cut : SHORT_CHARS) + "…";
    }

    static String shortCommit(String commit) {
        return commit.length() > 12 ? commit.substring(0, 12) : commit;
    }

    /** Text safe inside a Markdown table cell: pipes escaped, line breaks as spaces. */
    static String cell(String text) {
        return text == null ? "" : text.replace("|", "\\|").replaceAll("[\\r\\n]+", " ");
    }

    /** The models of {@code wanted} the matrix has no record of, in their order. */
    public static List<String> unrecorded(ConformanceMatrix matrix, List<String> wanted) {
        return wanted.stream().filter(m -> !matrix.models().contains(m)).toList();
    }
}
