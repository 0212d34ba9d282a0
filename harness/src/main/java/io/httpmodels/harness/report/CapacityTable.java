package io.httpmodels.harness.report;

import io.httpmodels.harness.results.Capacity;
import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.Scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The capacity search's results as text cells, shared by the Markdown and HTML reports. */
final class CapacityTable {

    /** Headings of the capacity table. */
    static final List<String> HEADERS =
            List.of("scenario", "target", "bound", "closed-loop peak req/s", "capacity req/s", "rates tried");

    private CapacityTable() {}

    /** One row of cells per capacity, in the run's order; empty when the run searched none. */
    static List<List<String>> rows(Results results) {
        List<List<String>> rows = new ArrayList<>();
        for (Capacity c : results.capacities()) {
            List<String> steps = new ArrayList<>();
            for (Capacity.Step step : c.steps()) {
                steps.add(Format.requestsPerSecond(step.offeredRate()) + (step.met() ? " ✓" : " ✗"));
            }
            rows.add(List.of(
                    scenarioTitle(results, c.scenarioId()),
                    c.target(),
                    String.format(Locale.ROOT, "p%s ≤ %s", percentile(c.percentile()), bound(c.boundMicros())),
                    Format.requestsPerSecond(c.peakRequestsPerSecond()),
                    c.capacity() == null ? "below the lowest rate tried" : Format.requestsPerSecond(c.capacity()),
                    String.join(", ", steps)));
        }
        return rows;
    }

    /** The sentence under the table. */
    static String note() {
        return "capacity: the highest offered rate (open loop, latency from each request's intended send time) at"
                + " which the bounded percentile stayed within its bound and the rate was delivered; ✓ met, ✗ missed.";
    }

    private static String scenarioTitle(Results results, String scenarioId) {
        for (Scenario s : results.scenarios()) {
            if (s.id().equals(scenarioId)) {
                return s.title();
            }
        }
        return scenarioId;
    }

    /** A bound as it was asked for: {@code 10 ms}, not {@code 10.0 ms}. */
    private static String bound(long micros) {
        if (micros >= 1_000 && micros % 1_000 == 0) {
            return micros % 1_000_000 == 0 ? micros / 1_000_000 + " s" : micros / 1_000 + " ms";
        }
        return Format.micros(micros);
    }

    private static String percentile(double p) {
        return p == Math.rint(p) ? String.valueOf((long) p) : String.valueOf(p);
    }
}
