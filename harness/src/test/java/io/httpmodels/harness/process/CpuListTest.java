package io.httpmodels.harness.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

import java.util.List;

class CpuListTest {

    @Test
    void parsesNumbersAndRangesIntoSortedDistinctCpus() {
        assertEquals(List.of(0), CpuList.parse("0"));
        assertEquals(List.of(0, 1, 2, 3, 6, 8, 9), CpuList.parse("8-9,0-3,6,2"));
    }

    @Test
    void formatsWithRangesFolded() {
        assertEquals("0-2,5", CpuList.format(List.of(5, 0, 1, 2)));
        assertEquals("1", CpuList.format(List.of(1)));
        assertEquals("0,2,4-5", CpuList.format(List.of(0, 2, 4, 5)));
    }

    @Test
    void refusesWhatIsNotACpuList() {
        assertThrows(IllegalArgumentException.class, () -> CpuList.parse(""));
        assertThrows(IllegalArgumentException.class, () -> CpuList.parse("a"));
        assertThrows(IllegalArgumentException.class, () -> CpuList.parse("3-1"));
        assertThrows(IllegalArgumentException.class, () -> CpuList.parse("-1"));
    }

    @Test
    void thisMachineHasOnlineCpusAndAnAffinity() {
        List<Integer> online = ProcFs.onlineCpus();
        assertEquals(Runtime.getRuntime().availableProcessors() <= online.size(), true, online.toString());
        assertEquals(true, online.containsAll(ProcFs.selfAffinity()));
    }
}
