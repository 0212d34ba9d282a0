package io.httpmodels.harness.conformance;

/**
 * A security-relevant deviation, listed at the top of the matrix.
 *
 * @param concern the concern in words ("request smuggling")
 * @param model the model's label
 * @param kit the kit contract
 * @param rule the row's rule ({@link MatrixRow#rule()})
 * @param instead what the model does instead
 * @param ruleName the rule it breaks ("RFC 9112 §6.3")
 * @param measured what the case measured (a flood's growth of the resident set, say), or null
 */
public record SecurityFinding(
        String concern, String model, String kit, String rule, String instead, String ruleName, String measured) {}
