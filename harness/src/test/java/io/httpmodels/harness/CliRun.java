package io.httpmodels.harness;

import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.function.Consumer;

/**
 * One run of the {@code httpmodels} command line in this JVM, without exiting: its exit code and what it
 * wrote to standard output and error.
 */
public record CliRun(int exitCode, String out, String err) {

    /** Runs {@code httpmodels ARGS...}. */
    public static CliRun of(String... args) {
        return of(cli -> {}, args);
    }

    /** Runs {@code httpmodels ARGS...} after {@code prepare} has set up the command line (standard input, say). */
    public static CliRun of(Consumer<CommandLine> prepare, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = HttpModelsCli.commandLine();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        prepare.accept(cli);
        int exitCode = cli.execute(args);
        return new CliRun(exitCode, out.toString(), err.toString());
    }
}
