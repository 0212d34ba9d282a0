package io.httpmodels.harness.compare;

import io.httpmodels.harness.measure.MeasureListener;
import io.httpmodels.harness.results.CellResult;
import io.httpmodels.harness.results.Scenario;
import io.httpmodels.harness.targets.TargetSpec;

/** Observes a comparison while it runs, for the terminal. Called on the thread that runs the comparison. */
public interface CompareListener extends MeasureListener {

    /** A cell is about to start: {@code index} of {@code total} (1-based). */
    default void cellStarted(int index, int total, TargetSpec target, Scenario scenario, int fork) {}

    /** A cell ended, measured or failed. */
    default void cellFinished(int index, int total, CellResult result) {}

    /** Something worth saying that is not a cell (a capacity step, a skipped target). */
    default void note(String message) {}
}
