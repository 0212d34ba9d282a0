package io.httpmodels.harness;

import io.httpmodels.harness.compare.CompareCommand;
import io.httpmodels.harness.distribute.DistributeCommand;
import io.httpmodels.harness.merge.MergeCommand;
import io.httpmodels.harness.regress.RegressCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The {@code httpmodels} command: {@code serve} starts one model in the foreground; {@code report} re-renders a
 * run's reports from its results.json. Exit codes: 0 success, 1 failure at run time (a port in use), 2 a usage
 * error (an unknown model, a bad flag, a file that is not results).
 */
@Command(
        name = "httpmodels",
        mixinStandardHelpOptions = true,
        versionProvider = HttpModelsCli.VersionProvider.class,
        description = "Compare HTTP server models on the JVM.",
        subcommands = {
            ServeCommand.class,
            CompareCommand.class,
            ReportCommand.class,
            StatsCommand.class,
            MergeCommand.class,
            DistributeCommand.class,
            RegressCommand.class,
            CommandLine.HelpCommand.class
        })
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

    /**
     * The project's folder (for scripts/peers, git and results/): {@code HTTPMODELS_ROOT} when set, else the
     * nearest folder above this code that holds the parent pom and scripts/, else the working directory.
     */
    public static Path projectRoot() {
        String env = System.getenv("HTTPMODELS_ROOT");
        if (env != null && !env.isBlank()) {
            return Path.of(env).toAbsolutePath();
        }
        try {
            Path here = Path.of(HttpModelsCli.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
            for (Path dir = here; dir != null; dir = dir.getParent()) {
                if (Files.isRegularFile(dir.resolve("pom.xml")) && Files.isDirectory(dir.resolve("scripts"))) {
                    return dir;
                }
            }
        } catch (URISyntaxException | RuntimeException e) {
            // No code source to go by: the working directory below.
        }
        return Path.of("").toAbsolutePath();
    }

    /** The command line, for tests that run it without exiting. */
    public static CommandLine commandLine() {
        return new CommandLine(new HttpModelsCli());
    }

    /** {@code --version}: this build's version. */
    static final class VersionProvider implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"httpmodels " + Version.get()};
        }
    }
}
