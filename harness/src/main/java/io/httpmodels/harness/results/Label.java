package io.httpmodels.harness.results;

import java.util.Locale;

/**
 * An enum written to results.json as a word ({@code ok}, {@code no base}) rather than its constant's name. The
 * enums of the results implement it, and Jackson reads and writes them through {@link #label()} and
 * {@link #of(Class, String)}.
 */
public interface Label {

    /** The word in results.json and the reports. */
    String label();

    /** The lower-case name of a constant, {@code _} as a space: the label of most constants. */
    static String of(Enum<?> constant) {
        return constant.name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }

    /**
     * The constant of {@code type} whose label is {@code label}.
     *
     * @throws IllegalArgumentException naming the labels known, when none matches
     */
    static <E extends Enum<E> & Label> E of(Class<E> type, String label) {
        StringBuilder known = new StringBuilder();
        for (E constant : type.getEnumConstants()) {
            if (constant.label().equals(label)) {
                return constant;
            }
            known.append(known.isEmpty() ? "" : ", ").append(constant.label());
        }
        throw new IllegalArgumentException(
                "'" + label + "' is not a " + type.getSimpleName() + " (one of: " + known + ")");
    }
}
