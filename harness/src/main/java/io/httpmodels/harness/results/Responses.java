package io.httpmodels.harness.results;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * How a cell's requests ended: errors by kind, responses by status, and why the load stopped early if it did.
 *
 * @param errors       errors by kind ({@code connect, read, closed, write, timeout, status, malformed}) and
 *                     {@code total}, in the load client's order; empty for a cell that was not measured
 * @param statusCounts responses by status code, in numeric order
 * @param abortReason  why the load stopped early, or null
 */
public record Responses(Map<String, Long> errors, Map<Integer, Long> statusCounts, String abortReason) {

    /** The key of every error of every kind. */
    public static final String TOTAL = "total";

    /** Nothing measured. */
    public static final Responses NONE = new Responses(Map.of(), Map.of(), null);

    public Responses {
        errors = errors == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(errors));
        statusCounts = statusCounts == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(statusCounts));
    }

    /** Errors of one kind ({@code timeout}, {@link #TOTAL}), 0 when none were counted. */
    public long errors(String kind) {
        return errors.getOrDefault(kind, 0L);
    }
}
