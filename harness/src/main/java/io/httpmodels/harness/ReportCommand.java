package io.httpmodels.harness;

import io.httpmodels.harness.cli.ResultsFileCommand;
import io.httpmodels.harness.report.ReportWriter;
import io.httpmodels.harness.report.TextTable;
import io.httpmodels.harness.results.Results;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code httpmodels report RESULTS}: re-renders {@code report.md} and {@code report.html} from a
 * {@code results.json} (given, or in the folder given), beside it or into {@code --out}, and prints the terminal
 * table and the paths written.
 * The JSON itself is only read.
 */
@Command(
        name = "report",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Re-render report.md and report.html from a results.json written by 'compare', or from the folder of a run.",
            "Prints the summary table and the paths written."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:reports written",
            "1:could not write the reports",
            "2:usage error: no such file, not a results file, unsupported schemaVersion"
        })
final class ReportCommand extends ResultsFileCommand {

    @Option(
            names = {"-o", "--out"},
            paramLabel = "DIR",
            description = "Write the reports into DIR (default: the folder of the results).")
    Path outDir;

    @Override
    protected int run(Results results, PrintWriter out, PrintWriter err) {
        Path dir = outDir != null ? outDir : resultsJson.toAbsolutePath().getParent();
        List<Path> written;
        try {
            written = ReportWriter.writeReports(results, dir);
        } catch (IOException e) {
            err.println("httpmodels report: cannot write the reports into " + dir + ": " + e);
            return 1;
        }
        out.print(TextTable.render(results));
        out.println();
        for (Path p : written) {
            out.println("wrote " + p);
        }
        out.flush();
        return 0;
    }
}
