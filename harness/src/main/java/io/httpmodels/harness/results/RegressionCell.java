package io.httpmodels.harness.results;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

import java.util.Objects;

/**
 * One cell of a regression run: one model under one load shape, measured for base and candidate in every round.
 * The per-round figures are kept in round order, so the pairs can be recomputed from the file.
 *
 * <p>The groups are unwrapped in results.json: their fields stand in the cell's own object
 * ({@code "baseRequestsPerSecond"}, {@code "requestsPerSecond"}, {@code "verdict"}, ...), as they always have.
 *
 * @param id         {@code MODEL/SCENARIO}, e.g. {@code netty/plaintext-c40-ka-w0}
 * @param model      the model's name
 * @param scenarioId the {@link io.httpmodels.harness.results.Scenario#id()}
 * @param rounds     each round's figures, base and candidate
 * @param changes    the changes candidate / base with their intervals
 * @param verdicts   the gate's verdict on each figure and on the cell
 * @param failure    why a side could not be measured, or null
 * @param noise      how far the machine's noise moved CPU time per request, and what of it was left in the ratios
 */
public record RegressionCell(
        String id,
        String model,
        String scenarioId,
        @JsonUnwrapped RegressionRounds rounds,
        @JsonUnwrapped RegressionChanges changes,
        @JsonUnwrapped RegressionVerdicts verdicts,
        String failure,
        @JsonUnwrapped CpuNoise noise) {

    public RegressionCell {
        Objects.requireNonNull(id, "id");
        rounds = rounds == null ? new RegressionRounds(null, null, null, null, null, null) : rounds;
        changes = changes == null ? RegressionChanges.NONE : changes;
        Objects.requireNonNull(verdicts, "verdicts");
        noise = noise == null ? new CpuNoise(null, null) : noise;
    }

    /** The cell's verdict ({@link RegressionVerdicts#verdict()}): what the gate's exit code follows. */
    public Verdict verdict() {
        return verdicts.verdict();
    }

    /** The same cell with {@link CpuNoise#cpuTurnSpread()} set. */
    public RegressionCell withCpuTurnSpread(Double value) {
        return new RegressionCell(
                id,
                model,
                scenarioId,
                rounds,
                changes,
                verdicts,
                failure,
                new CpuNoise(noise.cpuWindowSpread(), value));
    }
}
