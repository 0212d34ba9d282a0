package io.httpmodels.harness.results;

import java.util.List;

/**
 * What a regression run compared: the candidate, what it was held against, and how strong that comparison is.
 *
 * @param mode              {@code base} (a base build measured in the same run, interleaved) or {@code baseline} (a
 *                          stored results.json, normalised by a calibration: weaker)
 * @param base              what the candidate was compared with: the git ref and its commit, or the file
 * @param candidate         what was measured as the candidate, in words
 * @param baseJvmFlags      extra flags given to the base's server JVMs (none normally)
 * @param candidateJvmFlags extra flags given to the candidate's server JVMs (a deliberate slowdown in the gate's
 *                          self-check; none normally)
 * @param calibration       baseline mode: what the figures were normalised by; null in base mode
 * @param note              what the mode can and cannot tell, in words
 */
public record RegressionSides(
        RegressionMode mode,
        String base,
        String candidate,
        List<String> baseJvmFlags,
        List<String> candidateJvmFlags,
        String calibration,
        String note) {

    public RegressionSides {
        baseJvmFlags = baseJvmFlags == null ? List.of() : List.copyOf(baseJvmFlags);
        candidateJvmFlags = candidateJvmFlags == null ? List.of() : List.copyOf(candidateJvmFlags);
    }
}
