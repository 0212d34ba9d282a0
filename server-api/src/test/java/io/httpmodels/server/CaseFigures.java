package io.httpmodels.server;

/**
 * What a kit case measured, in words, for its record ({@link CaseRecord#measured()}): a case that measures (the
 * backpressure kit's resident set, say) calls {@link #record} on its test thread before its assertions, and
 * {@link DocumentedDeviations} takes it after the case, whatever its outcome, so a deviation carries its figures.
 */
public final class CaseFigures {

    private static final ThreadLocal<String> MEASURED = new ThreadLocal<>();

    private CaseFigures() {}

    /** Records {@code measured} as what the case running on this thread measured (the last call wins). */
    public static void record(String measured) {
        MEASURED.set(measured);
    }

    /** What the case that just ran on this thread recorded, or null; cleared. */
    static String take() {
        String measured = MEASURED.get();
        MEASURED.remove();
        return measured;
    }
}
