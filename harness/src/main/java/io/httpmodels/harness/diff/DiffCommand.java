package io.httpmodels.harness.diff;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.ResultsJson;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code httpmodels diff A B}: two stored runs compared cell by cell, offline, with the statistics of a run's own
 * intervals ({@link RunDiff}).
 */
@Command(
        name = "diff",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Compare two stored runs (results.json, or their folders) cell by cell: each figure's ratio B/A with its 95 %%"
                    + " interval over the forks of both, and whether it shows a change (same, faster, slower).",
            "No server runs: use it after changing a JVM flag, a setting or the machine, on two runs of"
                    + " 'httpmodels compare'. A run of one fork has no interval, and says so."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:compared", "2:usage error, or a file that is not results"})
public final class DiffCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "A", description = "The reference run: results.json or its folder.")
    Path a;

    @Parameters(index = "1", paramLabel = "B", description = "The run compared with it.")
    Path b;

    @Option(
            names = "--format",
            paramLabel = "FORMAT",
            defaultValue = "text",
            description = "text, markdown or json (default: ${DEFAULT-VALUE}); to a file: > FILE.")
    String format;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        if (!List.of("text", "markdown", "json").contains(format)) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "--format wants text, markdown or json, got '" + format + "'");
        }
        Results ra;
        Results rb;
        try {
            ra = ResultsJson.read(resultsFile(a));
            rb = ResultsJson.read(resultsFile(b));
        } catch (IOException e) {
            spec.commandLine().getErr().println("httpmodels diff: " + e.getMessage());
            return 2;
        }
        RunDiff diff = RunDiff.of(a.toString(), ra, b.toString(), rb);
        String text = switch (format) {
            case "text" -> DiffReport.text(diff);
            case "markdown" -> DiffReport.markdown(diff);
            case "json" -> json(diff);
            default ->
                throw new CommandLine.ParameterException(
                        spec.commandLine(), "--format wants text, markdown or json, got '" + format + "'");
        };
        PrintWriter out = spec.commandLine().getOut();
        out.print(text);
        out.flush();
        return 0;
    }

    private static Path resultsFile(Path given) {
        return Files.isDirectory(given) ? given.resolve("results.json") : given;
    }

    private static String json(RunDiff diff) {
        try {
            return ResultsJson.mapper().writeValueAsString(diff) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
