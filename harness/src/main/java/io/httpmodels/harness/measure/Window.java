package io.httpmodels.harness.measure;

import java.nio.file.Path;
import java.time.Duration;

/**
 * One recorded window of load on a started, warmed target.
 *
 * @param repetition  the cell's repetition (compare) or round (regress), 1-based
 * @param recorded    how long to record
 * @param offeredRate open loop at this total rate, or null for the scenario's own pacing
 * @param hlog        where to write the window's HdrHistogram interval log, or null for none
 * @param hlogName    the log's name relative to the results folder, as the cell records it; null with no log
 * @param flameGraph  where the model writes the window's flame graph when flame graphs are on, or null
 * @param flameGraphName its name relative to the results folder; null with none
 */
public record Window(
        int repetition,
        Duration recorded,
        Double offeredRate,
        Path hlog,
        String hlogName,
        Path flameGraph,
        String flameGraphName) {

    /** A window without a flame graph. */
    public Window(int repetition, Duration recorded, Double offeredRate, Path hlog, String hlogName) {
        this(repetition, recorded, offeredRate, hlog, hlogName, null, null);
    }

    public Window {
        if (recorded.isNegative() || recorded.isZero()) {
            throw new IllegalArgumentException("a window must record for a positive time");
        }
    }

    /** A window at the scenario's own pacing, with no interval log. */
    public static Window of(int repetition, Duration recorded) {
        return new Window(repetition, recorded, null, null, null);
    }
}
