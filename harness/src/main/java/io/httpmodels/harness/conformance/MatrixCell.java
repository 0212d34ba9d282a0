package io.httpmodels.harness.conformance;

/**
 * One model's answer to one rule: its outcome and, for a deviation, what it does instead and the rule it breaks.
 *
 * @param outcome how the case ended
 * @param instead for a deviation, what the model does instead; else null
 * @param rule for a deviation, the rule's name; else null
 * @param concern for a security-relevant deviation, the concern in words; else null
 * @param measured what the case measured, in words; else null
 * @param reason for a case not run, why; else null
 */
public record MatrixCell(
        CaseOutcome outcome, String instead, String rule, String concern, String measured, String reason) {

    static MatrixCell of(RecordedCase c) {
        return new MatrixCell(c.outcome(), c.instead(), c.rule(), c.concern(), c.measured(), c.reason());
    }
}
