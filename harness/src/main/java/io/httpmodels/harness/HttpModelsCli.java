package io.httpmodels.harness;

import io.httpmodels.harness.compare.CompareCommand;
import io.httpmodels.harness.compare.Profile;
import io.httpmodels.harness.conformance.ConformanceCommand;
import io.httpmodels.harness.diff.DiffCommand;
import io.httpmodels.harness.distribute.DistributeCommand;
import io.httpmodels.harness.history.HistoryCommand;
import io.httpmodels.harness.merge.MergeCommand;
import io.httpmodels.harness.overhead.OverheadCommand;
import io.httpmodels.harness.process.HarnessJvm;
import io.httpmodels.harness.regress.RegressCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code httpmodels} command and its subcommands:
 *
 * <ul>
 *   <li>{@code serve} starts one model in the foreground ({@link ServeCommand});
 *   <li>{@code load} the load client, as {@code scripts/load.sh} runs it ({@link LoadCommand});
 *   <li>{@code compare} runs the models side by side and writes the reports ({@link CompareCommand});
 *   <li>{@code report} re-renders a run's reports from its results.json ({@link ReportCommand});
 *   <li>{@code stats} the statistics the benchmark scripts use: medians, paired ratios ({@link StatsCommand});
 *   <li>{@code merge} adds load agents' interval logs exactly ({@link MergeCommand});
 *   <li>{@code distribute} runs load agents on Kubernetes and merges them ({@link DistributeCommand});
 *   <li>{@code regress} the regression gate: a candidate against a base, same run ({@link RegressCommand});
 *   <li>{@code conformance} collects the kits' records into the conformance matrix ({@link ConformanceCommand});
 *   <li>{@code history} every run kept, and a page of each model's figures over commits ({@link HistoryCommand});
 *   <li>{@code diff} two stored runs compared cell by cell, with intervals ({@link DiffCommand});
 *   <li>{@code overhead} (hidden) the cost of the why figures, for a benchmark script ({@link OverheadCommand});
 *   <li>{@code help} the usage of any of them.
 * </ul>
 *
 * Exit codes: 0 success, 1 failure at run time (a port in use), 2 a usage error (an unknown model, a bad flag, a
 * count the machine cannot hold, a file that is not results); each command's {@code --help} lists its own. Whatever
 * a command throws, {@link #main} exits, so no thread it started (a model's event loops) keeps the JVM alive. No other class imports this one: they
 * start a harness JVM by {@link HarnessJvm#MAIN_CLASS}.
 */
@Command(
        name = "httpmodels",
        mixinStandardHelpOptions = true,
        versionProvider = HttpModelsCli.VersionProvider.class,
        description = "Compare HTTP server models on the JVM.",
        subcommands = {
            ServeCommand.class,
            LoadCommand.class,
            CompareCommand.class,
            ReportCommand.class,
            StatsCommand.class,
            MergeCommand.class,
            DistributeCommand.class,
            RegressCommand.class,
            HistoryCommand.class,
            OverheadCommand.class,
            ConformanceCommand.class,
            DiffCommand.class,
            CommandLine.HelpCommand.class
        })
public final class HttpModelsCli implements Runnable {

    /** The help section of {@code compare} that lists its profiles, after its options. */
    static final String PROFILES_SECTION = "profiles";

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a command is required");
    }

    /**
     * Runs the command line and exits with its code: 1 after anything a command threw (an {@code Error} included),
     * said in one line.
     */
    public static void main(String[] args) {
        int code = 1;
        try {
            code = commandLine().execute(args);
        } catch (Throwable t) {
            System.err.println("httpmodels: " + t);
        } finally {
            System.exit(code);
        }
    }

    /** The command line, for tests that run it without exiting. */
    public static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new HttpModelsCli());
        cli.setParameterExceptionHandler(HttpModelsCli::usageError);
        // Every word after 'load' is the load client's, in order, whatever it looks like.
        cli.getSubcommands().get("load").setUnmatchedOptionsArePositionalParams(true);
        // The profiles come from the enum, so --help cannot forget one; a section is printed as it is.
        CommandLine compare = cli.getSubcommands().get("compare");
        compare.getHelpSectionMap()
                .put(
                        PROFILES_SECTION,
                        help -> System.lineSeparator()
                                + Profile.help(help.commandSpec().usageMessage().width()));
        List<String> order = new ArrayList<>(compare.getHelpSectionKeys());
        order.add(
                order.indexOf(CommandLine.Model.UsageMessageSpec.SECTION_KEY_EXIT_CODE_LIST_HEADING), PROFILES_SECTION);
        compare.setHelpSectionKeys(order);
        return cli;
    }

    /**
     * A usage error: its message, then the usage, except for a value that was read but is out of range (a count the
     * machine cannot hold, a duration that is not one), which is said in its one line.
     */
    private static int usageError(CommandLine.ParameterException e, String[] args) {
        CommandLine command = e.getCommandLine();
        PrintWriter err = command.getErr();
        err.println(e.getMessage());
        boolean outOfRange = e.getCause() instanceof IllegalArgumentException
                || e.getCause() instanceof CommandLine.TypeConversionException;
        if (!outOfRange && !CommandLine.UnmatchedArgumentException.printSuggestions(e, err)) {
            command.usage(err);
        }
        err.flush();
        return command.getCommandSpec().exitCodeOnInvalidInput();
    }

    /** {@code --version}: this build's version. */
    static final class VersionProvider implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"httpmodels " + Version.get()};
        }
    }
}
