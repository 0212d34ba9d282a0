package io.httpmodels.harness.regress;

import io.httpmodels.harness.cli.ModelsOption;
import io.httpmodels.harness.cli.OutputOption;
import io.httpmodels.harness.cli.PinningOptions;
import io.httpmodels.harness.cli.ServerJvmOptions;
import io.httpmodels.harness.cli.ServerTransportOption;
import io.httpmodels.harness.cli.TimeoutOption;
import io.httpmodels.harness.cli.WarmupOptions;
import io.httpmodels.harness.history.HistoryException;
import io.httpmodels.harness.history.HistoryMarkdown;
import io.httpmodels.harness.history.HistoryRun;
import io.httpmodels.harness.history.HistoryStore;
import io.httpmodels.harness.measure.MeasureSettings;
import io.httpmodels.harness.measure.MeasuringStep;
import io.httpmodels.harness.measure.RunConditions;
import io.httpmodels.harness.process.HarnessJvm;
import io.httpmodels.harness.process.OwnedRun;
import io.httpmodels.harness.process.PinnedRelaunch;
import io.httpmodels.harness.process.Pinning;
import io.httpmodels.harness.process.ProjectRoot;
import io.httpmodels.harness.results.AtomicFiles;
import io.httpmodels.harness.results.CellResult;
import io.httpmodels.harness.results.Conditions;
import io.httpmodels.harness.results.GateSettings;
import io.httpmodels.harness.results.Regression;
import io.httpmodels.harness.results.RegressionCell;
import io.httpmodels.harness.results.RegressionMode;
import io.httpmodels.harness.results.RegressionSides;
import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.ResultsJson;
import io.httpmodels.harness.results.RunInfo;
import io.httpmodels.harness.results.RunStatus;
import io.httpmodels.harness.results.Scenario;
import io.httpmodels.harness.results.Stats;
import io.httpmodels.harness.results.TargetInfo;
import io.httpmodels.harness.results.TargetKind;
import io.httpmodels.harness.results.Verdict;
import io.httpmodels.harness.results.Warmup;
import io.httpmodels.harness.targets.ModelCatalog;
import io.httpmodels.harness.targets.TargetLauncher;
import io.httpmodels.load.cli.DurationConverter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * {@code httpmodels regress}: the regression gate. Measures the working tree's build (the candidate) against a
 * base build of a git ref in the same run, interleaved round by round (A B, then B A), each measurement a fresh
 * pinned JVM; per cell, the median of the per-round paired ratios candidate / base with an exact
 * distribution-free interval ({@link PairedRatio}), and a verdict ({@link Verdict}). Exit 1 on any regression.
 */
@Command(
        name = "regress",
        mixinStandardHelpOptions = true,
        defaultValueProvider = RegressCommand.TransportDefault.class,
        sortOptions = false,
        description = {
            "Measure the working tree's build (candidate) against a base, interleaved in the same run, and fail on a"
                    + " regression.",
            "--base REF builds REF (git archive into target/regress-base/<commit>, mvn package, checks skipped;"
                    + " reused while the commit is the same) and measures both, A B / B A per round.",
            "Judged per cell: requests/s, p99 and the server's CPU time per request (the figure a busy neighbour"
                    + " cannot fake), each as the median paired ratio with an exact interval.",
            "--baseline FILE compares with a stored results.json instead, every figure normalised by nginx measured"
                    + " now and then (weaker: the stored run's own noise is not in the interval). With --history DIR,"
                    + " also where the candidate's figures fall within the last runs of this machine in that history.",
            ""
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:no regression (same or improvement in every cell)",
            "1:a regression (or a candidate that could not be measured) in the cells named",
            "2:usage error (bad flag, unknown ref, unreadable baseline, no calibration for --baseline)",
            "3:could not run: the base did not build, or the results could not be written",
            "130:interrupted"
        })
public final class RegressCommand implements Callable<Integer> {

    @Option(names = "--base", paramLabel = "REF", description = "Git ref to build and measure as the base.")
    String baseRef;

    @Option(
            names = "--base-jar",
            paramLabel = "JAR",
            description = "A prebuilt harness.jar (its lib/ beside it) to measure as the base.")
    Path baseJar;

    @Option(
            names = "--baseline",
            paramLabel = "FILE",
            description = "A stored results.json (compare --with nginx) to compare with instead of a base build.")
    Path baselineFile;

    @Option(
            names = "--history",
            paramLabel = "DIR",
            description = "With --baseline: also show where the candidate's figures fall within the last runs of"
                    + " this machine in the history DIR ('httpmodels history'), their median and range: weaker"
                    + " evidence than a same-run A/B, and no part of the verdict.")
    Path historyDir;

    @Option(
            names = "--history-last",
            paramLabel = "N",
            defaultValue = "20",
            description = "With --history: how many of the machine's latest runs (default: ${DEFAULT-VALUE}).")
    int historyLast;

    @Option(
            names = "--rounds",
            paramLabel = "N",
            defaultValue = "8",
            description = "Rounds per cell; each measures base and candidate (default: ${DEFAULT-VALUE}: the exact"
                    + " interval between the 2nd and 7th of 8 ratios has 93 %% confidence).")
    int rounds;

    @Mixin
    WarmupOptions warmup;

    @Option(
            names = {"-d", "--duration"},
            paramLabel = "DURATION",
            converter = DurationConverter.class,
            defaultValue = "0.5s",
            description = "Time each side is loaded in every window, in its turns: the window lasts twice as long"
                    + " (default: ${DEFAULT-VALUE}); a whole number of --turn.")
    Duration duration;

    @Option(
            names = "--windows",
            paramLabel = "N",
            defaultValue = "1",
            description = "Recorded closed-loop windows per round, in which base and candidate take turns; a side's"
                    + " requests/s and p99 in a round are the medians of its windows (default: ${DEFAULT-VALUE}).")
    int windows;

    @Option(
            names = "--turn",
            paramLabel = "DURATION",
            converter = DurationConverter.class,
            defaultValue = "20ms",
            description = "Length of a side's turn within a window: both sides' loads run at once and each sends only"
                    + " in its turns, so a stretch of a slow machine lands on both alike (default: ${DEFAULT-VALUE}).")
    Duration turn;

    @Option(
            names = "--cpu-windows",
            paramLabel = "N",
            defaultValue = "2",
            description = "Windows per round in which the server's CPU time per request is read: both sides loaded at"
                    + " once, each in an open loop at --cpu-rate-share of the lower side's requests/s in the round's"
                    + " windows, for --duration; 0 reads it in the closed-loop windows, where a slower server"
                    + " batches more and hides part of its cost (default: ${DEFAULT-VALUE}).")
    int cpuWindows;

    @Option(
            names = "--cpu-rate-share",
            paramLabel = "SHARE",
            defaultValue = "0.25",
            description = "Each side's rate in the CPU windows, as a share of the lower side's closed-loop requests/s"
                    + " (default: ${DEFAULT-VALUE}: together half of what one server did alone).")
    double cpuRateShare;

    @Option(
            names = "--cells",
            paramLabel = "LIST",
            split = ",",
            description = "Cells as MODEL:cN[:pN][:wN][:close] (default: every model at c40 keep-alive, and"
                    + " netty:c256:p16).")
    List<String> cells;

    @Mixin
    ModelsOption models;

    @Option(
            names = "--confidence",
            paramLabel = "LEVEL",
            defaultValue = "0.90",
            description = "Coverage wanted of each interval; the narrowest exact interval reaching it is used"
                    + " (default: ${DEFAULT-VALUE}).")
    double confidence;

    @Option(
            names = "--rps-tolerance",
            paramLabel = "SHARE",
            defaultValue = "0.05",
            description = "Change in requests/s tolerated (default: ${DEFAULT-VALUE}).")
    double rpsTolerance;

    @Option(
            names = "--p99-tolerance",
            paramLabel = "SHARE",
            defaultValue = "0.10",
            description = "Change in p99 latency tolerated (default: ${DEFAULT-VALUE}).")
    double p99Tolerance;

    @Option(
            names = "--cpu-tolerance",
            paramLabel = "SHARE",
            defaultValue = "0.05",
            description = "Change in the server's CPU time per request tolerated (default: ${DEFAULT-VALUE}).")
    double cpuTolerance;

    /** Both sides' netty transport, {@link #DEFAULT_TRANSPORT} unless given ({@link TransportDefault}). */
    @Mixin
    ServerTransportOption transport;

    @Mixin
    TimeoutOption timeout;

    @Mixin
    ServerJvmOptions serverJvm;

    @Option(
            names = {"--slow-candidate", "--candidate-jvm-opts"},
            paramLabel = "FLAGS",
            description = "Extra flags for the candidate's server JVMs only, e.g. -XX:TieredStopAtLevel=1: a real"
                    + " slowdown without touching the code, for checking the gate.")
    String candidateJvmOpts;

    @Option(
            names = "--base-jvm-opts",
            paramLabel = "FLAGS",
            description = "Extra flags for the base's server JVMs only.")
    String baseJvmOpts;

    @Mixin
    PinningOptions pinningOptions;

    @Mixin
    OutputOption output;

    @Option(
            names = "--markdown",
            paramLabel = "FILE",
            description = "Also append the Markdown table to FILE (e.g. $GITHUB_STEP_SUMMARY).")
    Path markdownFile;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** Whether nginx can be started for --baseline's calibration, given the project's root; tests replace it. */
    Predicate<Path> nginxLookup = RegressCommand::nginxInstalled;

    /** Exit code: no regression in any cell. */
    static final int PASSED = 0;

    /** Exit code: a regression, or a candidate that could not be measured. */
    static final int REGRESSED = 1;

    /** Exit code: the gate could not run (the base did not build, the results could not be written). */
    static final int COULD_NOT_RUN = 3;

    /**
     * The gate: plan what to measure and against what, measure every cell in rounds (base and candidate in turn),
     * decide each cell from its paired ratios, report the verdict. Usage errors are thrown before anything is built
     * or measured (exit 2).
     */
    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Plan plan;
        try {
            plan = plan(err);
        } catch (CouldNotRun e) {
            err.println("error: " + e.getMessage());
            return COULD_NOT_RUN;
        }
        if (PinnedRelaunch.needed(plan.pinning())) {
            return PinnedRelaunch.run(
                    plan.pinning(), HarnessJvm.current(), plan.args(), 60, "regress-relaunch-shutdown");
        }
        Contender candidate = new Contender(
                "candidate", HarnessJvm.current(), flags(candidateJvmOpts), BaseBuild.describeWorkingTree(plan.root()));
        MeasureSettings settings = settings(plan.pinning());
        RoundRunner runner = new RoundRunner(
                new MeasuringStep(new TargetLauncher(plan.pinning(), plan.root()), settings),
                serverJvm.flags(),
                duration,
                windows,
                turn,
                cpuWindows(),
                transport.transport());
        OwnedRun run = OwnedRun.start("regress-shutdown", runner::stop, Duration.ZERO);
        try {
            Instant startedAt = Instant.now();
            announce(out, plan, candidate, settings);
            Measured measured = measure(runner, plan.cells(), plan.against().base(), candidate, out);
            Regression regression = decide(plan, candidate, measured);
            Results results = results(plan, measured, candidate, startedAt, regression, settings);
            return report(out, err, plan, results);
        } finally {
            run.close();
        }
    }

    /**
     * What the gate measures and against what, checked before anything is measured.
     *
     * @param cells   the cells, each a model under one load
     * @param pinning where servers and client run
     * @param root    the project's checkout
     * @param args    the command line as given, for the pinned relaunch and the results
     * @param against the base the candidate is held against
     */
    private record Plan(List<RegressCell> cells, Pinning pinning, Path root, List<String> args, Against against) {}

    /**
     * What the candidate is held against.
     *
     * @param base    the base as it is measured: a build of a ref or a prebuilt jar, or nginx as --baseline's
     *                calibration
     * @param words   the base in words, for the output and results.json
     * @param stored  --baseline's stored run, or null
     * @param history --history's runs, or null
     */
    private record Against(Contender base, String words, StoredBaseline stored, List<HistoryRun> history) {}

    /** The gate could not run: a reason to say, exit 3. */
    private static final class CouldNotRun extends Exception {
        private static final long serialVersionUID = 1L;

        CouldNotRun(String message) {
            super(message);
        }
    }

    /** The flags checked and the base resolved (built, for --base): what {@link #call} measures. */
    private Plan plan(PrintWriter err) throws CouldNotRun {
        List<RegressCell> cellList;
        Pinning pinning;
        try {
            cellList = validate();
            pinning = pinningOptions.pinning();
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        Path root = ProjectRoot.find();
        List<String> args = spec.root().commandLine().getParseResult().originalArgs();
        Against against;
        if (baseRef != null) {
            against = baseBuild(root, err);
        } else if (baseJar != null) {
            against = new Against(
                    new Contender(
                            "base",
                            HarnessJvm.jar(baseJar, "prebuilt " + baseJar),
                            flags(baseJvmOpts),
                            "prebuilt " + baseJar),
                    "the prebuilt " + baseJar,
                    null,
                    null);
        } else {
            against = storedBaseline(root);
        }
        return new Plan(cellList, pinning, root, args, against);
    }

    /** --base REF: the ref's build, made (or reused) before the pinned relaunch, which then reuses it. */
    private Against baseBuild(Path root, PrintWriter err) throws CouldNotRun {
        BaseBuild.Built built;
        try {
            BaseBuild.resolve(root, baseRef);
        } catch (BaseBuild.BuildFailure e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--base: " + e.getMessage());
        }
        try {
            // Built before the relaunch: the build uses every CPU, and the pinned child then reuses it.
            built = BaseBuild.prepare(root, baseRef, err);
        } catch (BaseBuild.BuildFailure e) {
            throw new CouldNotRun(e.getMessage());
        }
        String what = "build of " + baseRef + " (" + built.commit().substring(0, 12) + ")";
        return new Against(
                new Contender("base", HarnessJvm.jar(built.jar(), what), flags(baseJvmOpts), what),
                baseRef + " at " + built.commit().substring(0, 12) + " (built in "
                        + root.relativize(built.jar().getParent().getParent().getParent()) + ")",
                null,
                null);
    }

    /** --baseline FILE (and --history DIR): the stored run, held against through nginx measured now. */
    private Against storedBaseline(Path root) {
        // The file first: what it holds does not depend on this machine, so its refusal does not either.
        StoredBaseline stored;
        try {
            stored = new StoredBaseline(ResultsJson.read(baselineFile));
        } catch (IOException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--baseline: " + e.getMessage());
        }
        List<HistoryRun> history = null;
        if (historyDir != null) {
            try {
                history = new HistoryStore(historyDir).runs();
            } catch (HistoryException | IOException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--history: " + e.getMessage());
            }
        }
        if (!nginxLookup.test(root)) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "--baseline needs a calibration measured now and none is available: nginx is not installed"
                            + " (scripts/peers/install.sh installs it). Use --base REF instead.");
        }
        return new Against(Contender.nginx(), baselineFile + " (" + stored.describe() + ")", stored, history);
    }

    /** The run's first lines: what will be measured, how, and the two sides. */
    private void announce(PrintWriter out, Plan plan, Contender candidate, MeasureSettings settings) {
        out.printf(
                "httpmodels regress: %d cells x %d rounds x 2 sides, a fresh JVM per model and side each round,"
                        + " each cell warmed until its JIT is done (at least %s, at most %s), then %d window(s) in"
                        + " which they take turns of %s, %s each in all%s; %s%n",
                plan.cells().size(),
                rounds,
                seconds(settings.warmup().minimum()),
                seconds(settings.warmup().maximum()),
                windows,
                seconds(turn),
                seconds(duration),
                cpuWindows == 0
                        ? ""
                        : String.format(
                                Locale.ROOT,
                                ", and %d CPU windows of %s in which both are loaded at once in an open loop at"
                                        + " %.0f %% of the lower one's requests/s",
                                cpuWindows,
                                seconds(duration),
                                100 * cpuRateShare),
                plan.pinning().note());
        out.printf(
                "  base: %s%n  candidate: %s%s%n",
                plan.against().words(),
                candidate.what(),
                candidate.extraFlags().isEmpty() ? "" : " with " + String.join(" ", candidate.extraFlags()));
        out.flush();
    }

    /**
     * Each cell's verdict from its rounds' paired ratios (a stored baseline's figures rescaled by nginx first), and
     * the run's: a regression when any cell regressed or its candidate failed, else an improvement when any
     * improved, else the same.
     */
    private Regression decide(Plan plan, Contender candidate, Measured measured) {
        StoredBaseline stored = plan.against().stored();
        CellDecision.Gate gate = new CellDecision.Gate(confidence, rpsTolerance, p99Tolerance, cpuTolerance);
        List<RegressionCell> decided = new ArrayList<>();
        for (RegressCell cell : plan.cells()) {
            List<SideRound[]> rounds = measured.rounds().get(cell);
            decided.add(
                    stored == null
                            ? CellDecision.decide(cell, rounds, gate)
                                    .withCpuTurnSpread(
                                            medianOrNull(measured.turnSpreads().get(cell)))
                            : CellDecision.decide(cell, stored.rescale(cell, rounds), gate));
        }
        List<String> regressions = decided.stream()
                .filter(c -> c.verdict().failsTheGate())
                .map(RegressionCell::id)
                .toList();
        Verdict verdict = !regressions.isEmpty()
                ? Verdict.REGRESSION
                : decided.stream().anyMatch(c -> c.verdict() == Verdict.IMPROVEMENT)
                        ? Verdict.IMPROVEMENT
                        : Verdict.SAME;
        return new Regression(
                new RegressionSides(
                        stored == null ? RegressionMode.BASE : RegressionMode.BASELINE,
                        plan.against().words(),
                        candidate.what(),
                        plan.against().base().extraFlags(),
                        candidate.extraFlags(),
                        stored == null
                                ? null
                                : "nginx (1 worker, scripts/peers), measured in this run beside every candidate"
                                        + " measurement and stored in the baseline: each stored figure is scaled"
                                        + " by nginx-now / nginx-then",
                        stored == null
                                ? "base and candidate measured in the same run, interleaved: the machine's"
                                        + " drift cancels in each pair"
                                : "weaker than --base: the stored run's own noise and any change in the machine"
                                        + " that affects our servers and nginx differently are not in the"
                                        + " interval"),
                new GateSettings(PairedRatio.METHOD, confidence, rpsTolerance, p99Tolerance, cpuTolerance, rounds),
                decided,
                regressions,
                verdict);
    }

    /**
     * The verdict's table on the terminal, results.json and regress.md written (and --markdown appended), and the
     * exit code: {@link #REGRESSED} when a cell failed the gate.
     */
    private int report(PrintWriter out, PrintWriter err, Plan plan, Results results) {
        Regression regression = results.regression();
        Path dir = output.dir(plan.root(), "regress-");
        out.println();
        out.print(RegressTable.text(regression));
        try {
            Files.createDirectories(dir);
            ResultsJson.write(results, dir.resolve("results.json"));
            String md = RegressTable.markdown(regression);
            if (plan.against().history() != null) {
                String within = withinHistory(results, plan.against().history());
                out.print(within);
                md += within;
            }
            AtomicFiles.write(dir.resolve("regress.md"), md);
            if (markdownFile != null) {
                Files.writeString(
                        markdownFile, md, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            }
        } catch (IOException | RuntimeException e) {
            err.println("error: cannot write the results: " + e);
            return COULD_NOT_RUN;
        }
        out.printf("wrote %s and %s%n", dir.resolve("results.json"), dir.resolve("regress.md"));
        List<String> regressions = regression.regressions();
        if (!regressions.isEmpty()) {
            out.printf("REGRESSION in %d cell(s): %s%n", regressions.size(), String.join(", ", regressions));
        } else {
            out.printf("no regression (%s)%n", regression.verdict());
        }
        out.flush();
        return regressions.isEmpty() ? PASSED : REGRESSED;
    }

    /** Where the candidate's figures fall within the history's runs of this machine: a section of regress.md. */
    private String withinHistory(Results results, List<HistoryRun> history) {
        try {
            return HistoryMarkdown.within(HistoryRun.of(results, null), history, historyLast);
        } catch (HistoryException e) {
            return "\n### Within the history\n\nNot placed: " + e.getMessage() + "\n";
        }
    }

    private List<RegressCell> validate() {
        int modes = (baseRef == null ? 0 : 1) + (baseJar == null ? 0 : 1) + (baselineFile == null ? 0 : 1);
        if (historyDir != null && baselineFile == null) {
            throw new IllegalArgumentException(
                    "--history goes with --baseline: a base measured in the same run (--base) is stronger evidence"
                            + " than any history");
        }
        if (historyLast < 1) {
            throw new IllegalArgumentException("--history-last must be at least 1, was " + historyLast);
        }
        if (modes != 1) {
            throw new IllegalArgumentException("give exactly one of --base REF, --base-jar JAR and --baseline FILE");
        }
        if (baseJar != null && !Files.isRegularFile(baseJar)) {
            throw new IllegalArgumentException("--base-jar: no such file: " + baseJar);
        }
        if (windows < 1) {
            throw new IllegalArgumentException("--windows must be at least 1, was " + windows);
        }
        if (rounds < 2) {
            throw new IllegalArgumentException("--rounds must be at least 2 (pairs need rounds), was " + rounds);
        }
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("--confidence must be in (0, 1)");
        }
        if (rounds < PairedRatio.minRounds(confidence)) {
            throw new IllegalArgumentException(String.format(
                    Locale.ROOT,
                    "--rounds %d cannot reach --confidence %.2f: even the widest interval of %d ratios covers the"
                            + " median with %.1f %%; give at least %d rounds (or a lower --confidence)",
                    rounds,
                    confidence,
                    rounds,
                    100 * PairedRatio.coverage(rounds, 1),
                    PairedRatio.minRounds(confidence)));
        }
        if (!(rpsTolerance >= 0 && rpsTolerance < 1)
                || !(p99Tolerance >= 0 && p99Tolerance < 1)
                || !(cpuTolerance >= 0 && cpuTolerance < 1)) {
            throw new IllegalArgumentException("a tolerance is a share in [0, 1), e.g. 0.05");
        }
        if (duration.isZero() || duration.isNegative()) {
            throw new IllegalArgumentException("--duration must be positive");
        }
        if (turn.toMillis() < 1) {
            throw new IllegalArgumentException("--turn must be a millisecond at least, was " + turn.toNanos() + " ns");
        }
        if (duration.toNanos() % turn.toNanos() != 0) {
            // Otherwise one side's share of a window is a turn longer than the other's.
            throw new IllegalArgumentException(
                    "--duration " + seconds(duration) + " is not a whole number of --turn " + seconds(turn));
        }
        if (cpuWindows < 0) {
            throw new IllegalArgumentException("--cpu-windows must be 0 or more, was " + cpuWindows);
        }
        if (!(cpuRateShare > 0 && cpuRateShare <= 1)) {
            throw new IllegalArgumentException("--cpu-rate-share is a share in (0, 1], e.g. 0.25, was " + cpuRateShare);
        }
        timeout.timeout(); // throws when not positive
        warmup.rule(DEFAULT_WARMUP, LENDING); // throws when negative
        List<RegressCell> list =
                RegressCell.parseAll(cells != null ? cells : RegressCell.DEFAULT_SPECS, models.names());
        for (RegressCell c : list) {
            ModelCatalog.byName(c.model()); // throws for an unknown model, naming the known
        }
        return list;
    }

    private RoundRunner.CpuWindows cpuWindows() {
        return new RoundRunner.CpuWindows(cpuWindows, cpuRateShare);
    }

    /**
     * Netty's transport in the gate unless --server-transport says: epoll, not compare's {@code auto} (io_uring here). The
     * gate judges this project's code, and on epoll a change in what netty does per response shows in its requests/s
     * and CPU time per request; on io_uring the same change can hide in a closed loop (the ring batches more as the
     * server slows) and one JVM's CPU time per request strays too far from the next one's to judge
     * (docs/regression-gate.md).
     */
    static final String DEFAULT_TRANSPORT = "epoll";

    /** {@code --server-transport}'s default here: {@link #DEFAULT_TRANSPORT}, not the other commands' auto. */
    static final class TransportDefault implements CommandLine.IDefaultValueProvider {
        @Override
        public String defaultValue(CommandLine.Model.ArgSpec argument) {
            return argument instanceof CommandLine.Model.OptionSpec option
                            && option.longestName().equals("--server-transport")
                    ? DEFAULT_TRANSPORT
                    : null;
        }
    }

    /** The least warm-up unless --warmup says: the JIT-quiet rule does the rest. */
    static final Duration DEFAULT_WARMUP = Duration.ofSeconds(1);

    /**
     * The JIT kept on the servers' CPUs unless --jit-lending says. Lending shortens the warm-ups but lets the JIT's
     * threads run beside the client, which widens the same-build intervals: the gate would lose more power than it
     * saves time. --jit-priority (on by default) gives the JIT the servers' own time instead.
     */
    static final boolean LENDING = false;

    /** The why figures are off: the gate judges none of them, and their perf chunk would cost every cell. */
    private MeasureSettings settings(Pinning pinning) {
        return new MeasureSettings(
                1, timeout.timeout(), pinning, 0.95, warmup.rule(DEFAULT_WARMUP, LENDING), false, null);
    }

    /**
     * What was measured: per cell, each round's figures (base first) and what the machine's noise left in that
     * round's ratios ({@link SideRound#turnSpread}, when known); every window for results.json.
     */
    private record Measured(
            Map<RegressCell, List<SideRound[]>> rounds,
            Map<RegressCell, List<Double>> turnSpreads,
            List<CellResult> windows) {}

    private static Double medianOrNull(List<Double> values) {
        return values.isEmpty() ? null : Stats.median(values);
    }

    /** Every round: every cell, both sides, which starts first alternating by round (A B, then B A). */
    private Measured measure(
            RoundRunner runner, List<RegressCell> cellList, Contender base, Contender candidate, PrintWriter out) {
        Map<RegressCell, List<SideRound[]>> measured = new LinkedHashMap<>();
        Map<RegressCell, List<Double>> turnSpreads = new LinkedHashMap<>();
        List<CellResult> all = new ArrayList<>();
        cellList.forEach(c -> measured.put(c, new ArrayList<>()));
        int width = cellList.stream().mapToInt(c -> c.id().length()).max().orElse(10);
        // A model's cells that need the same server share its JVM within a round, in the order given.
        Map<String, List<RegressCell>> servers = new LinkedHashMap<>();
        cellList.forEach(c -> servers.computeIfAbsent(RoundRunner.serverOf(c), k -> new ArrayList<>())
                .add(c));
        for (int round = 1; round <= rounds; round++) {
            boolean baseFirst = round % 2 == 1;
            for (List<RegressCell> cells : servers.values()) {
                List<RoundRunner.Round> done = baseFirst
                        ? runner.round(base, candidate, cells, round)
                        : runner.round(candidate, base, cells, round);
                for (int i = 0; i < cells.size(); i++) {
                    RegressCell cell = cells.get(i);
                    RoundRunner.Round r = done.get(i);
                    List<CellResult> baseWindows = baseFirst ? r.first() : r.second();
                    List<CellResult> candWindows = baseFirst ? r.second() : r.first();
                    List<CellResult> baseCpu = baseFirst ? r.firstCpu() : r.secondCpu();
                    List<CellResult> candCpu = baseFirst ? r.secondCpu() : r.firstCpu();
                    all.addAll(baseWindows);
                    all.addAll(candWindows);
                    all.addAll(baseCpu);
                    all.addAll(candCpu);
                    SideRound[] pair = {SideRound.of(baseWindows, baseCpu), SideRound.of(candWindows, candCpu)};
                    measured.get(cell).add(pair);
                    Double turnSpread = baseCpu.isEmpty()
                            ? SideRound.turnSpread(baseWindows, candWindows)
                            : SideRound.turnSpread(baseCpu, candCpu);
                    if (turnSpread != null) {
                        turnSpreads
                                .computeIfAbsent(cell, k -> new ArrayList<>())
                                .add(turnSpread);
                    }
                    out.printf(
                            Locale.ROOT,
                            "round %d/%d  %-" + width + "s  %s %s  candidate %s%s  (warm %s / %s)%n",
                            round,
                            rounds,
                            cell.id(),
                            base.isNginx() ? "nginx" : "base",
                            figure(pair[0]),
                            figure(pair[1]),
                            pair[0].ok() && pair[1].ok()
                                    ? String.format(
                                            Locale.ROOT,
                                            "  ratio %.3f",
                                            pair[1].requestsPerSecond() / pair[0].requestsPerSecond())
                                    : "",
                            warmed(baseFirst ? r.firstWarmup() : r.secondWarmup()),
                            warmed(baseFirst ? r.secondWarmup() : r.firstWarmup()));
                    out.flush();
                }
            }
        }
        cellList.forEach(c -> turnSpreads.putIfAbsent(c, List.of()));
        return new Measured(measured, turnSpreads, all);
    }

    /** The run as results.json holds it: every window as a cell, the conditions, both sides as targets. */
    private Results results(
            Plan plan,
            Measured measured,
            Contender candidate,
            Instant startedAt,
            Regression regression,
            MeasureSettings settings) {
        RoundRunner.CpuWindows cpu = cpuWindows();
        List<Scenario> scenarios = plan.cells().stream()
                .flatMap(c -> cpu.count() == 0 ? Stream.of(c.scenario()) : Stream.of(c.scenario(), cpu.load(c)))
                .distinct()
                .toList();
        Conditions conditions = RunConditions.of(
                "regress",
                settings,
                duration,
                rounds,
                windows,
                serverJvm.flags(),
                plan.pinning(),
                plan.root(),
                "httpmodels " + String.join(" ", plan.args()));
        Map<String, TargetInfo> targets = new LinkedHashMap<>();
        for (RegressCell cell : plan.cells()) {
            for (Contender side : List.of(plan.against().base(), candidate)) {
                String name = side.rowName(cell);
                targets.putIfAbsent(
                        name,
                        new TargetInfo(name, side.isNginx() ? TargetKind.NGINX : TargetKind.MODEL, side.what(), null));
            }
        }
        return new Results(
                RunInfo.of(
                        "httpmodels " + conditions.build().projectVersion(),
                        startedAt,
                        Instant.now(),
                        RunStatus.COMPLETE),
                conditions,
                new ArrayList<>(targets.values()),
                scenarios,
                measured.windows(),
                List.of(),
                List.of(),
                null,
                regression);
    }

    /** A warm-up's length for the round line; "!" marks one cut at --max-warmup before the server settled. */
    private static String warmed(Warmup w) {
        return String.format(Locale.ROOT, "%.1f s%s", w.seconds(), w.settled() || w.seconds() == 0 ? "" : "!");
    }

    private static String figure(SideRound c) {
        if (!c.ok()) {
            return "failed (" + c.failure() + ")";
        }
        return String.format(
                Locale.ROOT,
                "%,9.0f req/s p99 %,6d µs %s",
                c.requestsPerSecond(),
                c.p99Micros(),
                c.cpuMicros() == null ? "CPU ?" : String.format(Locale.ROOT, "%5.2f µs/req", c.cpuMicros()));
    }

    private static List<String> flags(String opts) {
        return ServerJvmOptions.split(opts);
    }

    private static boolean nginxInstalled(Path root) {
        if (!Files.isExecutable(root.resolve("scripts/peers/nginx.sh"))) {
            return false;
        }
        String path = System.getenv("PATH");
        for (String dir : ((path == null ? "" : path) + ":/usr/sbin:/usr/local/sbin").split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, "nginx"))) {
                return true;
            }
        }
        return false;
    }

    private static String seconds(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() / 1e3 + " s";
    }
}
