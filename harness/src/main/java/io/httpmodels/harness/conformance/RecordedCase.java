package io.httpmodels.harness.conformance;

/**
 * One case of a kit record as the kit wrote it (server-api's {@code CaseRecord}).
 *
 * @param test the kit's test method
 * @param caseName the case within a parameterised method, or ""
 * @param outcome how it ended
 * @param instead for a deviation, what the model does instead; else null
 * @param rule for a deviation, the rule it breaks; else null
 * @param words for a deviation, the rule's words; else null
 * @param concern for a security-relevant deviation, the concern in words; else null
 * @param failure the assertion's message for a deviation or a failure; else null
 * @param measured what the case measured, in words, whatever its outcome; else null
 * @param reason for a {@link CaseOutcome#NOT_RUN}, why the kit class left the case out; else null
 */
public record RecordedCase(
        String test,
        String caseName,
        CaseOutcome outcome,
        String instead,
        String rule,
        String words,
        String concern,
        String failure,
        String measured,
        String reason) {}
