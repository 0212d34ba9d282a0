package io.httpmodels.harness.cli;

import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.ResultsJson;
import picocli.CommandLine;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * A command that reads one {@code results.json}, its first parameter ({@code report}, {@code history add}): the one
 * reader of such a file on the command line (a run's folder stands for its results.json). A file that is missing, is not results or is of another schema is
 * said in one line, {@code httpmodels <command>: cannot read FILE: why}, and the command exits 2 having written
 * nothing; otherwise {@link #run} gets the results.
 */
public abstract class ResultsFileCommand implements Callable<Integer> {

    /** The exit code of a file that cannot be read as results. */
    public static final int UNREADABLE = 2;

    @Parameters(
            index = "0",
            paramLabel = "RESULTS_JSON",
            description = "A results.json, as 'compare' and 'regress' write it, or the folder that holds it.")
    protected Path resultsJson;

    @CommandLine.Spec
    protected CommandLine.Model.CommandSpec spec;

    @Override
    public final Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        if (Files.isDirectory(resultsJson)) {
            resultsJson = resultsJson.resolve("results.json");
        }
        Results results;
        try {
            results = ResultsJson.read(resultsJson);
        } catch (IOException e) {
            err.println(spec.qualifiedName() + ": cannot read " + resultsJson + ": " + e.getMessage());
            err.flush();
            return UNREADABLE;
        }
        return run(results, spec.commandLine().getOut(), err);
    }

    /**
     * What the command does with the results it read.
     *
     * @return the command's exit code
     */
    protected abstract int run(Results results, PrintWriter out, PrintWriter err);
}
