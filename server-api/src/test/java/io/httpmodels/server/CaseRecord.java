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
 */
public record CaseRecord(
        String test,
        String caseName,
        CaseOutcome outcome,
        String instead,
        String rule,
        String words,
        String concern,
        String failure) {

    /** A case that ended with {@code outcome} and no deviation. */
    static CaseRecord plain(String test, String caseName, CaseOutcome outcome, String failure) {
        return new CaseRecord(test, caseName, outcome, null, null, null, null, failure);
    }

    /** A case that failed as {@code deviation} documents. */
    static CaseRecord deviation(String test, String caseName, Deviation deviation, String failure) {
        return new CaseRecord(
                test,
                caseName,
                CaseOutcome.DEVIATION,
                deviation.instead(),
                deviation.rule(),
                deviation.words(),
                SecurityConcern.of(deviation).map(SecurityConcern::label).orElse(null),
                failure);
    }
}
