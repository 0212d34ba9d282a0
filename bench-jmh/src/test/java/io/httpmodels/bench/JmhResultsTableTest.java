package io.httpmodels.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;

class JmhResultsTableTest {

    // The fields JMH 1.37 writes with -rf json that the table reads, trimmed from a real run.
    private static final String RESULTS = """
            [
              {
                "benchmark": "io.httpmodels.bench.ResponseParserBenchmark.oneResponse",
                "mode": "avgt", "threads": 1, "forks": 1,
                "primaryMetric": {"score": 41.2345, "scoreError": 0.5123, "scoreUnit": "ns/op"},
                "secondaryMetrics": {
                  "gc.alloc.rate": {"score": 0.01, "scoreUnit": "MB/sec"},
                  "gc.alloc.rate.norm": {"score": 0.0004, "scoreUnit": "B/op"}
                }
              },
              {
                "benchmark": "io.httpmodels.bench.ServerModelBenchmark.latency",
                "mode": "sample", "threads": 4, "forks": 1,
                "params": {"model": "netty", "workMs": "0"},
                "primaryMetric": {
                  "score": 61.75, "scoreError": "NaN", "scoreUnit": "us/op",
                  "scorePercentiles": {"50.0": 52.5, "99.0": 1234.5}
                },
                "secondaryMetrics": {}
              },
              {
                "benchmark": "io.httpmodels.bench.ServerModelBenchmark.throughput",
                "mode": "thrpt", "threads": 1, "forks": 1,
                "params": {"model": "single-thread", "workMs": "1"},
                "primaryMetric": {"score": 912.49, "scoreError": 3.1, "scoreUnit": "ops/s"},
                "secondaryMetrics": {"gc.alloc.rate.norm": {"score": 1533.6, "scoreUnit": "B/op"}}
              }
            ]
            """;

    @Test
    void oneRowPerResultWithPercentilesForSamplesAndAllocationWhenProfiled() throws IOException {
        List<String> lines = JmhResultsTable.render(new ObjectMapper().readTree(RESULTS))
                .lines()
                .toList();

        assertEquals(5, lines.size(), String.join("\n", lines));
        assertEquals(
                "| benchmark | params | mode | threads | score | ± error | units | p50 | p99 | alloc B/op |",
                lines.get(0));
        assertEquals(
                "| ResponseParserBenchmark.oneResponse |  | avgt | 1 | 41.2 | 0.512 | ns/op |  |  | 0 |", lines.get(2));
        assertEquals(
                "| ServerModelBenchmark.latency | model=netty workMs=0 | sample | 4 | 61.8 |  | us/op | 52.5 | 1,235 |  |",
                lines.get(3));
        assertEquals(
                "| ServerModelBenchmark.throughput | model=single-thread workMs=1 | thrpt | 1 | 912 | 3.10 | ops/s"
                        + " |  |  | 1,534 |",
                lines.get(4));
    }

    @Test
    void anEmptyRunSaysSo() throws IOException {
        assertEquals(
                "(no results: every benchmark failed, or none matched)\n",
                JmhResultsTable.render(new ObjectMapper().readTree("[]")));
    }
}
