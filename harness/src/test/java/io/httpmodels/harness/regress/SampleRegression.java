package io.httpmodels.harness.regress;

import io.httpmodels.harness.results.CpuNoise;
import io.httpmodels.harness.results.GateSettings;
import io.httpmodels.harness.results.RatioInterval;
import io.httpmodels.harness.results.Regression;
import io.httpmodels.harness.results.RegressionCell;
import io.httpmodels.harness.results.RegressionChanges;
import io.httpmodels.harness.results.RegressionMode;
import io.httpmodels.harness.results.RegressionRounds;
import io.httpmodels.harness.results.RegressionSides;
import io.httpmodels.harness.results.RegressionVerdicts;
import io.httpmodels.harness.results.Verdict;

import java.util.List;

/** A regression run of two cells, one unchanged and one 10 % slower, for the rendering and mapping tests. */
public final class SampleRegression {

    private SampleRegression() {}

    public static Regression run() {
        return withNoise(0.03);
    }

    /** The same run, every cell's windows {@code noise} apart (largest / smallest - 1), or not known (null). */
    public static Regression withNoise(Double noise) {
        return withNoise(noise, null);
    }

    /**
     * The same run, every cell's windows {@code noise} apart and its windows' ratios {@code turnSpread} apart once the
     * sides took turns (null: not known).
     */
    public static Regression withNoise(Double noise, Double turnSpread) {
        List<Double> base =
                List.of(100_000.0, 101_000.0, 99_000.0, 100_500.0, 100_000.0, 98_000.0, 102_000.0, 99_500.0);
        List<Double> same =
                List.of(100_500.0, 100_000.0, 99_500.0, 101_000.0, 99_000.0, 98_500.0, 101_500.0, 100_000.0);
        List<Double> slow = base.stream().map(v -> v * 0.9).toList();
        List<Long> p99 = List.of(500L, 510L, 490L, 505L, 500L, 495L, 520L, 498L);
        RegressionCell unchanged = cell("netty/plaintext-c40-ka-w0", "netty", base, same, p99, p99, noise)
                .withCpuTurnSpread(turnSpread);
        RegressionCell slower = cell(
                        "virtual-threads/plaintext-c40-ka-w0", "virtual-threads", base, slow, p99, p99, noise)
                .withCpuTurnSpread(turnSpread);
        return new Regression(
                new RegressionSides(
                        RegressionMode.BASE,
                        "HEAD at 39d0c44f010a",
                        "the working tree at 39d0c44f010a",
                        List.of(),
                        List.of("-XX:TieredStopAtLevel=1"),
                        null,
                        "base and candidate measured in the same run"),
                new GateSettings(PairedRatio.METHOD, 0.90, 0.05, 0.10, 0.05, 8),
                List.of(unchanged, slower),
                List.of(slower.id()),
                Verdict.REGRESSION);
    }

    private static RegressionCell cell(
            String id,
            String model,
            List<Double> base,
            List<Double> cand,
            List<Long> baseP99,
            List<Long> candP99,
            Double noise) {
        RatioInterval rps = PairedRatio.of(base, cand, 0.90);
        RatioInterval p99 = PairedRatio.of(baseP99, candP99, 0.90);
        // CPU per request moves inversely with requests/s here: the server saturated, its cost the whole story.
        List<Double> baseCpu = base.stream().map(v -> 1e6 / v).toList();
        List<Double> candCpu = cand.stream().map(v -> 1e6 / v).toList();
        RatioInterval cpu = PairedRatio.of(baseCpu, candCpu, 0.90);
        Verdict rv = Verdict.of(rps, 0.05, true);
        Verdict pv = Verdict.of(p99, 0.10, false);
        Verdict cv = Verdict.of(cpu, 0.05, false);
        return new RegressionCell(
                id,
                model,
                "plaintext-c40-ka-w0",
                new RegressionRounds(base, cand, baseP99, candP99, baseCpu, candCpu),
                new RegressionChanges(rps, p99, cpu),
                new RegressionVerdicts(rv, pv, cv, Verdict.combine(rv, pv, cv)),
                null,
                new CpuNoise(noise, null));
    }
}
