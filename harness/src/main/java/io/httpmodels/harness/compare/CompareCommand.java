package io.httpmodels.harness.compare;

import io.httpmodels.harness.cli.Counts;
import io.httpmodels.harness.cli.DatabaseOptions;
import io.httpmodels.harness.cli.KeepAliveOption;
import io.httpmodels.harness.cli.ModelsOption;
import io.httpmodels.harness.cli.OutputOption;
import io.httpmodels.harness.cli.PinningOptions;
import io.httpmodels.harness.cli.ServerJvmOptions;
import io.httpmodels.harness.cli.ServerThreadsOption;
import io.httpmodels.harness.cli.ServerTransportOption;
import io.httpmodels.harness.cli.TimeoutOption;
import io.httpmodels.harness.cli.WarmupOptions;
import io.httpmodels.harness.cli.WholeMillis;
import io.httpmodels.harness.measure.MeasureSettings;
import io.httpmodels.harness.measure.RunConditions;
import io.httpmodels.harness.process.ChildServer.StartFailure;
import io.httpmodels.harness.process.HarnessJvm;
import io.httpmodels.harness.process.HostNoise;
import io.httpmodels.harness.process.OwnedRun;
import io.httpmodels.harness.process.PinnedRelaunch;
import io.httpmodels.harness.process.Pinning;
import io.httpmodels.harness.process.ProjectRoot;
import io.httpmodels.harness.report.ConditionsText;
import io.httpmodels.harness.report.ReportWriter;
import io.httpmodels.harness.report.TextTable;
import io.httpmodels.harness.results.CellResult;
import io.httpmodels.harness.results.Conditions;
import io.httpmodels.harness.results.DatabaseCeiling;
import io.httpmodels.harness.results.ForkStatistics;
import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.RunStatus;
import io.httpmodels.harness.results.Scenario;
import io.httpmodels.harness.targets.ModelCatalog;
import io.httpmodels.harness.targets.ModelJvm;
import io.httpmodels.harness.targets.ModelSelection;
import io.httpmodels.harness.targets.Peer;
import io.httpmodels.harness.targets.PgBench;
import io.httpmodels.harness.targets.PostgresCluster;
import io.httpmodels.harness.targets.RunDatabase;
import io.httpmodels.harness.targets.TargetSpec;
import io.httpmodels.load.ClientTlsProvider;
import io.httpmodels.load.HttpProtocol;
import io.httpmodels.load.MachineLimits;
import io.httpmodels.load.cli.DurationConverter;
import io.httpmodels.load.cli.OldSpellings;
import io.httpmodels.load.cli.Terminal;
import io.httpmodels.server.HttpServerModel;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.tls.TlsProvider;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * {@code httpmodels compare}: runs every model (and nginx, and any server at a URL) side by side under the same
 * loads, each model in its own pinned JVM, and writes {@code results.json}, {@code report.md},
 * {@code report.html} and one {@code .hlog} per cell into {@code results/<timestamp>/}.
 */
@Command(
        name = "compare",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Run the server models side by side and write a table, results.json, report.md, report.html and one "
                    + ".hlog per cell.",
            "Each model runs in its own JVM, pinned apart from the load client (this JVM); CPU, memory and threads "
                    + "are sampled from /proc over each measured window.",
            "The profiles (--profile) are listed after the flags; flags override the profile.",
            ""
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:the run completed and every cell was measured",
            "1:the results could not be written, or the database the scenarios query could not be started",
            "2:usage error",
            "3:the run completed, but a cell failed (a target did not start, died, or was never reached): the"
                    + " results and reports were written, each failure with its reason; --no-fail-on-failed-cells"
                    + " exits 0 instead",
            "130:interrupted (Ctrl-C): the completed cells were written"
        })
public final class CompareCommand implements Callable<Integer> {

    /** The exit code of a run that completed with a failed cell (k6 and JMH fail the process likewise). */
    static final int CELLS_FAILED = 3;

    /** JVM flags added to every model's with {@code --flamegraphs}. */
    static final List<String> FLAME_GRAPH_FLAGS = List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:+DebugNonSafepoints");

    @Option(
            names = "--profile",
            paramLabel = "NAME",
            defaultValue = "default",
            completionCandidates = Profile.Names.class,
            description = "One of ${COMPLETION-CANDIDATES}, each described below (default: ${DEFAULT-VALUE}).")
    String profileName;

    @Mixin
    ModelsOption models;

    @Option(
            names = "--routes",
            paramLabel = "LIST",
            split = ",",
            description = "Request paths (the profile's: /plaintext).")
    List<String> routes;

    @Option(
            names = "--work",
            paramLabel = "LIST",
            split = ",",
            converter = WholeMillis.class,
            description = "Simulated blocking work per request on the server, e.g. 0,1ms; a list runs each.")
    List<Integer> workMillis;

    @Option(names = "--work-ms", hidden = true, paramLabel = "LIST", split = ",")
    void oldWorkMillis(List<Integer> millis) {
        if (oldWorkMillis == null) { // picocli sets a list once per value
            OldSpellings.warn(spec, "--work-ms", "--work (a duration: 1ms)");
        }
        oldWorkMillis = millis;
    }

    private List<Integer> oldWorkMillis;

    /** {@code --work}, or what its old spelling gave when only that was given; null for the profile's. */
    private List<Integer> workMillis() {
        return oldWorkMillis != null && !OldSpellings.given(spec, "--work") ? oldWorkMillis : workMillis;
    }

    @Option(
            names = {"-c", "--connections"},
            paramLabel = "LIST",
            split = ",",
            description = "Connection counts; a list makes a sweep.")
    List<Integer> connections;

    @Mixin
    KeepAliveOption keepAlive;

    @Option(names = "--pipeline", paramLabel = "N", description = "Requests in flight per connection.")
    Integer pipeline;

    @Option(
            names = "--protocol",
            paramLabel = "LIST",
            split = ",",
            converter = ProtocolConverter.class,
            description = "HTTP version, each a scenario: h1 (HTTP/1.1, the default), h2c (HTTP/2 over cleartext with"
                    + " prior knowledge) or h2 (HTTP/2 over TLS, chosen by ALPN), e.g. h1,h2c. With HTTP/2 in the list,"
                    + " h1 runs at the same concurrency, -c times --streams. A model that speaks HTTP/1.1 only sits"
                    + " out HTTP/2 scenarios: its row says so (serve --list says what each speaks).")
    List<HttpProtocol> protocols;

    @Option(
            names = "--streams",
            paramLabel = "LIST",
            split = ",",
            description = "HTTP/2: requests in flight per connection, each on its own stream (h2load's -m); a list"
                    + " runs each (the h2 profile's: 10,100; default: 1).")
    List<Integer> streams;

    /** {@code h1}, {@code h2c} or {@code h2}, as {@link HttpProtocol#of} reads them. */
    static final class ProtocolConverter implements CommandLine.ITypeConverter<HttpProtocol> {
        @Override
        public HttpProtocol convert(String value) {
            return HttpProtocol.of(value);
        }
    }

    @Option(
            names = {"-R", "--rate"},
            paramLabel = "REQ/S",
            description = "Open loop at this total rate (latency from the intended send time).")
    Double rate;

    @Option(
            names = "--rate-fractions",
            paramLabel = "LIST",
            split = ",",
            description = "Also open loop at these fractions of each target's closed-loop peak, e.g. 0.5,0.9.")
    List<Double> rateFractions;

    @Option(
            names = "--idle-connections",
            paramLabel = "N",
            description = "Also run each shape beside N idle keep-alive connections held by the client (the"
                    + " crowd profile's: 10000); 0 for none.")
    Integer idleConnections;

    @Option(
            names = "--slow-connections",
            paramLabel = "N",
            description = "Also run each shape beside N slowloris connections trickling request heads (the"
                    + " slowloris profile's: 200); 0 for none.")
    Integer slowConnections;

    @Option(
            names = "--slow-interval",
            paramLabel = "DURATION",
            converter = DurationConverter.class,
            description = "Time between two bytes of a slow connection (default: 1s).")
    Duration slowInterval;

    @Option(
            names = "--header-timeout",
            paramLabel = "DURATION",
            converter = DurationConverter.class,
            description = "Pass the models this deadline for a whole request head (serve --header-timeout);"
                    + " not passed unless given, so the models keep their own default.")
    Duration headerTimeout;

    @Mixin
    WarmupOptions warmup;

    @Option(
            names = {"-d", "--duration"},
            paramLabel = "DURATION",
            converter = DurationConverter.class,
            description = "Recorded duration of every window (the profile's).")
    Duration duration;

    @Option(
            names = {"-f", "--forks"},
            paramLabel = "N",
            description = "Measure every cell in N fresh JVMs, the order of targets reversed from one fork to the"
                    + " next (the profile's; default 3). Every figure is the median over the forks with a 95 %%"
                    + " interval; 1 fork has none.")
    Integer forks;

    @Option(
            names = "--windows",
            paramLabel = "N",
            description = "Recorded windows per fork, back to back after its warm-up (the profile's).")
    Integer windows;

    @Option(
            names = "--noise-floor",
            negatable = true,
            defaultValue = "true",
            fallbackValue = "true",
            description = "Before the cells, time a fixed CPU-bound loop on each pinned CPU and read the host's steal,"
                    + " SMT siblings and frequency settings: the noise every interval stands on, with a warning when it"
                    + " is high (default: on; about a second).")
    boolean noiseFloor;

    /** The old spelling of {@code --forks}: kept for one release, with a warning. */
    @Option(names = "--repetitions", paramLabel = "N", hidden = true)
    void oldRepetitions(int value) {
        OldSpellings.warn(spec, "--repetitions", "--forks");
        if (!OldSpellings.given(spec, "--forks")) {
            forks = value;
        }
    }

    @Option(
            names = {"-t", "--client-threads"},
            paramLabel = "N",
            defaultValue = "1",
            description = "Load client threads (default: ${DEFAULT-VALUE}; more fight the server on small machines).")
    int clientThreads;

    @Mixin
    TimeoutOption timeout;

    @Mixin
    ServerThreadsOption serverThreads;

    @Mixin
    ServerTransportOption transport;

    @Option(
            names = "--tls-provider",
            paramLabel = "jdk|openssl",
            converter = TlsProviderConverter.class,
            description = "Who encrypts in a TLS scenario (--profile tls): the JDK's JSSE (default) or, netty only,"
                    + " OpenSSL (BoringSSL); a model without it refuses to start.")
    TlsProvider tlsProvider = TlsProvider.JDK;

    @Option(
            names = "--client-tls-provider",
            paramLabel = "openssl|jdk",
            description = "Who encrypts for the load client in a TLS scenario: openssl (BoringSSL, the default where it"
                    + " loads) or jdk (the JDK's SSLEngine, slower to shake hands and to warm up: docs/tls.md).")
    String clientTlsProvider;

    /** {@code jdk} or {@code openssl}, as {@link TlsProvider#byId} reads them. */
    static final class TlsProviderConverter implements CommandLine.ITypeConverter<TlsProvider> {
        @Override
        public TlsProvider convert(String value) {
            return TlsProvider.byId(value);
        }
    }

    @Mixin
    ServerJvmOptions serverJvm;

    @Mixin
    DatabaseOptions database;

    @Option(
            names = "--target",
            paramLabel = "NAME=URL",
            description = "Also measure a server already running at URL, as a row named NAME (repeatable).")
    List<String> externalTargets;

    @Option(
            names = "--with",
            paramLabel = "PEER[,PEER...]",
            split = ",",
            description = "Start reference peers from scripts/peers and add each as a row: nginx (the reference),"
                    + " go-nethttp, go-fasthttp (Go, scripts/peers/install.sh --go). Peers do no simulated work.")
    List<String> peers;

    @Option(
            names = "--capacity",
            negatable = true,
            description = "Also find each target's highest rate within --slo (default: off).")
    boolean capacity;

    @Option(
            names = "--slo",
            paramLabel = "pNN=BOUND",
            defaultValue = "p99=10ms",
            description = "The latency bound for --capacity (default: ${DEFAULT-VALUE}).")
    String slo;

    @Option(
            names = "--why",
            negatable = true,
            defaultValue = "true",
            fallbackValue = "true",
            preprocessor = OldSpellings.OnOff.class,
            description = "Measure why each server is as fast as it is: CPU split, context switches, system calls,"
                    + " run-queue wait, allocation and GC per request (default: on; see docs/why.md).")
    boolean why = true;

    @Option(
            names = "--flamegraphs",
            paramLabel = "cpu|wall|alloc|lock",
            description = "Profile each model's measured window with async-profiler and write one HTML flame graph"
                    + " per cell under flamegraphs/ (profiling perturbs: those cells are marked).")
    String flameGraphs;

    @Mixin
    PinningOptions pinning;

    @Option(
            names = "--client-bound-at",
            paramLabel = "SHARE",
            defaultValue = "0.95",
            description = "Mark a cell client-bound when the client uses this share of its cores "
                    + "(default: ${DEFAULT-VALUE}).")
    double clientBoundAt;

    @Option(
            names = "--fail-on-failed-cells",
            negatable = true,
            defaultValue = "true",
            fallbackValue = "true",
            description = "Exit " + CELLS_FAILED + " when any cell failed, even though the run completed and wrote"
                    + " its reports (default: on; --no-fail-on-failed-cells exits 0, the failures shown in the"
                    + " reports only).")
    boolean failOnFailedCells = true;

    @Mixin
    OutputOption out;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Plan plan;
        try {
            plan = plan();
        } catch (IllegalArgumentException e) {
            throw Counts.outOfRange(spec, e);
        }
        List<String> args = spec.root().commandLine().getParseResult().originalArgs();
        if (PinnedRelaunch.needed(plan.pinning())) {
            return PinnedRelaunch.run(plan.pinning(), HarnessJvm.current(), args, 90, "compare-relaunch-shutdown");
        }
        PrintWriter outWriter = spec.commandLine().getOut();
        // Database routes need a database: --db-url's, or a throw-away cluster started now, on the servers' CPUs.
        PostgresCluster cluster = null;
        if (plan.queriesADatabase() && plan.database().isEmpty()) {
            Optional<String> unavailable = PostgresCluster.unavailable(plan.projectRoot());
            if (unavailable.isPresent()) {
                spec.commandLine()
                        .getErr()
                        .println("error: the scenarios query a database: " + unavailable.get()
                                + "; or give one with --db-url");
                return 1;
            }
            try {
                cluster = PostgresCluster.startThrowaway(
                        plan.projectRoot(),
                        plan.pinning().enabled() ? plan.pinning().serverCpus() : List.of());
            } catch (StartFailure e) {
                spec.commandLine().getErr().println("error: cannot start PostgreSQL: " + e.getMessage());
                return 1;
            }
            plan = plan.withDatabase(new RunDatabase(database.settingsFor(cluster.jdbcUrl()), cluster.pid()));
            outWriter.printf(
                    "PostgreSQL for the database routes: %s%s%n",
                    cluster.jdbcUrl(),
                    plan.pinning().enabled()
                            ? ", on the servers' CPUs " + plan.pinning().serverCpus()
                            : "");
        }
        try (PostgresCluster stopped = cluster) {
            List<DatabaseCeiling> ceilings = List.of();
            if (cluster != null) {
                try {
                    ceilings = databaseCeilings(plan, cluster, outWriter);
                } catch (StartFailure e) {
                    // The models' figures stand without it: said, and the run goes on.
                    outWriter.printf("  no database ceiling: %s%n", e.getMessage());
                }
            }
            return run(plan, args, outWriter, ceilings);
        }
    }

    /**
     * What the run's PostgreSQL serves alone at each connection count of the database scenarios: pgbench running the
     * {@code /db} query, pinned as the load client is, once per fork, each warmed as a model is and measured for a
     * fork's windows.
     */
    private static List<DatabaseCeiling> databaseCeilings(Plan plan, PostgresCluster cluster, PrintWriter out)
            throws StartFailure {
        // The scenarios' connection counts, and the pool a blocking model queries through: the database behind as
        // many sessions as clients, and behind as few as a pool holds.
        List<Integer> counts = Stream.concat(
                        plan.scenarios().stream().map(s -> s.shape().connections()), Stream.of(poolSize(plan)))
                .distinct()
                .sorted()
                .toList();
        out.printf(
                "PostgreSQL alone (pgbench, TechEmpower's /db query, %s connections, %d runs each)...%n",
                counts.stream().map(String::valueOf).collect(Collectors.joining(", ")),
                plan.sampling().forks());
        out.flush();
        Map<Integer, List<PgBench.Run>> byCount = new TreeMap<>();
        for (int fork = 0; fork < plan.sampling().forks(); fork++) {
            for (PgBench.Run run : PgBench.measure(
                    plan.projectRoot(),
                    cluster,
                    counts,
                    plan.measure().warmup().minimum(),
                    plan.duration().multipliedBy(plan.sampling().windows()),
                    plan.pinning().enabled() ? plan.pinning().clientCpus() : List.of())) {
                byCount.computeIfAbsent(run.clients(), c -> new ArrayList<>()).add(run);
            }
        }
        List<DatabaseCeiling> ceilings = new ArrayList<>();
        byCount.forEach((clients, runs) -> ceilings.add(new DatabaseCeiling(
                clients,
                ForkStatistics.estimate(
                        runs.stream().map(PgBench.Run::queriesPerSecond).toList()),
                ForkStatistics.estimate(
                        runs.stream().map(PgBench.Run::databaseMicrosPerQuery).toList()))));
        return ceilings;
    }

    /** The pool of the run's models: {@code --db-pool}, else what the blocking models default to on the servers' CPUs. */
    private static int poolSize(Plan plan) {
        int given = plan.database().map(d -> d.settings().poolSize()).orElse(0);
        if (given > 0) {
            return given;
        }
        int cpus = plan.pinning().enabled()
                ? plan.pinning().serverCpus().size()
                : Runtime.getRuntime().availableProcessors();
        return ServerConfig.POOL_THREADS_PER_CPU * cpus;
    }

    private int run(Plan plan, List<String> args, PrintWriter outWriter, List<DatabaseCeiling> ceilings)
            throws Exception {
        Conditions conditions = RunConditions.of(
                plan.profile(),
                plan.measure(),
                plan.duration(),
                plan.sampling().forks(),
                plan.sampling().windows(),
                plan.servers().jvmFlags(),
                plan.pinning(),
                plan.projectRoot(),
                "httpmodels " + String.join(" ", args));
        if (noiseFloor) {
            conditions = conditions.withNoiseFloor(HostNoise.measure(plan.pinning()));
        }
        printHeader(outWriter, plan, conditions);
        Comparison comparison =
                new Comparison(plan, conditions, new TerminalProgress(outWriter, Terminal.isTerminal()));
        // This run's children alone: another command in this JVM (the harness's tests run several) keeps its own.
        OwnedRun run = OwnedRun.start("compare-shutdown", comparison::stop, Duration.ofSeconds(60));
        try {
            Results results = comparison.run().withDatabaseCeilings(ceilings);
            List<Path> written;
            try {
                Files.createDirectories(plan.outputDir());
                written = ReportWriter.writeAll(results, plan.outputDir());
            } catch (IOException | RuntimeException e) {
                spec.commandLine().getErr().println("error: cannot write the results: " + e);
                return 1;
            }
            printEnd(outWriter, results, written);
            return exitCode(results);
        } finally {
            run.close();
        }
    }

    /** 130 when interrupted; {@link #CELLS_FAILED} when a cell failed, unless told otherwise; else 0. */
    int exitCode(Results results) {
        if (results.run().status() == RunStatus.INTERRUPTED) {
            return 130;
        }
        boolean failed = results.cells().stream().anyMatch(c -> !c.ok());
        return failed && failOnFailedCells ? CELLS_FAILED : 0;
    }

    Plan plan() {
        Profile profile = Profile.byId(profileName);
        Profile.Axes base = profile.axes();
        boolean custom = routes != null
                || workMillis() != null
                || connections != null
                || keepAlive.given()
                || pipeline != null
                || rate != null
                || rateFractions != null
                || idleConnections != null
                || slowConnections != null
                || slowInterval != null
                || headerTimeout != null
                || protocols != null
                || streams != null;
        Profile.Axes axes = new Profile.Axes(
                routes != null ? routes : base.routes(),
                workMillis() != null ? workMillis() : base.workMillis(),
                keepAlive.modes(base.keepAlive()),
                connections != null ? connections : base.connections(),
                pipeline != null ? pipeline : base.pipeline(),
                rate != null ? rate : base.rate(),
                rateFractions != null ? rateFractions : base.rateFractions(),
                idleConnections != null ? idleConnections : base.idleConnections(),
                slowConnections != null ? slowConnections : base.slowConnections(),
                base.tls(),
                protocols != null ? protocols : base.protocols(),
                streams != null ? streams : streamsFor(protocols != null ? protocols : base.protocols(), base));
        List<TargetSpec> targets = new ArrayList<>();
        Map<String, HttpServerModel> found = ModelCatalog.all();
        ModelSelection selection = ModelSelection.of(models.names(), found, profile.alsoByDefault());
        for (String name : selection.names()) {
            HttpServerModel model = found.get(name);
            targets.add(TargetSpec.model(model));
        }
        for (String peer : peers == null ? List.<String>of() : peers) {
            targets.add(TargetSpec.peer(Peer.of(peer)));
        }
        for (String t : externalTargets == null ? List.<String>of() : externalTargets) {
            targets.add(TargetSpec.external(t));
        }
        long distinct = targets.stream().map(TargetSpec::name).distinct().count();
        if (distinct != targets.size()) {
            throw new IllegalArgumentException("two targets have the same name");
        }
        MachineLimits.checkThreads("--client-threads", clientThreads, 1);
        if (!(clientBoundAt > 0 && clientBoundAt <= 1)) {
            throw new IllegalArgumentException("--client-bound-at must be in (0, 1]");
        }
        Duration recorded = duration != null ? duration : profile.sampling().window();
        if (recorded.isZero() || recorded.isNegative()) {
            throw new IllegalArgumentException("--duration must be positive");
        }
        Sampling sampling = new Sampling(
                forks != null ? forks : profile.sampling().forks(),
                windows != null ? windows : profile.sampling().windows(),
                recorded);
        if (flameGraphs != null && !MeasureSettings.FLAME_GRAPH_EVENTS.contains(flameGraphs)) {
            throw new IllegalArgumentException(
                    "--flamegraphs wants cpu, wall, alloc or lock, got '" + flameGraphs + "'");
        }
        Pinning cpus = pinning.pinning();
        MeasureSettings measure = new MeasureSettings(
                        clientThreads,
                        timeout.timeout(),
                        cpus,
                        clientBoundAt,
                        warmup.rule(profile.warmup(), false),
                        why,
                        flameGraphs)
                .withClientTlsProvider(clientTlsProvider == null ? null : ClientTlsProvider.of(clientTlsProvider));
        List<String> serverFlags = new ArrayList<>(serverJvm.flags());
        if (flameGraphs != null) {
            // async-profiler's advice: stacks resolved between safepoints too, so inlined frames are not misplaced.
            serverFlags.addAll(FLAME_GRAPH_FLAGS);
        }
        Path root = ProjectRoot.find();
        List<Scenario> scenarios = withServerAndSlowSettings(axes.scenarios());
        scenarios.forEach(scenario -> checkTheMachineHolds(scenario, clientThreads));
        return new Plan(
                custom ? "custom (from " + profile.id() + ")" : profile.id(),
                targets,
                scenarios,
                measure,
                sampling,
                new ModelJvm(
                        HarnessJvm.current(), serverFlags, serverThreads.threads(), transport.transport(), tlsProvider),
                cpus,
                capacity ? Slo.parse(slo) : null,
                out.dir(root, ""),
                root,
                selection,
                database.settings().map(settings -> new RunDatabase(settings, null)));
    }

    /** The profile's streams per connection when HTTP/2 is spoken, else 1: {@code --protocol h1} needs none. */
    private static List<Integer> streamsFor(List<HttpProtocol> spoken, Profile.Axes base) {
        return spoken.stream().anyMatch(HttpProtocol::http2) ? base.streams() : List.of(1);
    }

    /** The scenarios with the slow interval and the header deadline given on the command line, if any. */
    private List<Scenario> withServerAndSlowSettings(List<Scenario> scenarios) {
        if (slowInterval != null && (slowInterval.isNegative() || slowInterval.toMillis() < 1)) {
            throw new IllegalArgumentException("--slow-interval must be at least 1ms");
        }
        if (headerTimeout != null && (headerTimeout.isNegative() || headerTimeout.toMillis() < 1)) {
            throw new IllegalArgumentException("--header-timeout must be at least 1ms");
        }
        List<Scenario> adjusted = new ArrayList<>();
        for (Scenario s : scenarios) {
            if (slowInterval != null && s.crowd().slowConnections() > 0) {
                s = s.withBackground(
                        s.crowd().idleConnections(),
                        s.crowd().slowConnections(),
                        Math.toIntExact(slowInterval.toMillis()));
            }
            if (headerTimeout != null) {
                s = s.withHeaderTimeout(Math.toIntExact(headerTimeout.toMillis()));
            }
            adjusted.add(s);
        }
        return adjusted;
    }

    /**
     * The load client runs in this JVM: a scenario's connections, measured and background, must fit under its
     * open-file limit and its rate within what the client schedules, said before any model starts.
     *
     * @throws IllegalArgumentException saying which figure is too large, in one line
     */
    private static void checkTheMachineHolds(Scenario s, int clientThreads) {
        long all = (long) s.shape().connections()
                + s.crowd().idleConnections()
                + s.crowd().slowConnections();
        MachineLimits.checkOpenFiles(
                s.hasBackground()
                        ? "-c " + s.shape().connections() + " beside "
                                + s.crowd().idleConnections() + " idle and "
                                + s.crowd().slowConnections() + " slow connections"
                        : "-c " + s.shape().connections(),
                all,
                clientThreads);
        if (s.shape().pipeline() > MachineLimits.MAX_PIPELINE) {
            throw new IllegalArgumentException(
                    "--pipeline " + s.shape().pipeline() + ": at most " + MachineLimits.MAX_PIPELINE);
        }
        if (s.pacing().rate() != null && s.pacing().rate() > MachineLimits.MAX_RATE) {
            throw new IllegalArgumentException(String.format(
                    java.util.Locale.ROOT,
                    "-R %.0f: the rate must be at most %.0f requests/s (one a nanosecond)",
                    s.pacing().rate(),
                    MachineLimits.MAX_RATE));
        }
    }

    private static void printHeader(PrintWriter out, Plan plan, Conditions c) {
        out.printf(
                "httpmodels compare: profile %s, %d targets x %d scenarios, each cell in %d fork(s) (a fresh JVM"
                        + " each, a target's scenarios in it) of %d window(s) of %s = %d windows; each fork warmed until its JIT is quiet (at least %s,"
                        + " at most %s)%n",
                plan.profile(),
                plan.targets().size(),
                plan.scenarios().size(),
                plan.sampling().forks(),
                plan.sampling().windows(),
                seconds(plan.duration()),
                plan.windowCount(),
                seconds(plan.measure().warmup().minimum()),
                seconds(plan.measure().warmup().maximum()));
        out.printf(
                "  %s; %d CPUs (%s); %s%n",
                c.placement().pinning(),
                c.host().onlineCpus(),
                c.host().cpuModel(),
                c.jvms().jdk());
        if (c.host().loadAverage() != null) {
            out.printf(
                    "  load average %s (1, 5, 15 min): a busy machine shows in the why tables' run-queue wait%n",
                    c.host().loadAverage());
        }
        String floor = ConditionsText.noiseFloor(c.noiseFloor());
        if (floor != null) {
            out.printf("  noise floor: %s%n", floor);
        }
        if (!plan.models().leftOutNote().isEmpty()) {
            out.printf("  %s%n", plan.models().leftOutNote());
        }
        out.printf("  writing to %s%n", plan.outputDir());
        out.flush();
    }

    private static void printEnd(PrintWriter out, Results results, List<Path> written) {
        out.println();
        out.print(TextTable.render(results));
        out.println();
        if (results.run().status() == RunStatus.INTERRUPTED) {
            out.printf(
                    "interrupted: the %d cells completed were written%n",
                    results.cells().size());
        }
        long failed = results.cells().stream().filter(c -> !c.ok()).count();
        if (failed > 0) {
            out.printf("%d cell(s) failed:%n", failed);
            for (CellResult c : results.cells()) {
                if (!c.ok()) {
                    out.printf("  %s / %s: %s%n", c.id().target(), c.id().scenarioId(), c.failure());
                }
            }
        }
        for (Path p : written) {
            out.printf("wrote %s%n", p);
        }
        out.printf(
                "wrote %s (one HdrHistogram interval log per cell)%n",
                written.get(0).resolveSibling("cells"));
        out.flush();
    }

    private static String seconds(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() / 1e3 + " s";
    }
}
