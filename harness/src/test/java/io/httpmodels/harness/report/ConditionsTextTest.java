package io.httpmodels.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.httpmodels.harness.results.CpuPlacement;
import org.junit.jupiter.api.Test;

class ConditionsTextTest {

    @Test
    void aPinningWhoseWordsNameTheCpusIsSaidOnce() {
        assertEquals(
                "servers on cpu 0, client on cpu 1 (taskset at start)",
                ConditionsText.pinning(
                        new CpuPlacement("0", "1", "servers on cpu 0, client on cpu 1 (taskset at start)")));
    }

    @Test
    void wordsThatDoNotNameTheCpusKeepTheCpusBesideThem() {
        assertEquals(
                "servers on one core, the client on the other (taskset at start); servers on CPU 0, client on CPU 1",
                ConditionsText.pinning(
                        new CpuPlacement("0", "1", "servers on one core, the client on the other (taskset at start)")));
    }

    @Test
    void anUnpinnedRunSaysSo() {
        assertEquals("not pinned", ConditionsText.pinning(new CpuPlacement(null, null, null)));
    }
}
