package io.httpmodels.harness.report;

import io.httpmodels.harness.results.Estimate;
import io.httpmodels.harness.results.Summary;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

/**
 * The order of a scenario's rows that its intervals support, in one line: {@code netty ≈ netty-virtual >
 * thread-per-connection > fixed-pool}. Rows are sorted by their medians, best first; between two neighbours the
 * line says {@code >} (or {@code <} for a figure where less is better) only when every row before the mark is shown
 * to be ahead of every row after it (their intervals do not overlap), and {@code ≈} otherwise: the data does not
 * show which is ahead. A row without an interval (one fork) makes
 * no claim, so neither does the line. Stateless.
 */
final class Ranking {

    /** The figure the line orders by. */
    enum By {
        REQUESTS_PER_SECOND("requests/s", true, s -> s.rate().requestsPerSecond()),
        CPU_PER_REQUEST("server CPU per request", false, s -> s.server().cpuMicrosPerRequest());

        private final String label;
        private final boolean higherIsBetter;
        private final Function<Summary, Estimate> figure;

        By(String label, boolean higherIsBetter, Function<Summary, Estimate> figure) {
            this.label = label;
            this.higherIsBetter = higherIsBetter;
            this.figure = figure;
        }

        String label() {
            return label;
        }
    }

    private Ranking() {}

    /**
     * The line for {@code rows} (a scenario's, failed ones left out), or null when fewer than two rows have the
     * figure.
     */
    static String line(List<Summary> rows, By by) {
        List<Summary> ranked = new ArrayList<>();
        for (Summary s : rows) {
            if (s != null && s.ok() && by.figure.apply(s) != null) {
                ranked.add(s);
            }
        }
        if (ranked.size() < 2) {
            return null;
        }
        Comparator<Summary> order =
                Comparator.comparingDouble(s -> by.figure.apply(s).value());
        ranked.sort(by.higherIsBetter ? order.reversed() : order);
        if (ranked.stream().anyMatch(s -> !by.figure.apply(s).hasInterval())) {
            return by.label + ": no order claimed (a row measured in one fork has no interval; --forks 3 or more)";
        }
        StringBuilder line =
                new StringBuilder(by.label).append(": ").append(ranked.get(0).target());
        for (int i = 1; i < ranked.size(); i++) {
            String mark = separated(ranked, i, by) ? by.higherIsBetter ? " > " : " < " : " ≈ ";
            line.append(mark).append(ranked.get(i).target());
        }
        return line.toString();
    }

    /** Whether no row before {@code cut} overlaps a row from {@code cut} on. */
    private static boolean separated(List<Summary> ranked, int cut, By by) {
        for (int ahead = 0; ahead < cut; ahead++) {
            for (int behind = cut; behind < ranked.size(); behind++) {
                if (by.figure.apply(ranked.get(ahead)).overlaps(by.figure.apply(ranked.get(behind)))) {
                    return false;
                }
            }
        }
        return true;
    }
}
