package io.httpmodels.server;

import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Leaves one kit case out for the models of a kit class, with its reason, where neither a pass nor a documented
 * deviation (which must fail every time) holds: the model answers the case one way or the other from run to run. The
 * case is skipped with the reason, and the conformance matrix shows it as not run. A subclass, put on the kit class
 * with {@code @ExtendWith}, names the case and says in a line why; its javadoc tells the probe that found it.
 */
public abstract class KitCaseLeftOut implements ExecutionCondition {

    private final String kitTest;
    private final String reason;

    /**
     * @param kitTest the kit's test method, by name
     * @param reason  why it is left out, in a line: what the model does, and how often
     */
    protected KitCaseLeftOut(String kitTest, String reason) {
        this.kitTest = kitTest;
        this.reason = reason;
    }

    @Override
    public final ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        boolean isTheCase = context.getTestMethod()
                .map(method -> method.getName().equals(kitTest))
                .orElse(false);
        return isTheCase ? ConditionEvaluationResult.disabled(reason) : ConditionEvaluationResult.enabled("a kit case");
    }
}
