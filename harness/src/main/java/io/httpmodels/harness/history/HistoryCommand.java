package io.httpmodels.harness.history;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code httpmodels history}: keeps every run in a history folder and draws each model's figures over commits.
 * Its work is in its subcommands, {@code add} ({@link HistoryAddCommand}) and {@code report}
 * ({@link HistoryReportCommand}).
 */
@Command(
        name = "history",
        mixinStandardHelpOptions = true,
        description = {
            "Keep every run in a history folder and draw each model's figures over commits.",
            "",
            "  httpmodels history add results/<ts>/results.json --history history/",
            "  httpmodels history report --history history/ --out site/ [--last 50]",
            "",
            "Runs are filed by machine (CPU model, CPUs, pinning, JDK): runs of different machines are never drawn"
                    + " on one line. See docs/history.md."
        },
        subcommands = {HistoryAddCommand.class, HistoryReportCommand.class},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:done", "1:could not write", "2:usage error or bad input (the history is left untouched)"})
public final class HistoryCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a subcommand is required: add or report");
    }
}
