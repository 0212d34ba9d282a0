package io.httpmodels.harness.report;

import io.httpmodels.harness.results.AtomicFiles;
import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.ResultsJson;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes a run's files into its folder: {@code results.json}, {@code report.md} and {@code report.html}, each
 * whole or not at all ({@link AtomicFiles}). Every text is rendered before the first file is written, so a
 * rendering failure leaves the folder as it was. Stateless.
 */
public final class ReportWriter {

    public static final String RESULTS_JSON = "results.json";
    public static final String REPORT_MD = "report.md";
    public static final String REPORT_HTML = "report.html";

    private ReportWriter() {}

    /**
     * Writes the data and both reports.
     *
     * @return the paths written: results.json, report.md, report.html
     */
    public static List<Path> writeAll(Results results, Path dir) throws IOException {
        String json = ResultsJson.toJson(results);
        String markdown = MarkdownReport.render(results);
        String html = HtmlReport.render(results);
        Path jsonFile = dir.resolve(RESULTS_JSON);
        AtomicFiles.write(jsonFile, json);
        return List.of(jsonFile, write(dir.resolve(REPORT_MD), markdown), write(dir.resolve(REPORT_HTML), html));
    }

    /**
     * Writes both reports from data already on disk: what {@code httpmodels report} does.
     *
     * @return the paths written: report.md, report.html
     */
    public static List<Path> writeReports(Results results, Path dir) throws IOException {
        String markdown = MarkdownReport.render(results);
        String html = HtmlReport.render(results);
        return List.of(write(dir.resolve(REPORT_MD), markdown), write(dir.resolve(REPORT_HTML), html));
    }

    private static Path write(Path file, String text) throws IOException {
        AtomicFiles.write(file, text);
        return file;
    }
}
