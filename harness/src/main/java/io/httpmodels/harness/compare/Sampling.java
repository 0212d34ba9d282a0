package io.httpmodels.harness.compare;

import java.time.Duration;

/**
 * How often and how long each cell is measured: in {@code forks} fresh JVMs of its target (the samples every
 * interval is made from, since a figure moves more from one JVM to the next than within one), each warmed and then
 * measured in {@code windows} windows of {@code window}, back to back (what one JVM does from window to window).
 *
 * @param forks   JVMs per cell, at least 1; an interval needs 2, and the default's 3 (see docs/compare.md)
 * @param windows recorded windows per fork, at least 1
 * @param window  the length of each
 */
public record Sampling(int forks, int windows, Duration window) {

    public Sampling {
        if (forks < 1) {
            throw new IllegalArgumentException("--forks must be at least 1, was " + forks);
        }
        if (windows < 1) {
            throw new IllegalArgumentException("--windows must be at least 1, was " + windows);
        }
        if (window.isNegative() || window.isZero()) {
            throw new IllegalArgumentException("the duration of a window must be positive");
        }
    }

    /** The time recorded per cell, all forks and windows. */
    public Duration recordedPerCell() {
        return window.multipliedBy((long) forks * windows);
    }
}
