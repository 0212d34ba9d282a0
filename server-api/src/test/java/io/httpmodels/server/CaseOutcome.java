package io.httpmodels.server;

/** How one kit case ended for one model, as {@link KitRecord} writes it. */
public enum CaseOutcome {
    /** The case passed: the model keeps the rule. */
    PASSED,
    /** The case failed as the model's documented {@link Deviation} says. */
    DEVIATION,
    /** The case failed with no deviation documented, or a documented one no longer happens. */
    FAILED,
    /** The case was skipped by an assumption (a tool missing on the machine). */
    ABORTED,
    /** The kit class leaves the case out for the model, for the reason its record gives ({@link NotRun}). */
    NOT_RUN
}
