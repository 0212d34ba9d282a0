package io.httpmodels.harness.measure;

import io.httpmodels.harness.process.PerfCounts;

/**
 * What perf counted in a server over one unrecorded chunk of its load, or why it did not.
 *
 * @param counts   the counts, or null
 * @param requests requests the chunk completed
 * @param seconds  how long the chunk ran
 * @param note     why there are no counts, or null
 */
record Counted(PerfCounts counts, long requests, double seconds, String note) {

    /** Before {@link MeasuringStep#count} ran. */
    static final Counted NOT_YET = new Counted(null, 0, 0, "no chunk was counted before the window");

    static Counted absent(String why) {
        return new Counted(null, 0, 0, why);
    }
}
