package io.httpmodels.harness.results;

/**
 * The gate's verdicts on a regression cell: one per figure, and the cell's.
 *
 * @param requestsVerdict the verdict on requests/s, or null
 * @param p99Verdict      the verdict on p99, or null
 * @param cpuVerdict      the verdict on CPU time per request, or null
 * @param verdict         {@code regression}, {@code improvement}, {@code same}, {@code failed} (the candidate could
 *                        not be measured) or {@code no base} (the base could not)
 */
public record RegressionVerdicts(Verdict requestsVerdict, Verdict p99Verdict, Verdict cpuVerdict, Verdict verdict) {

    /** A cell with no figure to judge: only its own verdict, {@code failed} or {@code no base}. */
    public static RegressionVerdicts only(Verdict verdict) {
        return new RegressionVerdicts(null, null, null, verdict);
    }
}
