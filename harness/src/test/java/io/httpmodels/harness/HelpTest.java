package io.httpmodels.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.compare.Profile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/** {@code --help} of every command: it works, says what it should, and picocli has nothing to warn about. */
@Isolated // nothing runs beside it (the harness runs its classes side by side): it replaces System.err
class HelpTest {

    /** Every subcommand of {@code httpmodels}, as the command line knows them (help aside), and the root. */
    static Stream<String> commands() {
        List<String> names = new ArrayList<>(List.of(""));
        HttpModelsCli.commandLine().getSubcommands().keySet().stream()
                .filter(name -> !name.equals("help"))
                .forEach(names::add);
        return names.stream();
    }

    @ParameterizedTest(name = "httpmodels {0} --help")
    @MethodSource("commands")
    void helpExitsZeroWithUsageAndNoWarning(String command) {
        PrintStream stderr = System.err;
        ByteArrayOutputStream traced = new ByteArrayOutputStream();
        CliRun run;
        // picocli reports a description it cannot format on System.err, not on the command's writers.
        System.setErr(new PrintStream(traced, true, StandardCharsets.UTF_8));
        try {
            run = command.isEmpty() ? CliRun.of("--help") : CliRun.of(command, "--help");
        } finally {
            System.setErr(stderr);
        }
        String all = run.out() + run.err() + traced.toString(StandardCharsets.UTF_8);
        assertEquals(0, run.exitCode(), all);
        assertTrue(run.out().contains("Usage: httpmodels " + command), run.out());
        assertFalse(all.contains("WARN"), all);
        assertFalse(all.contains("%n") || all.contains("%%"), "an unformatted format string: " + all);
    }

    @Test
    void compareListsEveryProfileWithWhatItRuns() {
        String help = CliRun.of("compare", "--help").out();
        for (Profile p : Profile.values()) {
            assertTrue(
                    help.lines().anyMatch(line -> line.startsWith("  " + p.id() + " ")),
                    "compare --help lists " + p.id() + ":\n" + help);
        }
        String words = help.replaceAll("\\s+", " ");
        assertTrue(words.contains("open loop at 50, 75 and 90 % of each model's closed-loop peak"), help);
        assertTrue(
                words.contains("--profile=NAME One of "
                        + String.join(
                                ", ",
                                Arrays.stream(Profile.values()).map(Profile::id).toList())),
                help);
    }

    @Test
    void theRootListsEveryCommand() {
        String help = CliRun.of("--help").out();
        for (var command : HttpModelsCli.commandLine().getSubcommands().entrySet()) {
            String name = command.getKey();
            if (command.getValue().getCommandSpec().usageMessage().hidden()) {
                assertTrue(help.lines().noneMatch(line -> line.trim().startsWith(name + " ")), "hidden: " + name);
                continue;
            }
            assertTrue(
                    help.lines()
                            .anyMatch(line -> line.trim().startsWith(name + " ")
                                    || line.trim().equals(name)),
                    "httpmodels --help lists " + name + ":\n" + help);
        }
    }
}
