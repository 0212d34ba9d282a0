package io.httpmodels.harness.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.load.LatencyHistograms;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;

/**
 * The merge's one promise, as a property over seeded random runs: the merged histogram equals the histogram of
 * every agent's values recorded in one, and the merged count is the sum of the agents' counts. Each case draws
 * 1 to 6 agents, each with 1 to 8 one-second intervals at a random offset, each interval with 0 to 3000 values
 * from three shapes (a narrow peak, log-uniform over the whole range, the range's ends), written to real
 * interval logs by the load client's own writer and read back. A failing seed reproduces by itself.
 */
class MergeExactnessTest {

    static LongStream seeds() {
        return LongStream.rangeClosed(1, 60);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void theMergedHistogramIsTheHistogramOfEveryValueRecordedInOne(long seed, @TempDir Path dir)
            throws IOException, MergeException {
        SplittableRandom random = new SplittableRandom(seed);
        Histogram inOne = LatencyHistograms.create();
        int agents = 1 + random.nextInt(6);
        long base = 1_767_225_600_000L + random.nextLong(86_400_000L);
        List<Path> files = new ArrayList<>();
        long[] counts = new long[agents];
        for (int a = 0; a < agents; a++) {
            long start = base + random.nextLong(5_000);
            int intervals = 1 + random.nextInt(8);
            List<Histogram> logged = new ArrayList<>();
            for (int i = 0; i < intervals; i++) {
                Histogram h = LatencyHistograms.create();
                int values = random.nextInt(3001);
                for (int v = 0; v < values; v++) {
                    long micros = value(random);
                    h.recordValue(micros);
                    inOne.recordValue(micros);
                }
                h.setStartTimeStamp(start + i * 1000L);
                h.setEndTimeStamp(start + (i + 1) * 1000L);
                counts[a] += h.getTotalCount();
                logged.add(h);
            }
            files.add(AgentLogs.write(dir.resolve("agent-" + a + ".hlog"), "agent-" + a, logged));
        }

        MergedRun run = Merge.files(files);

        assertEquals(inOne, run.total(), "seed " + seed);
        assertEquals(inOne.getTotalCount(), run.requests());
        assertEquals(LongStream.of(counts).sum(), run.requests(), "the merged count is the sum of the agents'");
        for (int p : new int[] {50, 90, 99}) {
            assertEquals(inOne.getValueAtPercentile(p), run.total().getValueAtPercentile(p));
        }
        assertEquals(inOne.getMaxValue(), run.total().getMaxValue());
        for (int a = 0; a < agents; a++) {
            assertEquals(counts[a], run.agents().get(a).histogram().getTotalCount());
            assertEquals("agent-" + a, run.agents().get(a).name());
        }
        // Each second of the total's timeline is the sum of the agents' in that second.
        for (int s = 0; s < run.timeline().size(); s++) {
            double sum = 0;
            for (MergedRun.Agent agent : run.agents()) {
                sum += agent.timeline().get(s);
            }
            assertEquals(sum, run.timeline().get(s), 1e-9);
        }
        assertTrue(LatencyHistograms.sameSettings(LatencyHistograms.create(), run.total()));
    }

    /** A latency in microseconds from one of three shapes. */
    private static long value(SplittableRandom random) {
        return switch (random.nextInt(3)) {
            case 0 -> 80 + random.nextInt(40);
            case 1 ->
                Math.max(
                        1, (long) Math.exp(random.nextDouble() * Math.log(LatencyHistograms.HIGHEST_TRACKABLE_MICROS)));
            default -> random.nextBoolean() ? 1 : LatencyHistograms.HIGHEST_TRACKABLE_MICROS;
        };
    }
}
