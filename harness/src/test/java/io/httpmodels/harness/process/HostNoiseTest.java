package io.httpmodels.harness.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.httpmodels.harness.results.NoiseFloor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Files;
import java.nio.file.Path;

@Timeout(60)
class HostNoiseTest {

    @Test
    void theLoopIsTimedInChunksOnTheCpuAsked() {
        int cpu = ProcFs.onlineCpus().isEmpty() ? 0 : ProcFs.onlineCpus().get(0);

        NoiseFloor.CpuNoise noise = HostNoise.calibrate(cpu, "server");

        assertNotNull(noise, "the loop ran in a JVM of its own");
        assertEquals(cpu, noise.cpu());
        assertEquals("server", noise.role());
        assertEquals(HostNoise.CHUNKS, noise.chunks());
        assertTrue(
                0 < noise.p10Micros()
                        && noise.p10Micros() <= noise.p50Micros()
                        && noise.p50Micros() <= noise.p90Micros(),
                noise.toString());
        assertTrue(noise.spreadPercent() >= 0);
    }

    @Test
    void aWholeFloorNamesEveryCpuOfTheRunAndWhatItCouldRead() {
        NoiseFloor floor = HostNoise.measure(Pinning.none("a test"));

        assertEquals(ProcFs.onlineCpus().size(), floor.cpus().size(), floor.toString());
        assertTrue(floor.cpus().stream().allMatch(c -> c.role().equals("both")), floor.toString());
        assertEquals("not pinned", floor.smt());
        if (Files.isReadable(Path.of("/proc/stat"))) {
            assertNotNull(floor.stealPercent());
            assertTrue(floor.stealPercent() >= 0 && floor.stealPercent() <= 100, floor.toString());
        }
    }

    @Test
    void percentilesAreByNearestRank() {
        double[] sorted = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
        assertEquals(1, HostNoise.percentile(sorted, 10));
        assertEquals(5, HostNoise.percentile(sorted, 50));
        assertEquals(9, HostNoise.percentile(sorted, 90));
        assertEquals(10, HostNoise.percentile(sorted, 100));
    }

    @Test
    void aSpreadAboveTheBoundIsNoisy() {
        NoiseFloor.CpuNoise quiet = new NoiseFloor.CpuNoise(0, "server", 885, 900, 930, 200);
        NoiseFloor.CpuNoise busy = new NoiseFloor.CpuNoise(1, "client", 860, 900, 4900, 200);
        assertTrue(quiet.spreadPercent() < HostNoise.NOISY_SPREAD_PERCENT, String.valueOf(quiet.spreadPercent()));
        assertTrue(busy.spreadPercent() > HostNoise.NOISY_SPREAD_PERCENT);
    }

    @Test
    void serverAndClientOnHyperthreadsOfOneCoreAreSiblings() {
        Pinning pinning = Pinning.plan(true, null, null);
        assumeTrue(pinning.enabled(), "no pinning on this machine");
        String smt = HostNoise.smt(pinning);
        assertTrue(smt.equals("separate cores") || smt.startsWith("siblings"), smt);
    }
}
