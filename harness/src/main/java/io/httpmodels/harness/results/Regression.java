package io.httpmodels.harness.results;

import java.util.List;

/**
 * The section of {@code results.json} that {@code httpmodels regress} writes: how the candidate compared with
 * its base, cell by cell, and the gate's decision.
 *
 * @param mode                 {@code base} (a base build measured in the same run, interleaved) or
 *                             {@code baseline} (a stored results.json, normalised by a calibration: weaker)
 * @param base                 what the candidate was compared with: the git ref and its commit, or the file
 * @param candidate            what was measured as the candidate, in words
 * @param baseJvmFlags         extra flags given to the base's server JVMs (none normally)
 * @param candidateJvmFlags    extra flags given to the candidate's server JVMs (a deliberate slowdown in the
 *                             gate's self-check; none normally)
 * @param calibration          baseline mode: what the figures were normalised by; null in base mode
 * @param note                 what the mode can and cannot tell, in words
 * @param interval             how each change's interval was made, in words
 * @param confidenceWanted     the coverage asked for
 * @param requestsTolerance    the change in requests/s tolerated, e.g. 0.05
 * @param p99Tolerance         the change in p99 latency tolerated, e.g. 0.10
 * @param cpuTolerance         the change in the server's CPU time per request tolerated, e.g. 0.05
 * @param rounds               rounds per cell (each round measures both sides, order alternating)
 * @param cells                one per cell
 * @param regressions          the ids of the cells found to regress, or whose candidate failed
 * @param verdict              {@code regression} when any cell regressed, else {@code improvement} when any
 *                             improved, else {@code same}
 */
public record Regression(
        RegressionMode mode,
        String base,
        String candidate,
        List<String> baseJvmFlags,
        List<String> candidateJvmFlags,
        String calibration,
        String note,
        String interval,
        double confidenceWanted,
        double requestsTolerance,
        double p99Tolerance,
        double cpuTolerance,
        int rounds,
        List<RegressionCell> cells,
        List<String> regressions,
        Verdict verdict) {

    public Regression {
        baseJvmFlags = List.copyOf(baseJvmFlags);
        candidateJvmFlags = List.copyOf(candidateJvmFlags);
        cells = List.copyOf(cells);
        regressions = List.copyOf(regressions);
    }
}
