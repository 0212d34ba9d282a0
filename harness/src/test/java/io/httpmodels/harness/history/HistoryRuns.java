package io.httpmodels.harness.history;

import io.httpmodels.harness.history.SyntheticRuns.Machine;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** The 30 synthetic runs of the history's tests as the store returns them, without a store. */
final class HistoryRuns {

    /** Runs per machine: one per commit. */
    static final int COMMITS = 15;

    private HistoryRuns() {}

    /** Whether commit {@code i} is measured by a regress run (the step's commit among them), else by compare. */
    static boolean regress(int i) {
        return i == SyntheticRuns.STEP || i % 4 == 0;
    }

    /** Both machines' runs of commits 1 to {@code commits}, oldest first, as {@link HistoryStore#runs()} orders. */
    static List<HistoryRun> upTo(int commits) throws HistoryException {
        List<HistoryRun> runs = new ArrayList<>();
        for (Machine machine : Machine.values()) {
            for (int i = 1; i <= commits; i++) {
                runs.add(HistoryRun.of(
                        regress(i) ? SyntheticRuns.regress(machine, i) : SyntheticRuns.compare(machine, i), null));
            }
        }
        runs.sort(Comparator.comparing(HistoryRun::startedAt).thenComparing(HistoryRun::commit));
        return runs;
    }
}
