package io.httpmodels.harness;

import io.httpmodels.harness.diff.Agreement;
import io.httpmodels.harness.diff.AgreementReport;
import io.httpmodels.harness.diff.VarianceParts;
import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.ResultsJson;
import io.httpmodels.harness.results.SpreadFloors;
import io.httpmodels.harness.results.Stats;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code httpmodels stats}: the benchmark scripts' arithmetic, so that it lives in tested Java and agrees with
 * the comparison's: medians and paired per-round ratios of two contenders measured in alternating rounds, and
 * a server's CPU time per request from /proc clock ticks.
 */
@Command(
        name = "stats",
        mixinStandardHelpOptions = true,
        description = "Statistics for the benchmark scripts (scripts/bench/*.sh).",
        subcommands = {
            StatsCommand.Pairs.class,
            StatsCommand.CpuPerRequest.class,
            StatsCommand.Median.class,
            StatsCommand.AgreementOfRuns.class,
            StatsCommand.Variance.class
        })
final class StatsCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(
                spec.commandLine(), "pairs, cpu-per-request, median, agreement or variance");
    }

    /** Medians and ratios of two contenders, from lines {@code KEY ROUND CONTENDER VALUE} on standard input. */
    @Command(
            name = "pairs",
            mixinStandardHelpOptions = true,
            description = {
                "Reads lines 'KEY ROUND CONTENDER VALUE' (e.g. 'c40 1 nginx 143093') from standard input and prints, "
                        + "per KEY in order of appearance:",
                "  KEY MEDIAN_A MEDIAN_B RATIO_OF_MEDIANS(B/A) MEDIAN_OF_PAIRED_RATIOS(B/A) ROUNDS",
                "Rounds pair the two contenders' values measured back to back, so a drift of the machine cancels."
            })
    static final class Pairs implements java.util.concurrent.Callable<Integer> {

        @Option(names = "--a", required = true, paramLabel = "NAME", description = "The reference contender.")
        String a;

        @Option(names = "--b", required = true, paramLabel = "NAME", description = "The contender compared with it.")
        String b;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        InputStream in = System.in;

        @Override
        public Integer call() throws IOException {
            Map<String, TreeMap<Integer, double[]>> byKey = new LinkedHashMap<>();
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            int lineNumber = 0;
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                lineNumber++;
                String[] f = line.trim().split("\\s+");
                if (line.isBlank()) {
                    continue;
                }
                if (f.length != 4) {
                    throw new CommandLine.ParameterException(
                            spec.commandLine(), "line " + lineNumber + ": want KEY ROUND CONTENDER VALUE: " + line);
                }
                int side = f[2].equals(a) ? 0 : f[2].equals(b) ? 1 : -1;
                if (side < 0) {
                    throw new CommandLine.ParameterException(
                            spec.commandLine(),
                            "line " + lineNumber + ": contender '" + f[2] + "' is neither " + a + " nor " + b);
                }
                try {
                    double[] round = byKey.computeIfAbsent(f[0], k -> new TreeMap<>())
                            .computeIfAbsent(Integer.parseInt(f[1]), r -> new double[] {Double.NaN, Double.NaN});
                    round[side] = Double.parseDouble(f[3]);
                } catch (NumberFormatException e) {
                    throw new CommandLine.ParameterException(
                            spec.commandLine(), "line " + lineNumber + ": ROUND and VALUE must be numbers: " + line);
                }
            }
            PrintWriter out = spec.commandLine().getOut();
            for (Map.Entry<String, TreeMap<Integer, double[]>> e : byKey.entrySet()) {
                List<Double> as = new ArrayList<>();
                List<Double> bs = new ArrayList<>();
                for (Map.Entry<Integer, double[]> round : e.getValue().entrySet()) {
                    if (Double.isNaN(round.getValue()[0]) || Double.isNaN(round.getValue()[1])) {
                        throw new CommandLine.ParameterException(
                                spec.commandLine(),
                                e.getKey() + " round " + round.getKey() + " lacks a value of "
                                        + (Double.isNaN(round.getValue()[0]) ? a : b));
                    }
                    as.add(round.getValue()[0]);
                    bs.add(round.getValue()[1]);
                }
                out.printf(
                        Locale.ROOT,
                        "%s %.4f %.4f %.4f %.4f %d%n",
                        e.getKey(),
                        Stats.median(as),
                        Stats.median(bs),
                        Stats.ratioOfMedians(as, bs),
                        Stats.medianPairedRatio(as, bs),
                        as.size());
            }
            out.flush();
            return 0;
        }
    }

    /** A process's CPU time per request in microseconds, from clock ticks. */
    @Command(
            name = "cpu-per-request",
            mixinStandardHelpOptions = true,
            description = "Prints TICKS / CLOCK_TICKS_PER_SECOND / REQUESTS in microseconds (0 when no request).")
    static final class CpuPerRequest implements java.util.concurrent.Callable<Integer> {

        @Parameters(index = "0", paramLabel = "TICKS")
        long ticks;

        @Parameters(index = "1", paramLabel = "CLOCK_TICKS_PER_SECOND")
        long hz;

        @Parameters(index = "2", paramLabel = "REQUESTS")
        long requests;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            if (hz <= 0 || ticks < 0 || requests < 0) {
                throw new CommandLine.ParameterException(spec.commandLine(), "want TICKS >= 0, HZ > 0, REQUESTS >= 0");
            }
            Double us = Stats.cpuMicrosPerRequest((double) ticks / hz, requests);
            spec.commandLine().getOut().printf(Locale.ROOT, "%.2f%n", us == null ? 0.0 : us);
            spec.commandLine().getOut().flush();
            return 0;
        }
    }

    /** The median of the numbers given, or of those on standard input (one or more a line) when none are. */
    @Command(
            name = "median",
            mixinStandardHelpOptions = true,
            description = "Prints the median of VALUES, or of the numbers on standard input when none are given.")
    static final class Median implements java.util.concurrent.Callable<Integer> {

        @Parameters(arity = "0..*", paramLabel = "VALUES")
        List<Double> values;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        InputStream in = System.in;

        @Override
        public Integer call() throws IOException {
            List<Double> all = values != null ? values : new ArrayList<>();
            if (values == null) {
                BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
                for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                    for (String word : line.trim().split("\\s+")) {
                        if (!word.isEmpty()) {
                            try {
                                all.add(Double.parseDouble(word));
                            } catch (NumberFormatException e) {
                                throw new CommandLine.ParameterException(spec.commandLine(), "not a number: " + word);
                            }
                        }
                    }
                }
            }
            if (all.isEmpty()) {
                throw new CommandLine.ParameterException(spec.commandLine(), "no values");
            }
            spec.commandLine().getOut().printf(Locale.ROOT, "%.4f%n", Stats.median(all));
            spec.commandLine().getOut().flush();
            return 0;
        }
    }

    /** How several runs of one comparison agree ({@link Agreement}): scripts/bench/reproducibility.sh's report. */
    @Command(
            name = "agreement",
            mixinStandardHelpOptions = true,
            description = {
                "Reads two or more runs of the same comparison (results.json or their folders) and prints, for"
                        + " requests/s and server CPU per request: each cell's medians and their spread, how often one"
                        + " run's median lies inside another's interval, how often a run's interval covers the other"
                        + " runs' median (its measured coverage), and the pairs of targets one run orders and another"
                        + " reverses."
            })
    static final class AgreementOfRuns implements java.util.concurrent.Callable<Integer> {

        @Parameters(arity = "2..*", paramLabel = "RUN")
        List<Path> runs;

        @Option(
                names = "--current-intervals",
                negatable = true,
                description = "Make every interval again from the forks each run recorded, with this version's"
                        + " statistics (the spread floor, docs/intervals.md), instead of reading the intervals the runs"
                        + " printed: how older runs agree under today's intervals (default: off).")
        boolean currentIntervals;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            List<Results> all = new ArrayList<>();
            for (Path run : runs) {
                try {
                    Results read = ResultsJson.read(Files.isDirectory(run) ? run.resolve("results.json") : run);
                    all.add(currentIntervals ? SpreadFloors.apply(read) : read);
                } catch (IOException e) {
                    spec.commandLine().getErr().println("httpmodels stats agreement: " + e.getMessage());
                    return 2;
                }
            }
            spec.commandLine().getOut().print(AgreementReport.text(Agreement.of(all)));
            spec.commandLine().getOut().flush();
            return 0;
        }
    }

    /** Where a run's noise comes from ({@link VarianceParts}): within a JVM and between JVMs, per cell. */
    @Command(
            name = "variance",
            mixinStandardHelpOptions = true,
            description = {
                "Reads a run of two forks of two windows or more (results.json or its folder) and prints, per cell, how"
                        + " much requests/s and server CPU per request move between windows of one JVM (within) and"
                        + " between JVMs (between), as relative standard deviations."
            })
    static final class Variance implements java.util.concurrent.Callable<Integer> {

        @Parameters(index = "0", paramLabel = "RUN")
        Path run;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            Results results;
            try {
                results = ResultsJson.read(Files.isDirectory(run) ? run.resolve("results.json") : run);
            } catch (IOException e) {
                spec.commandLine().getErr().println("httpmodels stats variance: " + e.getMessage());
                return 2;
            }
            PrintWriter out = spec.commandLine().getOut();
            out.printf(
                    Locale.ROOT,
                    "%-22s %-26s %5s %7s  %10s %10s  %10s %10s%n",
                    "scenario",
                    "target",
                    "forks",
                    "windows",
                    "rps within",
                    "between",
                    "cpu within",
                    "between");
            for (VarianceParts.Row r : VarianceParts.of(results).rows()) {
                out.printf(
                        Locale.ROOT,
                        "%-22s %-26s %5d %7d  %9.1f%% %9.1f%%  %10s %10s%n",
                        r.scenarioId(),
                        r.target(),
                        r.forks(),
                        r.windows(),
                        100 * r.rpsWithin(),
                        100 * r.rpsBetween(),
                        r.cpuWithin() == null ? "–" : String.format(Locale.ROOT, "%.1f%%", 100 * r.cpuWithin()),
                        r.cpuBetween() == null ? "–" : String.format(Locale.ROOT, "%.1f%%", 100 * r.cpuBetween()));
            }
            out.flush();
            return 0;
        }
    }
}
