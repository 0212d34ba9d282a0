package io.httpmodels.harness.history;

import io.httpmodels.harness.results.AtomicFiles;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code httpmodels history report --history DIR --out DIR}: writes the history page ({@code index.html},
 * {@link HistoryPage}) and its Markdown summary ({@code history.md}, {@link HistoryMarkdown}) from the history.
 * The history is only read.
 */
@Command(
        name = "report",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Draw the history in DIR: OUT/index.html (a self-contained page, a chart per scenario and figure,",
            "a line per model over commits, the gate's verdicts as markers) and OUT/history.md (the last runs,",
            "and where the latest run's figures stand among the runs before it), e.g. for a CI job summary:",
            "  cat OUT/history.md >> \"$GITHUB_STEP_SUMMARY\""
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:page and summary written",
            "1:could not write them",
            "2:usage error or a damaged history (nothing written)"
        })
final class HistoryReportCommand implements Callable<Integer> {

    /** The page's file name in OUT: what GitHub Pages serves for the folder. */
    static final String PAGE = "index.html";

    /** The summary's file name in OUT. */
    static final String SUMMARY = "history.md";

    @Option(names = "--history", required = true, paramLabel = "DIR", description = "The history's folder.")
    Path historyDir;

    @Option(
            names = "--out",
            required = true,
            paramLabel = "OUT",
            description = "Where to write index.html and history.md.")
    Path outDir;

    @Option(
            names = "--last",
            paramLabel = "N",
            defaultValue = "50",
            description = "Show each machine's last N runs (default: ${DEFAULT-VALUE}).")
    int last;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (last < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--last must be at least 1, was " + last);
        }
        if (!Files.isDirectory(historyDir)) {
            err.println("httpmodels history report: no history folder at " + historyDir);
            return 2;
        }
        HistoryView view;
        try {
            view = HistoryView.of(new HistoryStore(historyDir).runs(), last, this::link);
        } catch (HistoryException e) {
            err.println("httpmodels history report: " + e.getMessage());
            return 2;
        } catch (IOException e) {
            err.println("httpmodels history report: cannot read " + historyDir + ": " + e);
            return 2;
        }
        try {
            Path page = outDir.resolve(PAGE);
            Path summary = outDir.resolve(SUMMARY);
            AtomicFiles.write(page, HistoryPage.render(view));
            AtomicFiles.write(summary, HistoryMarkdown.render(view));
            for (Path p : List.of(page, summary)) {
                out.println("wrote " + p);
            }
            out.flush();
            return 0;
        } catch (IOException e) {
            err.println("httpmodels history report: cannot write into " + outDir + ": " + e);
            return 1;
        }
    }

    /** A run's report link relative to the page: a URL as recorded, a file that exists, else none. */
    private String link(HistoryRun run) {
        String report = run.report();
        if (report == null || report.contains("://")) {
            return report;
        }
        Path file = historyDir.toAbsolutePath().normalize().resolve(report).normalize();
        if (!Files.isRegularFile(file)) {
            return null;
        }
        return outDir.toAbsolutePath().normalize().relativize(file).toString().replace('\\', '/');
    }
}
