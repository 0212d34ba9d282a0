package io.httpmodels.harness.measure;

import io.httpmodels.load.Progress;

/** Observes the measuring step, for a terminal. Called on the thread that measures. */
public interface MeasureListener {

    /** Nobody listening. */
    MeasureListener NONE = new MeasureListener() {};

    /** A chunk of warm-up load ended, {@code seconds} into the warm-up. */
    default void warming(double seconds) {}

    /** Once a second during a recorded window. */
    default void progress(Progress progress) {}
}
