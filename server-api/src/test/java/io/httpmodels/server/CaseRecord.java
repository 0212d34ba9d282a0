package io.httpmodels.server;

/**
 * One kit case as it ran for one model, a line of the conformance matrix.
 *
 * @param test the kit's test method
 * @param caseName the case within a parameterised method (its first argument after the model), or ""
 * @param outcome how it ended
 * @param instead for a {@link CaseOutcome#DEVIATION}, what the model does instead; else null
 * @param rule for a deviation, the rule it breaks; else null
 * @param words for a deviation, the rule's words; else null
 * @param concern for a deviation that matters to security, {@link SecurityConcern#label()}; else null
 * @param failure the assertion's message for a deviation or a failure; else null
 * @param measured what the case measured, in words ({@link CaseFigures}), whatever its outcome; else null
 * @param reason for a {@link CaseOutcome#NOT_RUN}, why the kit class leaves it out; else null
 */
public record CaseRecord(
        String test,
        String caseName,
        CaseOutcome outcome,
        String instead,
        String rule,
        String words,
        String concern,
        String failure,
        String measured,
        String reason) {

    /** A case that ended with {@code outcome} and no deviation. */
    static CaseRecord plain(String test, String caseName, CaseOutcome outcome, String failure, String measured) {
        return new CaseRecord(test, caseName, outcome, null, null, null, null, failure, measured, null);
    }

    /** A case that failed as {@code deviation} documents. */
    static CaseRecord deviation(String test, String caseName, Deviation deviation, String failure, String measured) {
        return new CaseRecord(
                test,
                caseName,
                CaseOutcome.DEVIATION,
                deviation.instead(),
                deviation.rule().reference(),
                deviation.rule().words(),
                SecurityConcern.of(deviation).map(SecurityConcern::label).orElse(null),
                failure,
                measured,
                null);
    }

    /** A case the kit class leaves out for the model, for {@code reason}. */
    static CaseRecord notRun(String test, String caseName, String reason) {
        return new CaseRecord(test, caseName, CaseOutcome.NOT_RUN, null, null, null, null, null, null, reason);
    }
}
