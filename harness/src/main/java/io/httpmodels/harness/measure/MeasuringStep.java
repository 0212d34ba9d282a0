package io.httpmodels.harness.measure;

import io.httpmodels.harness.control.ControlProtocol;
import io.httpmodels.harness.process.ChildServer.StartFailure;
import io.httpmodels.harness.process.CompilerThreads;
import io.httpmodels.harness.process.ControlChannel;
import io.httpmodels.harness.process.PerfCounts;
import io.httpmodels.harness.process.PerfStat;
import io.httpmodels.harness.process.Pinning;
import io.httpmodels.harness.process.ProcFs;
import io.httpmodels.harness.process.UsageSampler;
import io.httpmodels.harness.process.WindowEdges;
import io.httpmodels.harness.results.CellResult;
import io.httpmodels.harness.results.DatabaseChecks;
import io.httpmodels.harness.results.Scenario;
import io.httpmodels.harness.results.Stats;
import io.httpmodels.harness.results.TlsMode;
import io.httpmodels.harness.results.Warmup;
import io.httpmodels.harness.targets.ModelJvm;
import io.httpmodels.harness.targets.RunDatabase;
import io.httpmodels.harness.targets.RunningTarget;
import io.httpmodels.harness.targets.TargetLauncher;
import io.httpmodels.harness.targets.TargetSpec;
import io.httpmodels.load.IntervalLog;
import io.httpmodels.load.LoadClient;
import io.httpmodels.load.LoadConfig;
import io.httpmodels.load.LoadException;
import io.httpmodels.load.LoadListener;
import io.httpmodels.load.LoadReport;
import io.httpmodels.load.Progress;
import io.httpmodels.load.TlsSettings;
import io.httpmodels.load.TlsVersion;
import io.httpmodels.load.Turns;
import io.httpmodels.server.Route;
import io.httpmodels.server.db.DatabaseRoutes;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.nio.file.Files;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The one measuring step of {@code compare} and {@code regress}: start a target, warm it until its JIT is done,
 * record a window of load with the load client from this JVM while the server's CPU, memory and threads (and the
 * client's CPU) are sampled over exactly that window, and return the cell's figures. The commands add only their
 * schedule on top: which targets, in which order, how many windows.
 *
 * <p>With {@link MeasureSettings#why()} it also measures why each server is as fast as it is, without costing the
 * measured window anything it would not cost a server in production: /proc (CPU split, each thread's switches and
 * run-queue wait) and the model's JVM (allocation, GC, getrusage's switches, over its control channel) are read at
 * the window's start and end only; perf, which slows the server it counts, counts system calls over one unrecorded
 * chunk of the same load after the warm-up ({@link #count}). With {@link MeasureSettings#flameGraphs()} the model's
 * JVM profiles each window into a flame graph, which perturbs that window, so the cell says so.
 *
 * <pre>{@code
 * try (MeasuredTarget t = step.start(target, target.name(), jvm, scenario)) {
 *     step.warm(t, listener);
 *     Cell cell = step.window(t, Window.of(1, Duration.ofSeconds(4)), listener);
 * }
 * }</pre>
 *
 * <p>Whatever goes wrong becomes a failed cell with its reason, never an exception. One measurement at a time;
 * {@link #stop()} may be called from any thread to end the current one and refuse the next.
 */
public final class MeasuringStep {

    private static final Duration SAMPLE_PERIOD = Duration.ofMillis(100);
    /** Unrecorded lead-in of a window: its connections opened and in flight before recording. */
    static final Duration LEAD_IN = Duration.ofMillis(100);
    /** Length of the unrecorded chunk perf counts the server's system calls over. */
    static final Duration COUNT_CHUNK = Duration.ofMillis(300);

    private static final Duration PROFILER_LOAD = Duration.ofSeconds(10);

    private final TargetLauncher launcher;
    private final MeasureSettings settings;
    private final RunDatabase database;
    /** The loads running now (two when targets take turns), for {@link #stop()}. */
    private final Set<LoadClient> current = ConcurrentHashMap.newKeySet();

    private volatile boolean stopped;

    public MeasuringStep(TargetLauncher launcher, MeasureSettings settings) {
        this(launcher, settings, null);
    }

    /**
     * A step whose database scenarios' windows also check the answers ({@link DatabaseWatch}: sampled answers, the
     * rows updates wrote, the connections in use) and, when this machine runs it, measure the database's CPU.
     *
     * @param database the PostgreSQL the requests query, or null for none
     */
    public MeasuringStep(TargetLauncher launcher, MeasureSettings settings, RunDatabase database) {
        this.launcher = launcher;
        this.settings = settings;
        this.database = database;
    }

    public MeasureSettings settings() {
        return settings;
    }

    /**
     * Starts {@code target} for {@code scenario}, its cells named {@code name}.
     *
     * @return the started target, or one that says why it did not start (also when stopped)
     */
    public MeasuredTarget start(TargetSpec target, String name, ModelJvm jvm, Scenario scenario) {
        if (stopped) {
            return new MeasuredTarget(name, scenario, null, "stopped");
        }
        try {
            RunningTarget running = launcher.start(target, jvm, scenario);
            prime(running, scenario);
            return new MeasuredTarget(name, scenario, running, null);
        } catch (StartFailure e) {
            return new MeasuredTarget(name, scenario, null, stopped ? "stopped" : "did not start: " + e.getMessage());
        }
    }

    /**
     * {@code started} made ready for {@code load}: the same when its server serves that load as it is; when only the
     * work per request differs, its server restarted in the same JVM with the load's work (its JIT stays warm, and
     * the load is warmed again before it is measured); else, or when the restart fails, {@code started} closed and
     * {@code target} started afresh for the load.
     */
    public MeasuredTarget serving(MeasuredTarget started, TargetSpec target, ModelJvm jvm, Scenario load) {
        if (started.running() != null && started.servesButForItsWork(load)) {
            if (load.workMillis() == started.scenario().workMillis()) {
                return started;
            }
            if (!stopped && started.running().restartWithWork(load.workMillis())) {
                return new MeasuredTarget(started.name(), load, started.running(), null);
            }
        }
        started.close();
        return start(target, started.name(), jvm, load);
    }

    /**
     * Unrecorded load until the server is warm, as {@link MeasureSettings#warmup()} says: the scenario's own load
     * (its background connections aside) in chunks, until its JIT compiler threads are quiet and its CPU time per
     * request steady. A target that did not start, or a load that fails, ends it early; the window that follows
     * then fails and says why.
     *
     * @return how long it warmed and whether it settled (also kept by {@code target} for its cells)
     */
    public Warmup warm(MeasuredTarget target, MeasureListener listener) {
        return warm(target, target.scenario(), listener);
    }

    /**
     * Warms {@code target} under another load than the one it was started for (a server JVM that serves several
     * of {@code regress}'s cells): the same {@link #warm(MeasuredTarget, MeasureListener)}, {@code load}'s load.
     *
     * @throws IllegalArgumentException when the server was started for other work or another header deadline
     */
    public Warmup warm(MeasuredTarget target, Scenario load, MeasureListener listener) {
        return warm(target, load, listener, true);
    }

    /**
     * {@link #warm(MeasuredTarget, Scenario, MeasureListener)}, counting the server's system calls after it only when
     * {@code countSyscalls} (and the why figures are on): a comparison counts them in a target's first fork, since what
     * a request costs in system calls is its code's, the same in every JVM, and perf's attach and chunk cost a second.
     */
    public Warmup warm(MeasuredTarget target, Scenario load, MeasureListener listener, boolean countSyscalls) {
        target.checkServes(load);
        WarmupRule rule = settings.warmup();
        RunningTarget running = target.running();
        if (running == null || stopped) {
            return Warmup.NONE;
        }
        if (rule.none()) {
            return warmed(target, Warmup.NONE, load, countSyscalls);
        }
        Long pid = running.pid();
        boolean jitWatched = pid != null && ProcFs.jitCpuNanos(pid).isPresent();
        Pinning pinning = settings.pinning();
        boolean lent = jitWatched
                && rule.lendClientCpus()
                && pinning.enabled()
                && CompilerThreads.lend(pid, union(pinning.serverCpus(), pinning.clientCpus()));
        boolean raised = jitWatched && rule.raiseJitPriority() && CompilerThreads.raise(pid);
        try {
            return warmed(target, warmUp(target, load, listener, pid, jitWatched), load, countSyscalls);
        } finally {
            if (raised) {
                CompilerThreads.renice(pid, CompilerThreads.NORMAL);
            }
            if (lent) {
                CompilerThreads.pinAll(pid, pinning.serverCpus());
            }
        }
    }

    private Warmup warmUp(
            MeasuredTarget target, Scenario load, MeasureListener listener, Long pid, boolean jitWatched) {
        WarmupRule rule = settings.warmup();
        RunningTarget running = target.running();
        long startNanos = System.nanoTime();
        Double previous = null;
        while (!stopped) {
            LoadClient client = new LoadClient(warmupChunk(running.url(load.route()), load));
            current.add(client);
            OptionalLong jitBefore = pid == null ? OptionalLong.empty() : ProcFs.jitCpuNanos(pid);
            UsageSampler sampler = UsageSampler.startAt(pid, System.nanoTime(), SAMPLE_PERIOD);
            LoadReport report;
            try {
                report = client.run();
            } catch (LoadException e) {
                sampler.stop();
                long failedAt = System.nanoTime() - startNanos;
                // A cold JVM's first TLS handshakes can outlast a chunk, so that none of its connections succeeded:
                // over TLS, a server still alive is warmed on, up to the bound.
                if (load.isTls()
                        && running.death().isEmpty()
                        && failedAt < rule.maximum().toNanos()) {
                    listener.warming(failedAt / 1e9);
                    continue;
                }
                return new Warmup(failedAt / 1e9, false, jitWatched);
            } finally {
                current.remove(client);
            }
            UsageSampler.Usage usage = sampler.stop();
            OptionalLong jitAfter = pid == null ? OptionalLong.empty() : ProcFs.jitCpuNanos(pid);
            boolean jitQuiet = jitBefore.isEmpty()
                    || jitAfter.isEmpty()
                    || jitAfter.getAsLong() - jitBefore.getAsLong()
                            <= Duration.ofMillis(WarmupRule.JIT_QUIET_MILLIS).toNanos();
            Double cpu = usage.server().cpuSeconds() == null
                    ? null
                    : Stats.cpuMicrosPerRequest(
                            usage.server().cpuSeconds(), report.recorded().requests());
            boolean steady = WarmupRule.steady(
                    usage.server().cpuSeconds() != null, report.recorded().requests(), cpu, previous);
            long elapsed = System.nanoTime() - startNanos;
            listener.warming(elapsed / 1e9);
            if (elapsed >= rule.minimum().toNanos() && jitQuiet && steady) {
                return new Warmup(elapsed / 1e9, true, jitWatched);
            }
            if (elapsed >= rule.maximum().toNanos()) {
                return new Warmup(elapsed / 1e9, false, jitWatched);
            }
            previous = cpu;
        }
        return new Warmup((System.nanoTime() - startNanos) / 1e9, false, jitWatched);
    }

    private static List<Integer> union(List<Integer> a, List<Integer> b) {
        List<Integer> all = new ArrayList<>(a);
        b.stream().filter(cpu -> !all.contains(cpu)).forEach(all::add);
        return all;
    }

    /**
     * Asks a model's JVM once, without waiting, what it will be asked at every window's edges, so that the classes
     * its answers need load while it warms up rather than in a window; loads its profiler (waiting for it) when
     * flame graphs are on. In a database scenario the JVM also starts counting its virtual threads' pins: JFR's
     * stream costs a few per cent of a keep-alive /plaintext request's CPU and some 15-40 MiB of resident memory
     * (docs/why.md), which a database request's query dwarfs; a JVM a scenario's restart reuses keeps its stream,
     * and a scenario of another route gets a JVM of its own.
     */
    private void prime(RunningTarget running, Scenario scenario) {
        ControlChannel control = running.control();
        if (control == null || !settings.why() && settings.flameGraphs() == null) {
            return;
        }
        control.prime(countsPins(settings.why(), scenario));
        if (settings.flameGraphs() != null) {
            control.request(ControlProtocol.PROFILER_LOAD, null, PROFILER_LOAD);
        }
    }

    /** Whether a JVM started for {@code scenario} counts its pins: with why figures on, in a database scenario. */
    static boolean countsPins(boolean why, Scenario scenario) {
        Route route = Route.forTarget(scenario.route());
        return why && route != null && DatabaseRoutes.serves(route);
    }

    private Warmup warmed(MeasuredTarget target, Warmup warmup, Scenario load, boolean countSyscalls) {
        target.warmed(warmup);
        if (settings.why() && countSyscalls) {
            count(target, load);
        } else if (settings.why()) {
            target.counted(Counted.absent("counted in the target's first fork"));
        }
        return warmup;
    }

    /**
     * Counts a window that ran while the server's JIT was still compiling as warm-up: the target's warm-up is
     * {@code seconds} longer, and its next windows say so.
     */
    public Warmup extendWarmup(MeasuredTarget target, double seconds) {
        Warmup was = target.warmup();
        Warmup longer = new Warmup(was.seconds() + seconds, was.settled(), was.jitWatched());
        target.warmed(longer);
        return longer;
    }

    /**
     * One unrecorded chunk of the target's load ({@link #COUNT_CHUNK}, its background connections aside),
     * counted by perf when the why figures are on: every system call of the server by name, its context switches,
     * CPU migrations and thread starts, all of its threads included. Perf slows what it counts, so this chunk is
     * never part of a measured window. With the why figures off the same chunk runs without perf, so that a
     * cost-of-looking comparison differs in the looking alone. {@link #warm} ends with it when the why figures are
     * on, under the load it warmed with (the windows that follow are of that load); the target keeps what it counted
     * for its cells.
     */
    public void count(MeasuredTarget target, Scenario load) {
        RunningTarget running = target.running();
        if (running == null || stopped) {
            return;
        }
        LoadConfig chunk = load(running.url(load.route()), load, null)
                .duration(COUNT_CHUNK)
                .idleConnections(0)
                .slowConnections(0)
                .build();
        Long pid = running.pid();
        if (!settings.why() || pid == null) {
            runQuietly(chunk);
            target.counted(Counted.absent(pid == null ? "the server's process is not known" : "not asked for"));
            return;
        }
        String unavailable = PerfStat.unavailable();
        if (unavailable != null) {
            runQuietly(chunk);
            target.counted(Counted.absent(unavailable));
            return;
        }
        List<Long> pids = ProcFs.withDescendants(pid);
        try (PerfStat perf = PerfStat.attach(pids)) {
            LoadClient client = new LoadClient(chunk);
            current.add(client);
            perf.enable();
            long start = System.nanoTime();
            LoadReport report;
            try {
                report = client.run();
            } finally {
                perf.disable();
                current.remove(client);
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            PerfCounts counts = perf.finish();
            target.counted(new Counted(counts, report.recorded().requests(), seconds, null));
        } catch (IOException e) {
            target.counted(Counted.absent("perf: " + e.getMessage()));
        } catch (LoadException e) {
            target.counted(Counted.absent("the counted chunk failed: " + e.getMessage()));
        }
    }

    private void runQuietly(LoadConfig chunk) {
        LoadClient client = new LoadClient(chunk);
        current.add(client);
        try {
            client.run();
        } catch (LoadException e) {
            // The window that follows fails and says why.
        } finally {
            current.remove(client);
        }
    }

    /**
     * Records one window on {@code target}: a new load (connections opened, background connections first, then
     * a short lead-in), the server sampled from the instant recording starts to its end.
     *
     * @return the cell, failed with its reason when the target did not start, died, or could not be loaded; empty
     *         when {@link #stop()} ended it (what it measured is incomplete)
     */
    public Optional<Cell> window(MeasuredTarget target, Window window, MeasureListener listener) {
        return window(target, target.scenario(), window, listener);
    }

    /**
     * Records a window of {@code load} on a target started for another scenario of the same server settings (a
     * server JVM that serves several of {@code regress}'s cells); its cell is {@code load}'s.
     *
     * @throws IllegalArgumentException when the server was started for other work or another header deadline
     */
    public Optional<Cell> window(MeasuredTarget target, Scenario load, Window window, MeasureListener listener) {
        target.checkServes(load);
        if (stopped) {
            return Optional.empty();
        }
        RunningTarget running = target.running();
        if (running == null) {
            return Optional.of(failed(target, load, window, target.failure(), null));
        }
        Optional<String> dead = running.death();
        if (dead.isPresent()) {
            return Optional.of(failed(target, load, window, dead.get(), running.running()));
        }
        try {
            return record(
                    target, load, window, windowLoad(running, load, window).build(), listener);
        } catch (RuntimeException e) {
            // A bug of the harness must not cost the other cells: this one fails, saying so.
            return Optional.of(failed(target, load, window, "harness error: " + e, running.running()));
        }
    }

    /**
     * Records one window on targets that take turns ({@link Turns}): each gets its own load, all of them run at once,
     * and each load sends only in its own slices of {@code turn}, dealt round-robin in the order of {@code targets}
     * from a common start. Each target is loaded for {@link Window#recorded()} in all, over a window {@code
     * targets.size()} times as long; its server's CPU is read at the window's edges as for a window alone (a server
     * waiting for its turn uses next to none), so its CPU time per request is its own, and its requests per second
     * are those of its own turns.
     *
     * <p>Why: on a machine whose speed wanders (a virtual CPU that runs at half speed for stretches of a tenth of a
     * second to a second, as this project's was), servers measured one after the other meet different machines;
     * taking turns of a few tens of milliseconds, they meet the same one. A target that did not start or has died
     * has its failed cell, and the others a window alone.
     *
     * @param turn length of one slice; {@link Window#recorded()} should be a whole number of rounds of turns
     *             ({@code targets.size() * turn}), or the targets' shares of the window differ by up to a turn
     * @return the cells in the order of {@code targets}, each {@link Window#repetition()}; empty when {@link
     *         #stop()} ended it
     * @throws IllegalArgumentException when a server was started for other work or another header deadline, or
     *                                  fewer than two targets are given
     */
    public Optional<List<Cell>> turnWindow(
            List<MeasuredTarget> targets, Scenario load, Window window, Duration turn, MeasureListener listener) {
        if (targets.size() < 2) {
            throw new IllegalArgumentException("turns need two targets at least, not " + targets.size());
        }
        int count = targets.size();
        long epoch = System.nanoTime();
        return together(
                targets,
                load,
                window,
                listener,
                (target, i) -> windowLoad(target.running(), load, window)
                        .duration(window.recorded().multipliedBy(count))
                        .turns(Turns.of(epoch, turn, i, count))
                        .build());
    }

    /**
     * Records one window on targets loaded side by side: each gets its own load, all of them at once for {@link
     * Window#recorded()}, each server's CPU read at the window's edges. For an open loop ({@code load} with a rate,
     * or {@link Window#offeredRate()}): each target gets that rate, so their servers share their CPUs and every
     * stretch of a slow machine, and each one's CPU time per request is its own at the same offered load. (A closed
     * loop side by side would measure who wins the shared CPU: take turns instead, {@link #turnWindow}.)
     *
     * @return the cells in the order of {@code targets}; empty when {@link #stop()} ended it
     * @throws IllegalArgumentException when a server was started for other work or another header deadline, or the
     *                                  load is not an open loop
     */
    public Optional<List<Cell>> sideBySideWindow(
            List<MeasuredTarget> targets, Scenario load, Window window, MeasureListener listener) {
        if (window.offeredRate() == null && load.pacing().rate() == null) {
            throw new IllegalArgumentException("side by side takes an open loop at a rate: " + load.id());
        }
        return together(
                targets,
                load,
                window,
                listener,
                (target, i) -> windowLoad(target.running(), load, window).build());
    }

    /** The load of target {@code index} of a window where the targets are loaded together. */
    @FunctionalInterface
    private interface LoadOfEach {
        LoadConfig of(MeasuredTarget target, int index);
    }

    /** Loads every target at once, each with its own load ({@code loadOf}); a target not up gets a window alone. */
    private Optional<List<Cell>> together(
            List<MeasuredTarget> targets, Scenario load, Window window, MeasureListener listener, LoadOfEach loadOf) {
        targets.forEach(t -> t.checkServes(load));
        if (stopped) {
            return Optional.empty();
        }
        boolean allUp = targets.stream()
                .allMatch(t -> t.running() != null && t.running().death().isEmpty());
        if (!allUp) {
            List<Cell> cells = new ArrayList<>();
            for (MeasuredTarget t : targets) {
                Optional<Cell> cell = window(t, load, window, listener);
                if (cell.isEmpty()) {
                    return Optional.empty();
                }
                cells.add(cell.get());
            }
            return Optional.of(cells);
        }
        int count = targets.size();
        List<FutureTask<Optional<Cell>>> loads = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            MeasuredTarget target = targets.get(i);
            MeasureListener shown = i == 0 ? listener : MeasureListener.NONE;
            LoadConfig config = loadOf.of(target, i);
            loads.add(new FutureTask<>(() -> {
                try {
                    return record(target, load, window, config, shown);
                } catch (RuntimeException e) {
                    return Optional.of(failed(
                            target,
                            load,
                            window,
                            "harness error: " + e,
                            target.running().running()));
                }
            }));
        }
        // The first load on this thread, each other on a thread of its own: they run at once, taking turns.
        for (int i = 1; i < count; i++) {
            Thread thread = new Thread(loads.get(i), "window-load-" + i);
            thread.setDaemon(true);
            thread.start();
        }
        loads.get(0).run();
        List<Cell> cells = new ArrayList<>();
        for (FutureTask<Optional<Cell>> task : loads) {
            Optional<Cell> cell;
            try {
                cell = task.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                stop();
                return Optional.empty();
            } catch (ExecutionException e) {
                throw new IllegalStateException("a target's load failed", e.getCause());
            }
            if (cell.isEmpty()) {
                return Optional.empty();
            }
            cells.add(cell.get());
        }
        return Optional.of(cells);
    }

    /** Ends the current measurement early and refuses new ones. Any thread. */
    public void stop() {
        stopped = true;
        current.forEach(LoadClient::stop);
    }

    /** Whether {@link #stop()} was called. */
    public boolean stopped() {
        return stopped;
    }

    /** A window's load on {@code running}: its connections opened and in flight for the lead-in, then recorded. */
    private LoadConfig.Builder windowLoad(RunningTarget running, Scenario scenario, Window window) {
        return load(running.url(scenario.route()), scenario, window.offeredRate())
                .warmup(leadIn(scenario))
                .duration(window.recorded());
    }

    private Optional<Cell> record(
            MeasuredTarget target, Scenario scenario, Window window, LoadConfig config, MeasureListener listener) {
        RunningTarget running = target.running();
        IntervalLog hlog = null;
        LoadReport report;
        UsageSampler.Usage usage;
        DatabaseWatch.Result checked = null;
        Opened<DatabaseWatch> opened = watch(running, scenario, window);
        try (DatabaseWatch watch = opened.value()) {
            if (window.flameGraph() != null && window.flameGraph().getParent() != null) {
                Files.createDirectories(window.flameGraph().getParent());
            }
            hlog = window.hlog() == null ? null : new IntervalLog(window.hlog(), target.name());
            IntervalLog log = hlog;
            LoadClient client = new LoadClient(config);
            current.add(client);
            if (stopped) {
                client.stop();
            }
            // Sampling starts with recording, which the client times from when its background connections are
            // open (at once when there are none).
            AtomicReference<UsageSampler> sampler = new AtomicReference<>();
            try {
                report = client.run(new LoadListener() {
                    @Override
                    public void onClockStarted(long recordStartNanos) {
                        sampler.set(UsageSampler.startAt(
                                running.pid(), edges(running, window), recordStartNanos, SAMPLE_PERIOD));
                        if (watch != null) {
                            watch.start();
                        }
                    }

                    @Override
                    public void onProgress(Progress p) {
                        listener.progress(p);
                    }

                    @Override
                    public void onInterval(Histogram interval) {
                        if (log != null) {
                            log.write(interval);
                        }
                    }
                });
            } finally {
                UsageSampler started = sampler.get();
                usage = started == null ? UsageSampler.Usage.empty() : started.stop();
                if (watch != null) {
                    watch.stopSampling();
                }
                current.remove(client);
            }
            if (watch != null && !stopped) {
                checked = watch.finish(report.recorded().requests());
            }
        } catch (LoadException e) {
            abort(hlog);
            if (stopped) {
                return Optional.empty(); // stopped before it connected: not a failure of the target
            }
            return Optional.of(
                    failed(target, scenario, window, running.death().orElse(e.getMessage()), running.running()));
        } catch (IOException e) {
            abort(hlog);
            return Optional.of(
                    failed(target, scenario, window, "cannot write " + window.hlog() + ": " + e.getMessage(), null));
        }
        if (stopped) {
            abort(hlog);
            return Optional.empty();
        }
        Optional<String> death = running.death();
        if (death.isPresent()) {
            abort(hlog);
            return Optional.of(failed(target, scenario, window, death.get(), running.running()));
        }
        if (hlog != null) {
            try {
                hlog.close();
            } catch (IOException e) {
                return Optional.of(failed(
                        target, scenario, window, "cannot write " + window.hlog() + ": " + e.getMessage(), null));
            }
        }
        CellResult result = CellFigures.of(
                        scenario.id(), target.name(), window, report, usage, running.pid(), settings, target.warmup())
                .withDatabase(
                        checked != null
                                ? checked.checks()
                                : opened.failure() == null ? null : DatabaseChecks.notChecked(opened.failure()),
                        checked == null ? null : checked.connections())
                .withoutDatabaseCpu(checked == null ? null : checked.samplerCpuSeconds())
                .withWhy(
                        settings.why() ? CellFigures.why(report.recorded().requests(), usage, target.counted()) : null,
                        CellFigures.flameGraph(settings.flameGraphs(), window, usage, running.control() != null));
        return Optional.of(new Cell(result, report.latencies().histogram(), running.running()));
    }

    /** A value opened, or why it was not. */
    private record Opened<T>(T value, String failure) {}

    /**
     * The database checks of a window of {@code scenario}, opened before its load: none for a route that queries no
     * database or a run without one; a failure when the database cannot be read, which the cell then says.
     */
    private Opened<DatabaseWatch> watch(RunningTarget running, Scenario scenario, Window window) {
        if (database == null || !DatabaseWatch.watches(scenario.route())) {
            return new Opened<>(null, null);
        }
        try {
            return new Opened<>(
                    DatabaseWatch.open(
                            database.settings(),
                            running.url(scenario.route()),
                            scenario.route(),
                            settings.timeout(),
                            window.recorded(),
                            database.postmasterPid()),
                    null);
        } catch (SQLException e) {
            return new Opened<>(null, "the database could not be read: " + e.getMessage());
        }
    }

    /** What the sampler reads at the window's edges, as the settings ask. */
    private WindowEdges edges(RunningTarget running, Window window) {
        ControlChannel control = running.control();
        String profile = settings.flameGraphs() != null && control != null && window.flameGraph() != null
                ? settings.flameGraphs()
                : null;
        return new WindowEdges(
                settings.why(),
                settings.why(),
                control,
                profile,
                profile == null ? null : window.flameGraph(),
                database == null ? null : database.postmasterPid());
    }

    /**
     * The unrecorded start of a window: its connections opened and in flight. With background connections it is the
     * least warm-up, so the server has held them a while, as a server in production would, before anything is
     * recorded (the warm-up's chunks run without them).
     */
    Duration leadIn(Scenario scenario) {
        return scenario.hasBackground() ? max(LEAD_IN, settings.warmup().minimum()) : LEAD_IN;
    }

    /**
     * One chunk of warm-up load: the scenario's own load without its background connections (opening thousands of
     * them for every half second would measure the opening), recorded by nobody.
     */
    LoadConfig warmupChunk(String url, Scenario scenario) {
        return load(url, scenario, null)
                .duration(Duration.ofMillis(WarmupRule.CHUNK_MILLIS))
                .idleConnections(0)
                .slowConnections(0)
                .build();
    }

    /** The load of a scenario at {@code url}, at {@code offeredRate} when not null; its timing left to the caller. */
    LoadConfig.Builder load(String url, Scenario scenario, Double offeredRate) {
        LoadConfig.Builder b = LoadConfig.builder(url)
                .connections(scenario.shape().connections())
                .threads(Math.min(settings.clientThreads(), scenario.shape().connections()))
                .keepAlive(scenario.shape().keepAlive())
                .pipeline(scenario.shape().pipeline())
                .timeout(settings.timeout())
                .idleConnections(scenario.crowd().idleConnections())
                .slowConnections(scenario.crowd().slowConnections())
                .slowInterval(Duration.ofMillis(scenario.crowd().slowIntervalMillis()));
        Double rate = offeredRate != null ? offeredRate : scenario.pacing().rate();
        if (rate != null) {
            b.rate(rate);
        }
        if (scenario.protocol().http2()) {
            b.protocol(scenario.protocol()).streams(scenario.streams());
        }
        if (scenario.isTls()) {
            // Every server presents the run's self-signed certificate: trusted as curl -k would (wrk checks none).
            b.tls(new TlsSettings(
                    TlsVersion.TLS_1_3,
                    scenario.tls() == TlsMode.RESUME,
                    true,
                    null,
                    null,
                    settings.clientTlsProvider()));
        }
        return b;
    }

    private static Cell failed(MeasuredTarget target, Scenario scenario, Window window, String reason, String running) {
        CellResult result = CellResult.failed(
                        scenario.id(),
                        target.name(),
                        window.repetition(),
                        scenario.shape().connections(),
                        reason)
                .withWarmup(target.warmup());
        return new Cell(result, null, running);
    }

    private static Duration max(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    private static void abort(IntervalLog hlog) {
        if (hlog != null) {
            try {
                hlog.abort();
            } catch (IOException e) {
                // A temporary file left behind is harmless; the cell's failure says more.
            }
        }
    }
}
