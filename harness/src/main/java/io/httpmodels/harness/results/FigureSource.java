package io.httpmodels.harness.results;

import java.util.Objects;

/**
 * Where a why figure comes from and what it leaves out.
 *
 * @param source   what counted it ({@code /proc/PID/stat}, {@code getrusage in the server's JVM}, {@code perf stat});
 *                 null when absent
 * @param coverage how much of the server it covers
 * @param note     what it leaves out (partial), or why there is no figure (absent); null when complete
 */
public record FigureSource(String source, Coverage coverage, String note) {

    public FigureSource {
        Objects.requireNonNull(coverage, "coverage");
    }

    public static FigureSource complete(String source) {
        return new FigureSource(source, Coverage.COMPLETE, null);
    }

    public static FigureSource partial(String source, String note) {
        return new FigureSource(source, Coverage.PARTIAL, note);
    }

    public static FigureSource absent(String why) {
        return new FigureSource(null, Coverage.ABSENT, why);
    }

    /** Whether there is a figure at all. */
    public boolean present() {
        return coverage != Coverage.ABSENT;
    }
}
