package io.httpmodels.harness.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

import java.util.OptionalLong;

@Isolated // nothing runs beside it (the harness runs its classes side by side): it reads this JVM's own figures from
// /proc
class ProcFsTest {

    private static final long SELF = ProcessHandle.current().pid();

    @Test
    void theJitCompilerThreadsOfARunningJvmHaveSpentCpu() {
        assumeTrue(ProcFs.available(), "no /proc here");
        // This JVM has compiled JUnit and the classes under test by now: at least a clock tick of C1 and C2 work.
        OptionalLong jit = ProcFs.jitCpuNanos(SELF);
        assertTrue(jit.isPresent());
        assertTrue(jit.getAsLong() >= 10_000_000L, "JIT CPU " + jit.getAsLong() + " ns");
        assertTrue(jit.getAsLong() <= ProcFs.cpuNanos(SELF).orElseThrow(), "a part of the whole process");
    }

    @Test
    void threadsAreChosenByTheirNamesPrefix() {
        assumeTrue(ProcFs.available(), "no /proc here");
        assertEquals(OptionalLong.of(0), ProcFs.threadsCpuNanos(SELF, "no thread is named so"));
        long main = ProcFs.threadsCpuNanos(SELF, "").orElseThrow(); // every thread
        long whole = ProcFs.cpuNanos(SELF).orElseThrow();
        // Threads that ended are in the process's total but in no task: the sum of the live ones is at most it.
        assertTrue(main <= whole + 10_000_000L, main + " vs " + whole);
    }

    @Test
    void aProcessThatIsGoneIsUnknownNotAnError() {
        assertEquals(OptionalLong.empty(), ProcFs.jitCpuNanos(Long.MAX_VALUE));
        assertEquals(OptionalLong.empty(), ProcFs.threadsCpuNanos(Long.MAX_VALUE, "C2"));
    }
}
