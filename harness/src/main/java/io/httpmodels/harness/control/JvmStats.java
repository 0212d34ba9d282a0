package io.httpmodels.harness.control;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.httpmodels.server.db.PoolWaits;

import java.util.Map;

/**
 * What a server's JVM says of itself at one instant, answering {@code stats} on its control channel: counters
 * the kernel or the JVM keep for the whole process, threads that ended included, so two of them bound a window.
 * Every figure is -1 (or null) when this JVM cannot tell it.
 *
 * @param allocatedBytes      bytes allocated on the heap since the JVM started, every thread's, ended ones included
 *                            ({@code com.sun.management.ThreadMXBean#getTotalThreadAllocatedBytes}); a virtual
 *                            thread's allocations count on its carrier
 * @param gcCount             collections so far, every collector whose name does not end in "Cycles" (ZGC's and
 *                            Shenandoah's concurrent cycles are left out, their pauses kept)
 * @param gcMillis            the time those collections took: stop-the-world pauses, for the collectors this
 *                            project runs (Parallel, Serial, G1)
 * @param gcNames             the collectors counted, as the JVM names them
 * @param compileMillis       time the JIT compilers spent so far
 * @param threadsStarted      platform threads started since the JVM started (virtual threads are not counted)
 * @param liveThreads         platform threads alive now
 * @param threadStates        live platform threads by {@link Thread.State} name
 * @param voluntarySwitches   context switches in which a thread of this process gave up its core (getrusage's
 *                            {@code ru_nvcsw}, every thread, ended ones included)
 * @param involuntarySwitches context switches in which one was preempted ({@code ru_nivcsw})
 * @param rusageNote          why the switches are -1, or null
 * @param databasePool        the waits of the model's database pools, summed since they opened; null when it has none
 *                            open (or is a build from before them)
 * @param pinning             pins of its virtual threads counted since the harness asked for them
 *                            ({@link ControlProtocol#PINNING_START}); null when it did not, or this JVM cannot count
 *                            them ({@code pinningNote} says why)
 * @param pinningNote         why {@code pinning} is null, or null
 */
public record JvmStats(
        long allocatedBytes,
        long gcCount,
        long gcMillis,
        String gcNames,
        long compileMillis,
        long threadsStarted,
        int liveThreads,
        Map<String, Integer> threadStates,
        long voluntarySwitches,
        long involuntarySwitches,
        String rusageNote,
        @JsonInclude(JsonInclude.Include.NON_NULL) PoolWaits databasePool,
        @JsonInclude(JsonInclude.Include.NON_NULL) CarrierPinning pinning,
        @JsonInclude(JsonInclude.Include.NON_NULL) String pinningNote) {

    public JvmStats {
        threadStates = threadStates == null ? Map.of() : Map.copyOf(threadStates);
    }
}
