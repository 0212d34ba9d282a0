package io.httpmodels.load;

/**
 * The timeline of one run, in {@link System#nanoTime()} terms, and the flag that stops it. Shared by the
 * workers of a run; the fields are final except the two volatile ones, written rarely (stop, abort).
 */
final class RunState {

    final long startNanos;
    final long recordStartNanos;
    /** End of recording for a timed run; {@code Long.MAX_VALUE}-like far future for a counted run. */
    final long recordEndNanos;

    final long hardEndNanos;
    final long startEpochMillis;

    private volatile boolean stop;
    private volatile String abortReason;

    RunState(long startNanos, long startEpochMillis, LoadConfig config) {
        this(
                startNanos,
                startEpochMillis,
                startNanos + config.timeline().warmup().toNanos(),
                config);
    }

    /**
     * A run whose recording starts at a given instant (agent mode) rather than a warm-up after its start. The
     * hard bound counts from {@code recordStartNanos - warmup}, or from the start when that is later.
     */
    RunState(long startNanos, long startEpochMillis, long recordStartNanos, LoadConfig config) {
        this.startNanos = startNanos;
        this.startEpochMillis = startEpochMillis;
        this.recordStartNanos = recordStartNanos;
        long nominalStart = recordStartNanos - config.timeline().warmup().toNanos();
        this.hardEndNanos = (nominalStart - startNanos > 0 ? nominalStart : startNanos)
                + config.timeline().maxTime().toNanos();
        this.recordEndNanos = config.counted()
                ? hardEndNanos
                : recordStartNanos + config.timeline().duration().toNanos();
    }

    /** A nanoTime instant of this run as epoch milliseconds. */
    long epochMillis(long nanos) {
        return startEpochMillis + Math.floorDiv(nanos - startNanos, 1_000_000L);
    }

    boolean stopped() {
        return stop;
    }

    void stop() {
        stop = true;
    }

    /** Ends the run without figures; the first reason wins. */
    synchronized void abort(String reason) {
        if (abortReason == null) {
            abortReason = reason;
        }
        stop = true;
    }

    String abortReason() {
        return abortReason;
    }
}
