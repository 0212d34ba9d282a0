package io.httpmodels.harness.history;

import io.httpmodels.harness.results.Build;
import io.httpmodels.harness.results.CellStatus;
import io.httpmodels.harness.results.ClientSettings;
import io.httpmodels.harness.results.Conditions;
import io.httpmodels.harness.results.CpuPlacement;
import io.httpmodels.harness.results.Estimate;
import io.httpmodels.harness.results.GateSettings;
import io.httpmodels.harness.results.Host;
import io.httpmodels.harness.results.Jvms;
import io.httpmodels.harness.results.Latency;
import io.httpmodels.harness.results.LatencyKind;
import io.httpmodels.harness.results.RatioInterval;
import io.httpmodels.harness.results.Regression;
import io.httpmodels.harness.results.RegressionCell;
import io.httpmodels.harness.results.RegressionChanges;
import io.httpmodels.harness.results.RegressionMode;
import io.httpmodels.harness.results.RegressionRounds;
import io.httpmodels.harness.results.RegressionSides;
import io.httpmodels.harness.results.RegressionVerdicts;
import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.RunInfo;
import io.httpmodels.harness.results.RunStatus;
import io.httpmodels.harness.results.Scenario;
import io.httpmodels.harness.results.Schedule;
import io.httpmodels.harness.results.Summary;
import io.httpmodels.harness.results.TargetInfo;
import io.httpmodels.harness.results.TargetKind;
import io.httpmodels.harness.results.Verdict;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Made-up runs for the history's tests: two machines, commits {@code c01...}, three models under one scenario,
 * and a step in netty's figures from the commit {@link #STEP} on (requests/s × 0.8, CPU per request × 1.25) that
 * the gate, run at that commit, calls a regression. Figures wobble by a fixed ±1 % pattern so lines are not flat.
 */
final class SyntheticRuns {

    static final Scenario SCENARIO = Scenario.closedLoop("/plaintext", 0, true, 40, 1);
    static final List<String> MODELS = List.of("netty", "nio-reactor", "virtual-threads");

    /** The 1-based index of the commit where netty's figures step. */
    static final int STEP = 8;

    /** A machine: the conditions the runs of it record. */
    enum Machine {
        EPYC("AMD EPYC 7B13", 2, "0", "1", 100_000),
        XEON("Intel(R) Xeon(R) Platinum 8375C", 4, "0-1", "2-3", 180_000);

        final String cpu;
        final int cpus;
        final String serverCpus;
        final String clientCpus;
        final double nettyRequestsPerSecond;

        Machine(String cpu, int cpus, String serverCpus, String clientCpus, double nettyRequestsPerSecond) {
            this.cpu = cpu;
            this.cpus = cpus;
            this.serverCpus = serverCpus;
            this.clientCpus = clientCpus;
            this.nettyRequestsPerSecond = nettyRequestsPerSecond;
        }

        MachineFingerprint fingerprint() {
            return MachineFingerprint.of(conditions(this, commit(1)));
        }
    }

    private SyntheticRuns() {}

    /** The 40-hex commit of index {@code i} (1-based): c01 → {@code c0100000...}. */
    static String commit(int i) {
        return String.format(Locale.ROOT, "c%02d", i) + "0".repeat(37);
    }

    /** When run {@code i} of a machine started: a day apart, the Xeon's an hour after the EPYC's. */
    static Instant startedAt(Machine machine, int i) {
        return Instant.parse("2026-11-01T10:00:00Z").plus(i, ChronoUnit.DAYS).plus(machine.ordinal(), ChronoUnit.HOURS);
    }

    /** netty's requests/s at commit {@code i}: with the step from {@link #STEP} on. */
    static double requestsPerSecond(Machine machine, String model, int i) {
        double base = machine.nettyRequestsPerSecond * (1 + 0.1 * MODELS.indexOf(model));
        double step = model.equals("netty") && i >= STEP ? 0.8 : 1.0;
        return base * step * wobble(i);
    }

    static double cpuMicros(Machine machine, String model, int i) {
        double base = 2e6 / requestsPerSecond(machine, model, 1);
        double step = model.equals("netty") && i >= STEP ? 1.25 : 1.0;
        return base * step * wobble(i + 3);
    }

    static long p99Micros(String model, int i) {
        return Math.round((800 + 100 * MODELS.indexOf(model)) * wobble(i + 5));
    }

    private static double wobble(int i) {
        return 1 + 0.01 * ((i * 7) % 3 - 1);
    }

    /** A compare run of every model at commit {@code i}. */
    static Results compare(Machine machine, int i) {
        return compare(machine, i, 1.0);
    }

    /**
     * Another compare run of commit {@code i} on the same machine, started {@code later} after the first, its
     * requests/s {@code factor} times the first's: the machine's noise between two runs of one build.
     */
    static Results rerun(Machine machine, int i, Duration later, double factor) {
        return later(compare(machine, i, factor), later);
    }

    /** The same run started {@code by} later. */
    static Results later(Results run, Duration by) {
        RunInfo info = run.run();
        return new Results(
                new RunInfo(
                        info.schemaVersion(),
                        info.tool(),
                        info.startedAt().plus(by),
                        info.finishedAt().plus(by),
                        info.status()),
                run.conditions(),
                run.targets(),
                run.scenarios(),
                run.cells(),
                run.summaries(),
                run.capacities(),
                run.merge(),
                run.regression());
    }

    private static Results compare(Machine machine, int i, double factor) {
        List<Summary> summaries = new ArrayList<>();
        for (String model : MODELS) {
            long p99 = p99Micros(model, i);
            Latency latency =
                    new Latency(LatencyKind.RAW, "raw", 1_000_000, p99 / 3.0, p99 / 3, p99 / 2, p99, p99 * 2, p99 * 4);
            double rps = requestsPerSecond(machine, model, i) * factor;
            summaries.add(new Summary(
                    SCENARIO.id(),
                    model,
                    new Summary.Outcome(CellStatus.OK, null, 1, 1, null),
                    new Summary.Rate(Estimate.single(rps), 1.0, null, null),
                    new Summary.Timing(latency, null, null, List.of()),
                    new Summary.ConnectionFigures(40, 40, 0, 0),
                    new Summary.ServerFigures(
                            95.0,
                            Estimate.single(cpuMicros(machine, model, i)),
                            Estimate.single((150L + 10L * i) << 20),
                            140L << 20,
                            30),
                    new Summary.ClientFigures(80.0, false),
                    List.of(),
                    null,
                    null));
        }
        return results(machine, i, summaries, null);
    }

    /**
     * A regress run at commit {@code i} against commit {@code i - 1}, every model a cell of 8 rounds: the gate
     * calls netty's requests/s and CPU a regression at {@link #STEP}, everything else the same.
     */
    static Results regress(Machine machine, int i) {
        List<RegressionCell> cells = new ArrayList<>();
        List<String> regressions = new ArrayList<>();
        for (String model : MODELS) {
            boolean stepped = model.equals("netty") && i == STEP;
            double rps = requestsPerSecond(machine, model, i);
            double cpu = cpuMicros(machine, model, i);
            long p99 = p99Micros(model, i);
            RatioInterval rpsChange = stepped ? interval(0.80, 0.77, 0.83) : interval(1.0, 0.98, 1.02);
            RatioInterval cpuChange = stepped ? interval(1.25, 1.21, 1.30) : interval(1.0, 0.97, 1.03);
            RatioInterval p99Change = interval(1.0, 0.95, 1.06);
            Verdict rpsVerdict = stepped ? Verdict.REGRESSION : Verdict.SAME;
            Verdict cpuVerdict = stepped ? Verdict.REGRESSION : Verdict.SAME;
            String id = model + "/" + SCENARIO.id();
            if (stepped) {
                regressions.add(id);
            }
            cells.add(new RegressionCell(
                    id,
                    model,
                    SCENARIO.id(),
                    new RegressionRounds(
                            List.of(rps / 0.8),
                            List.of(rps),
                            List.of(p99),
                            List.of(p99),
                            List.of(cpu / 1.25),
                            List.of(cpu)),
                    new RegressionChanges(rpsChange, p99Change, cpuChange),
                    new RegressionVerdicts(
                            rpsVerdict,
                            Verdict.SAME,
                            cpuVerdict,
                            Verdict.combine(rpsVerdict, Verdict.SAME, cpuVerdict)),
                    null,
                    null));
        }
        Regression regression = new Regression(
                new RegressionSides(
                        RegressionMode.BASE,
                        "origin/main at " + commit(i - 1),
                        "the working tree at " + commit(i),
                        List.of(),
                        List.of(),
                        null,
                        "same run"),
                new GateSettings("exact", 0.9, 0.05, 0.10, 0.05, 8),
                cells,
                regressions,
                regressions.isEmpty() ? Verdict.SAME : Verdict.REGRESSION);
        return results(machine, i, List.of(), regression);
    }

    static Results results(Machine machine, int i, List<Summary> summaries, Regression regression) {
        List<TargetInfo> targets = MODELS.stream()
                .map(m -> new TargetInfo(m, TargetKind.MODEL, m, null))
                .toList();
        Instant start = startedAt(machine, i);
        return new Results(
                RunInfo.of("httpmodels test", start, start.plusSeconds(120), RunStatus.COMPLETE),
                conditions(machine, commit(i)),
                targets,
                List.of(SCENARIO),
                List.of(),
                summaries,
                List.of(),
                null,
                regression);
    }

    static Conditions conditions(Machine machine, String commit) {
        return new Conditions(
                new Host(machine.cpu, machine.cpus, "Linux 6.1", null),
                new Jvms("Eclipse Adoptium 25.0.3+9-LTS", List.of(), List.of()),
                new CpuPlacement(machine.serverCpus, machine.clientCpus, "pinned"),
                new Build("0.1.0-SNAPSHOT", commit, false),
                new Schedule("standard", 2, 20, 4, 1, null),
                new ClientSettings(1, 2, 0.95),
                "httpmodels compare",
                null);
    }

    private static RatioInterval interval(double median, double lower, double upper) {
        return new RatioInterval(median, lower, upper, 0.93, 8, "exact");
    }
}
