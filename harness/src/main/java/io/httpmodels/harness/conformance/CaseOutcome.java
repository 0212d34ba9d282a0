package io.httpmodels.harness.conformance;

/** How one kit case ended for one model, as the kits record it (server-api's {@code CaseOutcome}). */
public enum CaseOutcome {
    PASSED,
    DEVIATION,
    FAILED,
    ABORTED,
    /** The kit class leaves the case out for the model, with the reason in the record. */
    NOT_RUN;

    /**
     * How much a cell says against the model, to keep the worse of two records of one case; a case one class left
     * out and another ran keeps what it ran to.
     */
    int severity() {
        return switch (this) {
            case NOT_RUN -> -1;
            case PASSED -> 0;
            case ABORTED -> 1;
            case DEVIATION -> 2;
            case FAILED -> 3;
        };
    }
}
