package io.httpmodels.harness;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code httpmodels} command: {@code serve} starts one model in the foreground; {@code report} re-renders a
 * run's reports from its results.json. Exit codes: 0 success, 1 failure at run time (a port in use), 2 a usage
 * error (an unknown model, a bad flag, a file that is not results).
 */
@Command(
        name = "httpmodels",
        mixinStandardHelpOptions = true,
        version = "httpmodels 0.1.0",
        description = "Compare HTTP server models on the JVM.",
        subcommands = {ServeCommand.class, ReportCommand.class, CommandLine.HelpCommand.class})
public final class HttpModelsCli implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a command is required");
    }

    /** Runs the command line and exits with its code. */
    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The command line, for tests that run it without exiting. */
    static CommandLine commandLine() {
        return new CommandLine(new HttpModelsCli());
    }
}
