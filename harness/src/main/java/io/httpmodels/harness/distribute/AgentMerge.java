package io.httpmodels.harness.distribute;

import io.httpmodels.harness.HttpModelsCli;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Merges the agents' interval logs into one run: the narrow seam between a launcher and the exact merge, so the
 * launcher neither knows nor copies how histograms are added.
 */
@FunctionalInterface
public interface AgentMerge {

    /**
     * Merges {@code hlogs} (one per agent, in agent order) and writes the merged results into {@code outDir}.
     *
     * @return 0 when merged, non-zero otherwise (the reason printed on {@code err})
     */
    int merge(List<Path> hlogs, Path outDir, PrintWriter out, PrintWriter err);

    /**
     * The {@code httpmodels merge} command, run in this JVM: {@code merge --json OUT/merged.json --report OUT
     * HLOG...}. Where this build has no such command it says so and returns 1, the agents' files left in place.
     */
    static AgentMerge command() {
        return (hlogs, outDir, out, err) -> {
            CommandLine cli = HttpModelsCli.commandLine();
            if (!cli.getSubcommands().containsKey("merge")) {
                err.println("this build has no 'merge' command: the agents' files are in " + outDir);
                return 1;
            }
            cli.setOut(out);
            cli.setErr(err);
            List<String> args = new ArrayList<>(List.of(
                    "merge", "--json", outDir.resolve("merged.json").toString(), "--report", outDir.toString()));
            hlogs.forEach(hlog -> args.add(hlog.toString()));
            return cli.execute(args.toArray(String[]::new));
        };
    }
}
