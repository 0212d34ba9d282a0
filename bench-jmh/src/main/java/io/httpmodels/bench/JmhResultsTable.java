package io.httpmodels.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Turns a JMH result file ({@code -rf json}) into a short Markdown table: one row per benchmark and parameter
 * set, with the score and its error, p50 and p99 for sample-time runs, and the bytes allocated per operation when
 * the run used {@code -prof gc}. {@code scripts/jmh.sh} prints it after every run.
 *
 * <pre>
 * java -cp bench-jmh/target/benchmarks.jar io.httpmodels.bench.JmhResultsTable results/jmh/20260101T120000.json
 * </pre>
 *
 * <p>Stateless; {@link #render} is thread-safe.
 */
public final class JmhResultsTable {

    private static final String ALLOCATION = "gc.alloc.rate.norm";

    private JmhResultsTable() {}

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: JmhResultsTable RESULTS.json   (a file written by JMH's -rf json)");
            System.exit(2);
        }
        print(new ObjectMapper().readTree(Path.of(args[0]).toFile()), System.out);
    }

    /** Writes the table for {@code results}, JMH's JSON array, to {@code out}. */
    public static void print(JsonNode results, PrintStream out) {
        out.print(render(results));
        out.flush();
    }

    /** The table for {@code results}, JMH's JSON array, as Markdown lines; a note when it is empty. */
    public static String render(JsonNode results) {
        if (!results.isArray() || results.isEmpty()) {
            return "(no results: every benchmark failed, or none matched)\n";
        }
        StringBuilder table = new StringBuilder();
        table.append("| benchmark | params | mode | threads | score | ± error | units | p50 | p99 | alloc B/op |\n");
        table.append("|---|---|---|---:|---:|---:|---|---:|---:|---:|\n");
        for (JsonNode result : results) {
            table.append(row(result)).append('\n');
        }
        return table.toString();
    }

    private static String row(JsonNode result) {
        JsonNode primary = result.path("primaryMetric");
        boolean sampled = "sample".equals(result.path("mode").asText());
        JsonNode percentiles = primary.path("scorePercentiles");
        JsonNode allocation = result.path("secondaryMetrics").path(ALLOCATION);
        List<String> cells = new ArrayList<>();
        cells.add(shortName(result.path("benchmark").asText()));
        cells.add(params(result.path("params")));
        cells.add(result.path("mode").asText());
        cells.add(result.path("threads").asText());
        cells.add(number(primary.path("score")));
        cells.add(number(primary.path("scoreError")));
        cells.add(primary.path("scoreUnit").asText());
        cells.add(sampled ? number(percentiles.path("50.0")) : "");
        cells.add(sampled ? number(percentiles.path("99.0")) : "");
        cells.add(allocation.isMissingNode() ? "" : bytes(allocation.path("score")));
        return "| " + String.join(" | ", cells) + " |";
    }

    // "io.httpmodels.server.netty.ServerCodecBenchmark.netty" -> "ServerCodecBenchmark.netty"
    private static String shortName(String benchmark) {
        int method = benchmark.lastIndexOf('.');
        int type = method > 0 ? benchmark.lastIndexOf('.', method - 1) : -1;
        return benchmark.substring(type + 1);
    }

    private static String params(JsonNode params) {
        List<String> pairs = new ArrayList<>();
        for (Map.Entry<String, JsonNode> param : params.properties()) {
            pairs.add(param.getKey() + "=" + param.getValue().asText());
        }
        return String.join(" ", pairs);
    }

    // Whole bytes: JMH's own bookkeeping leaves fractions of a byte on allocation-free code.
    private static String bytes(JsonNode value) {
        double v = value.asDouble(Double.NaN);
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%,.0f", v) : "";
    }

    // Three significant digits are all a noisy machine gives; no digits after the point past 100.
    private static String number(JsonNode value) {
        double v = value.asDouble(Double.NaN); // JMH writes "NaN" for the error of a single iteration
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "";
        }
        double magnitude = Math.abs(v);
        String pattern = magnitude >= 100 ? "%,.0f" : magnitude >= 10 ? "%.1f" : magnitude >= 1 ? "%.2f" : "%.3f";
        return String.format(Locale.ROOT, pattern, v);
    }
}
