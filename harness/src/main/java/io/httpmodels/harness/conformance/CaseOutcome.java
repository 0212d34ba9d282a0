package io.httpmodels.harness.conformance;

/** How one kit case ended for one model, as the kits record it (server-api's {@code CaseOutcome}). */
public enum CaseOutcome {
    PASSED,
    DEVIATION,
    FAILED,
    ABORTED;

    /** How much a cell says against the model, to keep the worse of two records of one case. */
    int severity() {
        return switch (this) {
            case PASSED -> 0;
            case ABORTED -> 1;
            case DEVIATION -> 2;
            case FAILED -> 3;
        };
    }
}
