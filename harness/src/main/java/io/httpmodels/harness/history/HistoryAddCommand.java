package io.httpmodels.harness.history;

import io.httpmodels.harness.cli.ResultsFileCommand;
import io.httpmodels.harness.results.Results;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code httpmodels history add RESULTS_JSON --history DIR}: appends one run of {@code compare} or
 * {@code regress} to the history ({@link HistoryStore}), with a link to its report when one is known. Every run is
 * kept, another run of a commit the history holds too. Bad input (another schema, a truncated file, no commit, a
 * damaged history, the same run added twice) exits 2 and writes nothing.
 */
@Command(
        name = "add",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Append a run (a results.json of 'compare' or 'regress') to the history in DIR.",
            "The run is filed under its machine's fingerprint (CPU model, CPUs, pinning, JDK), as",
            "DIR/<machine>/<start time>-<commit>.json, written whole or not at all. Every run is kept: several runs"
                    + " of one commit are drawn at that commit as a spread."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:the run was added",
            "1:could not write the history",
            "2:bad input, nothing written: not a results file, another schema, no commit, an interrupted run,"
                    + " a damaged history, or this very run already there"
        })
final class HistoryAddCommand extends ResultsFileCommand {

    /** The report file looked for beside a results.json when --report is not given. */
    static final String REPORT_FILE = "report.html";

    @Option(
            names = "--history",
            required = true,
            paramLabel = "DIR",
            description = "The history's folder (created when missing).")
    Path historyDir;

    @Option(
            names = "--report",
            paramLabel = "PATH|URL",
            description = "The run's report to link its points to: a file (kept relative to DIR) or a URL."
                    + " Default: report.html beside RESULTS_JSON, when there is one.")
    String report;

    @Override
    protected int run(Results results, PrintWriter out, PrintWriter err) {
        try {
            HistoryRun run = HistoryRun.of(results, link());
            Path written = new HistoryStore(historyDir).add(run);
            out.println("added " + run.kind().label() + " run of " + run.shortCommit() + " on "
                    + run.machine().id() + ": " + written);
            out.flush();
            return 0;
        } catch (HistoryException e) {
            err.println("httpmodels history add: " + resultsJson + ": " + e.getMessage());
            return 2;
        } catch (IOException e) {
            err.println("httpmodels history add: cannot write into " + historyDir + ": " + e);
            return 1;
        }
    }

    /** The report link to record: a URL as given, a file relative to the history's folder, or null. */
    private String link() {
        if (report != null && report.contains("://")) {
            return report;
        }
        Path file =
                report != null ? Path.of(report) : resultsJson.toAbsolutePath().resolveSibling(REPORT_FILE);
        if (report == null && !Files.isRegularFile(file)) {
            return null;
        }
        return historyDir
                .toAbsolutePath()
                .normalize()
                .relativize(file.toAbsolutePath().normalize())
                .toString();
    }
}
