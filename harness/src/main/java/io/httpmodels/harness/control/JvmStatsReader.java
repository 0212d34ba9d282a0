package io.httpmodels.harness.control;

import io.httpmodels.server.db.OpenPools;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads {@link JvmStats} of the JVM it runs in, from its management beans and {@code getrusage}. Cheap enough to
 * call at a window's edges (a millisecond or so, most of it the threads' states), never meant per request.
 *
 * <p>Not thread-safe: the control loop's one thread reads.
 */
public final class JvmStatsReader {

    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final Rusage rusage = new Rusage();
    private final CarrierPinningRecorder pinning;

    /** A reader whose answers carry what {@code pinning} counted. */
    public JvmStatsReader(CarrierPinningRecorder pinning) {
        this.pinning = pinning;
    }

    /** The counters now. */
    public JvmStats read() {
        long gcCount = 0;
        long gcMillis = 0;
        List<String> names = new ArrayList<>();
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc.getName().endsWith("Cycles")) {
                continue; // ZGC's, Shenandoah's concurrent cycles: their pauses have beans of their own
            }
            names.add(gc.getName());
            gcCount += Math.max(0, gc.getCollectionCount());
            gcMillis += Math.max(0, gc.getCollectionTime());
        }
        var compilation = ManagementFactory.getCompilationMXBean();
        long compileMillis = compilation != null && compilation.isCompilationTimeMonitoringSupported()
                ? compilation.getTotalCompilationTime()
                : -1;
        Map<String, Integer> states = new TreeMap<>();
        for (ThreadInfo info : threads.getThreadInfo(threads.getAllThreadIds(), 0)) {
            if (info != null) {
                states.merge(info.getThreadState().name(), 1, Integer::sum);
            }
        }
        var switches = rusage.read();
        return new JvmStats(
                allocatedBytes(),
                gcCount,
                gcMillis,
                String.join(", ", names),
                compileMillis,
                threads.getTotalStartedThreadCount(),
                threads.getThreadCount(),
                states,
                switches.map(Rusage.Switches::voluntary).orElse(-1L),
                switches.map(Rusage.Switches::involuntary).orElse(-1L),
                switches.isPresent() ? null : rusage.unavailable(),
                OpenPools.sum(),
                pinning.read(),
                pinning.note());
    }

    private long allocatedBytes() {
        if (threads instanceof com.sun.management.ThreadMXBean hotspot
                && hotspot.isThreadAllocatedMemorySupported()
                && hotspot.isThreadAllocatedMemoryEnabled()) {
            return hotspot.getTotalThreadAllocatedBytes();
        }
        return -1;
    }
}
