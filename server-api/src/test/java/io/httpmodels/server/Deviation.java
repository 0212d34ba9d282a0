package io.httpmodels.server;

import java.util.List;
import java.util.Objects;

/**
 * One kit case a model answers differently from the rule, written down rather than fixed: the project does not
 * wrap a model it does not write (the JDK's server, t-io) in a fix, since what that model does is the finding.
 *
 * <p>A case is a kit's test method, and for a test parameterised by case (such as
 * {@code badInputGetsItsStatusAndTheConnectionCloses}) the case's name; an empty {@code caseName} concerns every
 * invocation of the method for the model. {@link DocumentedDeviations} still runs the case and requires it to fail.
 *
 * @param test the kit's test method, by name
 * @param caseName the case within that method (one of its arguments after the model, by {@code toString}), or ""
 * @param instead what the model does instead, in a sentence
 * @param rule the rule it breaks, whose reference and words the kits hold
 * @param silent whether the model neither answers nor closes in this case: a conformance kit then waits
 *     {@link RawHttpConnection#SILENCE_MILLIS} for an answer, not {@link RawHttpConnection#READ_TIMEOUT_MILLIS}
 *     ({@link DocumentedDeviations#readTimeoutMillis()})
 */
public record Deviation(String test, String caseName, String instead, KitRule rule, boolean silent) {

    /** A deviation in which the model answers, or closes, in some other way than the rule's. */
    public Deviation(String test, String caseName, String instead, KitRule rule) {
        this(test, caseName, instead, rule, false);
    }

    public Deviation {
        Objects.requireNonNull(test, "test");
        Objects.requireNonNull(caseName, "caseName");
        Objects.requireNonNull(instead, "instead");
        Objects.requireNonNull(rule, "rule");
        if (test.isBlank() || instead.isBlank()) {
            throw new IllegalArgumentException("a deviation names its test and what the model does");
        }
    }

    /** A deviation concerning every invocation of {@code test}. */
    public static Deviation of(String test, String instead, KitRule rule) {
        return new Deviation(test, "", instead, rule);
    }

    /** A deviation concerning the case {@code caseName} of the parameterised {@code test}. */
    public static Deviation ofCase(String test, String caseName, String instead, KitRule rule) {
        return new Deviation(test, caseName, instead, rule);
    }

    /** Whether this deviation concerns the invocation of {@code method} with {@code arguments} (the model first). */
    public boolean concerns(String method, List<?> arguments) {
        if (!test.equals(method)) {
            return false;
        }
        if (caseName.isEmpty()) {
            return true;
        }
        return arguments.stream().skip(1).anyMatch(argument -> caseName.equals(String.valueOf(argument)));
    }
}
