package io.httpmodels.harness.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Isolated;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The sampler against a child whose CPU time and memory are known: it must read them back. */
@Isolated // nothing runs beside it (the harness runs its classes side by side): it measures this JVM's own CPU time
@Timeout(60)
class UsageSamplerTest {

    private static final int MIB = 200;
    private static final long BUSY_MILLIS = 1000;

    @Test
    void measuresAKnownBusyTimeAndAKnownMemory() throws Exception {
        try (BusyChild.Running child =
                BusyChild.start(List.of(), List.of("-Xms16m", "-Xmx512m", "-XX:+UseSerialGC"), MIB, BUSY_MILLIS)) {
            UsageSampler sampler = UsageSampler.startAt(child.pid(), System.nanoTime(), Duration.ofMillis(100));
            child.go();
            assertTrue(child.out().readLine().startsWith("done"));
            UsageSampler.Usage usage = sampler.stop();

            assertEquals("/proc", usage.server().source());
            // Its busy thread burned 1 s of CPU; the JVM's own threads (JIT, GC) add a little.
            assertTrue(
                    usage.server().cpuSeconds() >= 0.95, "cpu " + usage.server().cpuSeconds());
            assertTrue(
                    usage.server().cpuSeconds() <= 1.6, "cpu " + usage.server().cpuSeconds());
            assertTrue(
                    usage.server().rssPeakBytes() >= (long) MIB << 20,
                    "rss " + usage.server().rssPeakBytes());
            assertTrue(
                    usage.server().rssMeanBytes() >= (long) MIB << 20,
                    "rss mean " + usage.server().rssMeanBytes());
            assertTrue(
                    usage.server().rssPeakBytes() < (long) (MIB + 200) << 20,
                    "rss " + usage.server().rssPeakBytes());
            assertTrue(usage.server().threadsPeak() > 1);
            // At most ten memory samples a second, and at least one per second of the window.
            assertTrue(usage.server().samples() <= Math.ceil(usage.wallSeconds() * 10) + 2, usage.toString());
            assertTrue(usage.server().samples() >= Math.floor(usage.wallSeconds()), usage.toString());
        }
    }

    @Test
    void aProcessThatIsGoneGivesNoFigures() {
        UsageSampler sampler = UsageSampler.startAt(Long.MAX_VALUE / 2, System.nanoTime(), Duration.ofMillis(100));
        UsageSampler.Usage usage = sampler.stop();
        assertEquals(null, usage.server().cpuSeconds());
        assertEquals(-1, usage.server().rssPeakBytes());
        assertEquals(0, usage.server().samples());
    }

    @Test
    void stoppedBeforeItsWindowBeganItReportsNothing() {
        UsageSampler sampler = UsageSampler.startAt(
                ProcessHandle.current().pid(), System.nanoTime() + TimeUnit.HOURS.toNanos(1), Duration.ofMillis(100));
        UsageSampler.Usage usage = sampler.stop();
        assertEquals(0, usage.wallSeconds());
        assertEquals(0, usage.server().samples());
    }
}
