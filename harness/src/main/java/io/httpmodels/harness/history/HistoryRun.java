package io.httpmodels.harness.history;

import io.httpmodels.harness.results.Latency;
import io.httpmodels.harness.results.RatioInterval;
import io.httpmodels.harness.results.Regression;
import io.httpmodels.harness.results.RegressionCell;
import io.httpmodels.harness.results.RegressionMode;
import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.RunStatus;
import io.httpmodels.harness.results.Stats;
import io.httpmodels.harness.results.Summary;
import io.httpmodels.harness.results.Verdict;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One run as the history keeps it: when, at which commit, on which machine, and per scenario and target the
 * figures its charts follow, with the gate's verdicts when it was a regress run. Made from a run's
 * {@code results.json} by {@link #of}; a small summary of it, not a copy (the run's own folder holds the rest).
 *
 * @param historyVersion {@link HistoryStore#VERSION} when written
 * @param commit         the commit the run measured (the candidate's, for a regress run)
 * @param dirty          whether that work tree had uncommitted changes
 * @param startedAt      when the run started: the history's order
 * @param kind           compare or regress
 * @param machine        the conditions that make runs comparable
 * @param gateMode       a regress run's mode (base: same-run A/B; baseline: a stored run, weaker); else null
 * @param gateVerdict    a regress run's overall verdict; else null
 * @param report         the run's report page, relative to the history's folder, or null when none was known
 * @param figures        per scenario and target, in the run's order
 * @param verdicts       a regress run's verdicts per cell and figure; empty otherwise
 */
public record HistoryRun(
        int historyVersion,
        String commit,
        boolean dirty,
        Instant startedAt,
        RunKind kind,
        MachineFingerprint machine,
        RegressionMode gateMode,
        Verdict gateVerdict,
        String report,
        List<RunFigures> figures,
        List<GateVerdict> verdicts) {

    public HistoryRun {
        Objects.requireNonNull(commit, "commit");
        Objects.requireNonNull(startedAt, "startedAt");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(machine, "machine");
        figures = figures == null ? List.of() : List.copyOf(figures);
        verdicts = verdicts == null ? List.of() : List.copyOf(verdicts);
    }

    /**
     * The history's view of a run: a compare run's summaries, or a regress run's candidate (median over its
     * rounds) and verdicts.
     *
     * @param report the run's report page relative to the history's folder, or null
     * @throws HistoryException when the run cannot join a history: no conditions, no commit, interrupted, or no
     *                          figures at all
     */
    public static HistoryRun of(Results results, String report) throws HistoryException {
        if (results.conditions() == null) {
            throw new HistoryException("the run records no conditions, so no machine to file it under");
        }
        String commit = results.conditions().build().gitCommit();
        if (commit == null || commit.isBlank()) {
            throw new HistoryException("the run records no git commit (it was not built from a checkout):"
                    + " a history is ordered by commits");
        }
        if (results.run().status() == RunStatus.INTERRUPTED) {
            throw new HistoryException("the run was interrupted: its figures are partial and would read as a change");
        }
        Regression regression = results.regression();
        List<RunFigures> figures = new ArrayList<>();
        List<GateVerdict> verdicts = new ArrayList<>();
        if (regression == null) {
            for (Summary s : results.summaries()) {
                if (s.ok()) {
                    Latency latency = s.latency();
                    figures.add(new RunFigures(
                            s.scenarioId(),
                            s.target(),
                            s.requestsPerSecond(),
                            s.cpuMicrosPerRequest(),
                            latency == null ? null : latency.p99(),
                            s.rssPeakBytes()));
                }
            }
        } else {
            for (RegressionCell c : regression.cells()) {
                if (!c.rounds().candidateRequestsPerSecond().isEmpty()) {
                    Double p99 = Stats.medianOrNull(c.rounds().candidateP99Micros());
                    figures.add(new RunFigures(
                            c.scenarioId(),
                            c.model(),
                            Stats.medianOrNull(c.rounds().candidateRequestsPerSecond()),
                            Stats.medianOrNull(c.rounds().candidateCpuMicros()),
                            p99 == null ? null : Math.round(p99),
                            null));
                }
                verdict(
                        verdicts,
                        c,
                        Figure.REQUESTS_PER_SECOND,
                        c.verdicts().requestsVerdict(),
                        c.changes().requestsPerSecond());
                verdict(
                        verdicts,
                        c,
                        Figure.P99,
                        c.verdicts().p99Verdict(),
                        c.changes().p99());
                verdict(
                        verdicts,
                        c,
                        Figure.CPU_PER_REQUEST,
                        c.verdicts().cpuVerdict(),
                        c.changes().cpuPerRequest());
                if (c.verdict() == Verdict.FAILED) {
                    verdicts.add(new GateVerdict(
                            c.scenarioId(), c.model(), Figure.REQUESTS_PER_SECOND, Verdict.FAILED, null));
                }
            }
        }
        if (figures.isEmpty()) {
            throw new HistoryException("the run holds no measured figures (every cell failed)");
        }
        return new HistoryRun(
                HistoryStore.VERSION,
                commit,
                Boolean.TRUE.equals(results.conditions().build().gitDirty()),
                results.run().startedAt(),
                regression == null ? RunKind.COMPARE : RunKind.REGRESS,
                MachineFingerprint.of(results.conditions()),
                regression == null ? null : regression.mode(),
                regression == null ? null : regression.verdict(),
                report,
                figures,
                verdicts);
    }

    private static void verdict(
            List<GateVerdict> into, RegressionCell cell, Figure figure, Verdict verdict, RatioInterval change) {
        if (verdict != null && change != null) {
            into.add(new GateVerdict(cell.scenarioId(), cell.model(), figure, verdict, change));
        }
    }

    /** The commit's first 7 hex digits, as git abbreviates it. */
    public String shortCommit() {
        return commit.length() <= 7 ? commit : commit.substring(0, 7);
    }

    /** The figures of one scenario and target, or null when this run has none. */
    public RunFigures figures(String scenarioId, String target) {
        for (RunFigures f : figures) {
            if (f.scenarioId().equals(scenarioId) && f.target().equals(target)) {
                return f;
            }
        }
        return null;
    }

    /** The verdict on one figure of one cell, or null when the gate said nothing of it. */
    public GateVerdict verdict(String scenarioId, String target, Figure figure) {
        for (GateVerdict v : verdicts) {
            if (v.scenarioId().equals(scenarioId) && v.target().equals(target) && v.figure() == figure) {
                return v;
            }
        }
        return null;
    }
}
