package io.httpmodels.harness.merge;

import io.httpmodels.load.cli.OldSpellings;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code httpmodels merge [--json FILE] [-o DIR] HLOG...}: merges several load agents' interval logs
 * exactly (histograms added, never percentiles averaged), aligns their timelines on absolute time, prints a
 * wrk-like summary of the total and one line per agent, and writes the same reports as {@code compare}.
 */
@Command(
        name = "merge",
        header = "Merge load agents' interval logs exactly: histograms added, timelines aligned on absolute time.",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Merge load agents' HdrHistogram interval logs (load-client --hlog) exactly: their histograms are",
            "added (identical settings required), their per-second timelines aligned on absolute time.",
            "Prints the total and one line per agent. Errors and start skew come from each agent's JSON",
            "(load-client --json) when it lies beside its log with the same name: agent-0.hlog, agent-0.json."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:merged",
            "1:could not write an output file",
            "2:usage error: no such log, not an interval log, histogram settings that differ, a log given twice"
        })
public final class MergeCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "HLOG", description = "The agents' interval logs, one per agent.")
    List<Path> hlogs = new ArrayList<>();

    @Option(names = "--json", paramLabel = "FILE", description = "Also write the merged figures as JSON to FILE.")
    Path json;

    @Option(
            names = {"-o", "--out"},
            paramLabel = "DIR",
            description = "Write results.json, report.md and report.html into DIR (as compare does), with a"
                    + " timeline of every agent and the total.")
    Path report;

    /** The old spelling of {@code --out}: {@code history add --report} links a report, it does not write one. */
    @Option(names = "--report", hidden = true, paramLabel = "DIR")
    void oldReport(Path dir) {
        OldSpellings.warn(spec, "--report", "--out");
        oldReport = dir;
    }

    private Path oldReport;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        return Merging.merge(
                hlogs,
                json,
                oldReport != null && !OldSpellings.given(spec, "--out") ? oldReport : report,
                command(),
                spec.commandLine().getOut(),
                spec.commandLine().getErr());
    }

    private String command() {
        // The parse result's original arguments start with the subcommand's own name.
        List<String> words = new ArrayList<>(List.of("httpmodels"));
        words.addAll(spec.commandLine().getParseResult().originalArgs());
        return String.join(" ", words);
    }
}
