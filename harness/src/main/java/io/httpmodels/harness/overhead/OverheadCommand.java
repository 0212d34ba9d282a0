package io.httpmodels.harness.overhead;

import io.httpmodels.harness.cli.Counts;
import io.httpmodels.harness.cli.KeepAliveOption;
import io.httpmodels.harness.cli.ModelsOption;
import io.httpmodels.harness.cli.PinningOptions;
import io.httpmodels.harness.cli.ServerJvmOptions;
import io.httpmodels.harness.cli.ServerTransportOption;
import io.httpmodels.harness.cli.TimeoutOption;
import io.httpmodels.harness.cli.WarmupOptions;
import io.httpmodels.harness.cli.WholeMillis;
import io.httpmodels.harness.measure.Cell;
import io.httpmodels.harness.measure.MeasureListener;
import io.httpmodels.harness.measure.MeasureSettings;
import io.httpmodels.harness.measure.MeasuredTarget;
import io.httpmodels.harness.measure.MeasuringStep;
import io.httpmodels.harness.measure.Window;
import io.httpmodels.harness.process.HarnessJvm;
import io.httpmodels.harness.process.OwnedRun;
import io.httpmodels.harness.process.PinnedRelaunch;
import io.httpmodels.harness.process.Pinning;
import io.httpmodels.harness.process.ProjectRoot;
import io.httpmodels.harness.results.CellResult;
import io.httpmodels.harness.results.Responses;
import io.httpmodels.harness.results.Scenario;
import io.httpmodels.harness.targets.ModelCatalog;
import io.httpmodels.harness.targets.ModelJvm;
import io.httpmodels.harness.targets.ModelSelection;
import io.httpmodels.harness.targets.TargetLauncher;
import io.httpmodels.harness.targets.TargetSpec;
import io.httpmodels.load.MachineLimits;
import io.httpmodels.load.cli.DurationConverter;
import io.httpmodels.load.cli.OldSpellings;
import io.httpmodels.server.HttpServerModel;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * {@code httpmodels overhead}: the cost of looking. Each model serves one cell in one warm JVM, and windows are
 * recorded alternately with the why figures on (perf's counted chunk before the window, /proc and the JVM read at
 * its edges) and off (the same chunk without perf, nothing read at its edges), A B B A, for {@code --rounds}
 * rounds. It prints one line per window, {@code CELL ROUND on|off CPU_MICROS_PER_REQUEST}, for
 * {@code httpmodels stats pairs --a off --b on}: the paired ratio is the figures' cost in server CPU per request.
 * Hidden: {@code scripts/bench/why-overhead.sh} runs it.
 */
@Command(
        name = "overhead",
        hidden = true,
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "The cost of the why figures: windows of one cell in one warm JVM alternately with them on and off.",
            "Prints 'CELL ROUND on|off CPU_MICROS_PER_REQUEST' per window (and CELL-rps lines), for 'stats pairs'."
        })
public final class OverheadCommand implements Callable<Integer> {

    @Mixin
    ModelsOption models;

    @Mixin
    KeepAliveOption keepAlive;

    @Option(
            names = {"-c", "--connections"},
            paramLabel = "N",
            defaultValue = "40",
            description = "Connections (default: ${DEFAULT-VALUE}).")
    int connections;

    @Option(
            names = "--work",
            paramLabel = "DURATION",
            converter = WholeMillis.class,
            defaultValue = "0ms",
            description = "Blocking work per request (default: ${DEFAULT-VALUE}).")
    int workMillis;

    @Option(names = "--work-ms", hidden = true, paramLabel = "MS")
    void oldWorkMillis(int millis) {
        OldSpellings.warn(spec, "--work-ms", "--work (a duration: 1ms)");
        oldWorkMillis = millis;
    }

    private Integer oldWorkMillis;

    @Option(
            names = "--rounds",
            paramLabel = "N",
            defaultValue = "6",
            description = "Rounds of one window on and one off (default: ${DEFAULT-VALUE}).")
    int rounds;

    @Option(
            names = {"-d", "--duration"},
            paramLabel = "DURATION",
            converter = DurationConverter.class,
            defaultValue = "2s",
            description = "Each window's recorded length (default: ${DEFAULT-VALUE}).")
    Duration duration;

    @Mixin
    ServerTransportOption transport;

    @Mixin
    WarmupOptions warmup;

    @Mixin
    TimeoutOption timeout;

    @Mixin
    ServerJvmOptions serverJvm;

    @Mixin
    PinningOptions pinning;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (rounds < 1 || rounds > 50) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--rounds must be 1..50");
        }
        Pinning cpus;
        try {
            cpus = pinning.pinning();
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        try {
            MachineLimits.checkOpenFiles("-c " + connections, connections, 1);
        } catch (IllegalArgumentException e) {
            throw Counts.outOfRange(spec, e);
        }
        List<String> args = spec.root().commandLine().getParseResult().originalArgs();
        if (PinnedRelaunch.needed(cpus)) {
            return PinnedRelaunch.run(cpus, HarnessJvm.current(), args, 90, "overhead-relaunch-shutdown");
        }
        List<Boolean> modes = keepAlive.modes(List.of(true, false));
        List<String> names;
        try {
            names = ModelSelection.of(models.names(), ModelCatalog.all()).names();
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        MeasureSettings on = new MeasureSettings(
                1, timeout.timeout(), cpus, 0.95, warmup.rule(Duration.ofSeconds(2), false), true, null);
        MeasureSettings off = on.withWhy(false);
        TargetLauncher launcher = new TargetLauncher(cpus, ProjectRoot.find());
        MeasuringStep withWhy = new MeasuringStep(launcher, on);
        MeasuringStep without = new MeasuringStep(launcher, off);
        ModelJvm jvm = new ModelJvm(HarnessJvm.current(), serverJvm.flags(), 0, transport.transport());
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        OwnedRun run = OwnedRun.start("overhead-shutdown");
        try {
            for (boolean ka : modes) {
                int work = oldWorkMillis != null && !OldSpellings.given(spec, "--work") ? oldWorkMillis : workMillis;
                Scenario scenario = Scenario.closedLoop("/plaintext", work, ka, connections, 1);
                for (String name : names) {
                    HttpServerModel model = ModelCatalog.byName(name);
                    TargetSpec target = TargetSpec.model(model.name(), model.description());
                    String key = scenario.id() + ":" + model.name();
                    // Started with the figures on, so its control channel is primed like any measured target's.
                    try (MeasuredTarget t = withWhy.start(target, model.name(), jvm, scenario)) {
                        if (t.failure() != null) {
                            err.println(key + ": " + t.failure());
                            continue;
                        }
                        without.warm(t, MeasureListener.NONE);
                        for (int round = 1; round <= rounds; round++) {
                            // A B, then B A: a drift of the machine favours neither.
                            boolean onFirst = round % 2 == 0;
                            for (int i = 0; i < 2; i++) {
                                boolean looking = (i == 0) == onFirst;
                                MeasuringStep step = looking ? withWhy : without;
                                step.count(t, t.scenario());
                                Optional<Cell> cell = step.window(t, Window.of(round, duration), MeasureListener.NONE);
                                CellResult r = cell.map(Cell::result).orElse(null);
                                if (r == null
                                        || !r.ok()
                                        || r.usage().server() == null
                                        || r.usage().server().cpuMicrosPerRequest() == null) {
                                    err.println(key + " round " + round + ": no figure"
                                            + (r == null ? "" : ": " + r.failure()));
                                    continue;
                                }
                                String side = looking ? "on" : "off";
                                out.printf(
                                        Locale.ROOT,
                                        "%s %d %s %.4f%n",
                                        key,
                                        round,
                                        side,
                                        r.usage().server().cpuMicrosPerRequest());
                                out.printf(Locale.ROOT, "%s-rps %d %s %.1f%n", key, round, side, r.requestsPerSecond());
                                out.flush();
                                err.printf(
                                        Locale.ROOT,
                                        "%-40s round %d %-3s %8.2f µs/req %10.0f req/s  p99 %d µs  errors %d%n",
                                        key,
                                        round,
                                        side,
                                        r.usage().server().cpuMicrosPerRequest(),
                                        r.requestsPerSecond(),
                                        r.latency() == null ? -1 : r.latency().p99(),
                                        r.errors(Responses.TOTAL));
                                err.flush();
                            }
                        }
                    }
                }
            }
        } finally {
            run.close();
        }
        return 0;
    }
}
