package io.httpmodels.harness.results;

/**
 * How a scenario's client paces itself: closed loop (both null), or open loop at a fixed total rate or at a
 * fraction of each target's peak.
 *
 * @param rate         open loop at this many requests/s in total, or null for closed loop (or for a fraction)
 * @param rateFraction open loop at this fraction of each target's closed-loop peak measured in the same run, or null
 */
public record Pacing(Double rate, Double rateFraction) {

    /** Closed loop: as fast as the answers come. */
    public static final Pacing CLOSED_LOOP = new Pacing(null, null);

    public Pacing {
        if (rate != null && rateFraction != null) {
            throw new IllegalArgumentException("a rate or a rate fraction, not both: " + rate + ", " + rateFraction);
        }
        if ((rate != null && !(rate > 0)) || (rateFraction != null && !(rateFraction > 0))) {
            throw new IllegalArgumentException("a rate must be positive: " + rate + ", " + rateFraction);
        }
    }

    /** Whether the client paces itself (open loop), so latency counts from each request's intended send time. */
    public boolean openLoop() {
        return rate != null || rateFraction != null;
    }
}
