package io.httpmodels.harness.compare;

import io.httpmodels.harness.measure.Cell;
import io.httpmodels.harness.results.Capacity;
import io.httpmodels.harness.results.CellResult;
import io.httpmodels.harness.results.Scenario;
import io.httpmodels.harness.targets.TargetSpec;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Finds the highest open-loop rate at which a target keeps a latency percentile within a bound. Latency is
 * measured from each request's intended send time, so a server that falls behind shows it. The steps climb in
 * fractions of the target's closed-loop peak (measured in the same run) until one misses, then bisect once
 * between the last that met the bound and the first that did not. A step meets the bound when the percentile
 * is within it, at least 95 % of the offered rate was delivered, and nothing timed out.
 */
final class CapacitySearch {

    /** Fractions of the peak tried in order; the last exceeds it, since open loop can beat closed loop. */
    static final double[] FRACTIONS = {0.25, 0.5, 0.7, 0.85, 1.0, 1.15};

    private final Plan plan;
    private final CellRunner runner;
    private final CompareListener listener;

    CapacitySearch(Plan plan, CellRunner runner, CompareListener listener) {
        this.plan = plan;
        this.runner = runner;
        this.listener = listener;
    }

    /** The capacity of one target, or null when stopped before it was found. */
    Capacity find(TargetSpec target, Scenario shape, Double peak) {
        Slo slo = plan.capacitySlo();
        List<Capacity.Step> steps = new ArrayList<>();
        if (peak == null || peak <= 0) {
            listener.note(target.name() + ": no closed-loop peak, so no capacity");
            return new Capacity(shape.id(), target.name(), slo.percentile(), slo.boundMicros(), peak, null, steps);
        }
        Double bestMet = null;
        Double firstMissed = null;
        for (double f : FRACTIONS) {
            Capacity.Step step = step(target, shape, Math.max(1, peak * f));
            if (step == null) {
                return null;
            }
            steps.add(step);
            if (step.met()) {
                bestMet = step.offeredRate();
            } else {
                firstMissed = step.offeredRate();
                break;
            }
        }
        if (bestMet != null && firstMissed != null) {
            Capacity.Step step = step(target, shape, (bestMet + firstMissed) / 2);
            if (step == null) {
                return null;
            }
            steps.add(step);
            if (step.met()) {
                bestMet = step.offeredRate();
            }
        }
        return new Capacity(shape.id(), target.name(), slo.percentile(), slo.boundMicros(), peak, bestMet, steps);
    }

    private Capacity.Step step(TargetSpec target, Scenario shape, double rate) {
        Scenario scenario = shape.atRate(Math.round(rate));
        Cell outcome = runner.run(target, scenario, 1, null, null, null, listener);
        if (outcome == null) {
            return null;
        }
        CellResult r = outcome.result();
        Slo slo = plan.capacitySlo();
        if (!r.ok()) {
            listener.note(
                    String.format(Locale.ROOT, "%s at %,.0f req/s: failed: %s", target.name(), rate, r.failure()));
            return new Capacity.Step(scenario.pacing().rate(), 0, 0, 0, false);
        }
        long latency = outcome.histogram().getValueAtPercentile(slo.percentile());
        boolean met = latency <= slo.boundMicros()
                && r.requestsPerSecond() >= 0.95 * scenario.pacing().rate()
                && r.errors("timeout") == 0;
        listener.note(String.format(
                Locale.ROOT,
                "%s at %,.0f req/s: delivered %,.0f, %s %d us: %s",
                target.name(),
                scenario.pacing().rate(),
                r.requestsPerSecond(),
                slo,
                latency,
                met ? "met" : "missed"));
        return new Capacity.Step(scenario.pacing().rate(), r.requestsPerSecond(), latency, r.errors("total"), met);
    }
}
