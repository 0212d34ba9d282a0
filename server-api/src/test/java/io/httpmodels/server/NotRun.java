package io.httpmodels.server;

import java.util.Objects;

/**
 * A model a kit class leaves out, and why: another class covers it (netty's TLS rows and its plaintext rows are
 * labels of one model), or the case cannot hold for it. {@link DocumentedDeviations} writes every case of the class
 * for that model as {@link CaseOutcome#NOT_RUN} with the reason, so the matrix says why rather than showing a gap.
 *
 * @param label the model's label, as the kits that do run it label it ({@code netty (nio, jdk)})
 * @param reason why this kit class does not run it, in a sentence
 */
public record NotRun(String label, String reason) {

    public NotRun {
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(reason, "reason");
        if (reason.isBlank()) {
            throw new IllegalArgumentException("a model left out says why");
        }
    }
}
