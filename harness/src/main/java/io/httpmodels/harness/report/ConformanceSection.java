package io.httpmodels.harness.report;

import io.httpmodels.harness.conformance.ConformanceMarkdown;
import io.httpmodels.harness.conformance.ConformanceMatrix;
import io.httpmodels.harness.conformance.MatrixRow;
import io.httpmodels.harness.conformance.SecurityFinding;
import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.TargetInfo;
import io.httpmodels.harness.results.TargetKind;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The reports' "Conformance" section: the bundled matrix narrowed to the run's models, with the models it has no
 * record of named. Both writers render it from here. Stateless.
 *
 * @param matrix the matrix for the run's models, or null when the build carries none
 * @param unrecorded the run's models the matrix has no record of
 */
record ConformanceSection(ConformanceMatrix matrix, List<String> unrecorded) {

    static final String HEADING = "Conformance";

    /** The section for {@code results}' models from {@code bundled}. */
    static ConformanceSection of(Results results, Optional<ConformanceMatrix> bundled) {
        List<String> models = results.targets().stream()
                .filter(t -> t.kind() == TargetKind.MODEL)
                .map(TargetInfo::name)
                .toList();
        if (bundled.isEmpty()) {
            return new ConformanceSection(null, models);
        }
        ConformanceMatrix all = bundled.get();
        List<String> labels = new ArrayList<>();
        List<String> unrecorded = new ArrayList<>();
        for (String model : models) {
            List<String> of = all.labelsOf(model);
            if (of.isEmpty()) {
                unrecorded.add(model);
            }
            labels.addAll(of);
        }
        return new ConformanceSection(all.forModels(labels), unrecorded);
    }

    /** The sentence naming what has no record, or "" when every model has one. */
    String unrecordedSentence() {
        if (matrix == null) {
            return "This build carries no conformance matrix (docs/conformance/conformance.json): run"
                    + " scripts/conformance.sh.";
        }
        return unrecorded.isEmpty()
                ? ""
                : "No conformance record of " + String.join(", ", unrecorded) + " (their kits did not run).";
    }

    /** The section in Markdown, under a level-2 heading. */
    String markdown() {
        StringBuilder md = new StringBuilder("\n## " + HEADING + "\n\n");
        if (!unrecordedSentence().isEmpty()) {
            md.append(unrecordedSentence()).append("\n\n");
        }
        if (matrix != null && !matrix.models().isEmpty()) {
            md.append(ConformanceMarkdown.body(matrix, "###"));
        }
        return md.toString();
    }

    /** The section in HTML: provenance, security first, the counts, then each kit's rules in a details element. */
    String html() {
        StringBuilder h = new StringBuilder("<section id=\"conformance\">\n<h2>" + HEADING + "</h2>\n");
        if (!unrecordedSentence().isEmpty()) {
            h.append("<p class=\"section-note\">")
                    .append(Html.text(unrecordedSentence()))
                    .append("</p>\n");
        }
        if (matrix == null || matrix.models().isEmpty()) {
            return h.append("</section>\n").toString();
        }
        h.append("<p class=\"section-note\">")
                .append(Html.text(ConformanceMarkdown.provenance(matrix)))
                .append("</p>\n");
        h.append("<div class=\"panel table-panel\"><h3>Security-relevant deviations</h3>\n");
        if (matrix.security().isEmpty()) {
            h.append("<p>None among these models.</p>\n");
        } else {
            h.append("<table class=\"numbers conformance-security\"><thead><tr><th>concern</th><th>model</th>"
                    + "<th>kit</th><th>rule</th><th>instead</th><th>breaks</th><th>measured</th></tr></thead>\n"
                    + "<tbody>\n");
            for (SecurityFinding f : matrix.security()) {
                h.append("<tr>");
                for (String cell : Arrays.asList(
                        f.concern(), f.model(), f.kit(), f.rule(), f.instead(), f.ruleName(), f.measured())) {
                    h.append("<td>").append(Html.text(cell == null ? "" : cell)).append("</td>");
                }
                h.append("</tr>\n");
            }
            h.append("</tbody></table>\n");
        }
        h.append("</div>\n");
        h.append("<div class=\"panel table-panel\"><h3>Cases per model: passed / deviations / failed of those run"
                + "</h3>\n<table class=\"numbers conformance-counts\"><thead><tr><th>model</th>");
        matrix.kits().forEach(kit -> h.append("<th>").append(Html.text(kit)).append("</th>"));
        h.append("</tr></thead>\n<tbody>\n");
        for (String model : matrix.models()) {
            h.append("<tr><td>").append(Html.text(model)).append("</td>");
            for (String kit : matrix.kits()) {
                h.append("<td>")
                        .append(Html.text(ConformanceMarkdown.counts(matrix, model, kit)))
                        .append("</td>");
            }
            h.append("</tr>\n");
        }
        h.append("</tbody></table></div>\n");
        for (String kit : matrix.kits()) {
            h.append("<details class=\"panel table-panel\"><summary>")
                    .append(Html.text(kit))
                    .append(": every rule</summary>\n<table class=\"numbers conformance-rules\"><thead><tr>"
                            + "<th>rule</th>");
            matrix.models()
                    .forEach(model -> h.append("<th>").append(Html.text(model)).append("</th>"));
            h.append("</tr></thead>\n<tbody>\n");
            for (MatrixRow row : matrix.rows()) {
                if (!row.kit().equals(kit)) {
                    continue;
                }
                h.append("<tr><td>").append(Html.text(row.rule())).append("</td>");
                for (String model : matrix.models()) {
                    h.append("<td>")
                            .append(Html.text(
                                    ConformanceMarkdown.cellText(row.cells().get(model))))
                            .append("</td>");
                }
                h.append("</tr>\n");
            }
            h.append("</tbody></table></details>\n");
        }
        return h.append("</section>\n").toString();
    }
}
