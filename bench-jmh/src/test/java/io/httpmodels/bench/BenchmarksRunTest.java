package io.httpmodels.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.server.ServerModels;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Runs every benchmark in this module through JMH's {@link Runner} at minimal settings (in this JVM, no warm-up,
 * one 50 ms iteration) and checks each one produced a positive score: a benchmark that throws, hangs past JMH's
 * timeout or measures nothing breaks the build. What it says about speed is nothing.
 */
@Timeout(120)
class BenchmarksRunTest {

    private static final Set<String> MICROBENCHMARKS = Set.of(
            "io.httpmodels.bench.HttpDateBenchmark.baseline",
            "io.httpmodels.bench.HttpDateBenchmark.cached",
            "io.httpmodels.bench.HttpDateBenchmark.formattedPerRequest",
            "io.httpmodels.bench.HttpRequestReaderBenchmark.oneRequest",
            "io.httpmodels.bench.HttpRequestReaderBenchmark.pipelined16",
            "io.httpmodels.bench.HttpResponseWriterBenchmark.json",
            "io.httpmodels.bench.HttpResponseWriterBenchmark.plaintext",
            "io.httpmodels.bench.ResponseParserBenchmark.oneResponse",
            "io.httpmodels.bench.ResponseParserBenchmark.pipelined16",
            "io.httpmodels.server.netty.ServerCodecBenchmark.blocking",
            "io.httpmodels.server.netty.ServerCodecBenchmark.blockingPipelined16",
            "io.httpmodels.server.netty.ServerCodecBenchmark.netty",
            "io.httpmodels.server.netty.ServerCodecBenchmark.nettyPipelined16");

    @Test
    void everyMicrobenchmarkRunsAndScores() throws RunnerException {
        Collection<RunResult> results = run(new OptionsBuilder()
                .include("io\\.httpmodels\\.bench\\.(HttpDate|HttpRequestReader|HttpResponseWriter|ResponseParser)"
                        + "Benchmark\\.")
                .include("io\\.httpmodels\\.server\\.netty\\.ServerCodecBenchmark\\.")
                .param("path", "/plaintext"));

        Set<String> ran = new TreeSet<>();
        for (RunResult result : results) {
            ran.add(result.getParams().getBenchmark());
            assertPositiveScore(result);
        }
        assertEquals(new TreeSet<>(MICROBENCHMARKS), ran);
    }

    @Test
    void everyModelServesTheRoundTripBenchmark() throws RunnerException {
        List<String> models = ServerModels.names();
        Collection<RunResult> results = run(new OptionsBuilder()
                .include("io\\.httpmodels\\.bench\\.ServerModelBenchmark\\.throughput$")
                .param("model", models.toArray(String[]::new))
                .param("workMs", "0"));

        Set<String> served = new TreeSet<>();
        for (RunResult result : results) {
            served.add(result.getParams().getParam("model"));
            assertPositiveScore(result);
        }
        assertEquals(new TreeSet<>(models), served);
    }

    @Test
    void theLatencyBenchmarkRecordsSamples() throws RunnerException {
        Collection<RunResult> results = run(new OptionsBuilder()
                .include("io\\.httpmodels\\.bench\\.ServerModelBenchmark\\.latency$")
                .param("model", "virtual-threads")
                .param("workMs", "1"));

        assertEquals(1, results.size());
        RunResult result = results.iterator().next();
        assertPositiveScore(result);
        // One millisecond of simulated work per request: no round trip can be faster.
        assertTrue(
                result.getPrimaryResult().getScore() >= 1000,
                result.getPrimaryResult().toString());
    }

    @Test
    void theModelParameterNamesExactlyTheRegisteredModels() throws NoSuchFieldException {
        Param param = ServerModelBenchmark.class.getField("model").getAnnotation(Param.class);
        assertEquals(
                new TreeSet<>(ServerModels.names()),
                new TreeSet<>(List.of(param.value())),
                "ServerModelBenchmark's @Param(model) must list every model ServerModels finds, and no other");
    }

    private static Collection<RunResult> run(ChainedOptionsBuilder options) throws RunnerException {
        Options minimal = options.forks(0)
                .threads(1)
                .warmupIterations(0)
                .measurementIterations(1)
                .measurementTime(TimeValue.milliseconds(50))
                .shouldFailOnError(true)
                .verbosity(VerboseMode.SILENT)
                .build();
        return new Runner(minimal).run();
    }

    private static void assertPositiveScore(RunResult result) {
        double score = result.getPrimaryResult().getScore();
        assertTrue(
                score > 0 && Double.isFinite(score),
                result.getParams().getBenchmark() + " " + result.getParams() + " scored " + score);
    }
}
