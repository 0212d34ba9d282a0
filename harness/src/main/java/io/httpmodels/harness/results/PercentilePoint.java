package io.httpmodels.harness.results;

/**
 * One point of a percentile spectrum, as HdrHistogram's percentile plot draws it.
 *
 * @param percentile  0 to 100
 * @param valueMicros latency at or below which that share of requests lie
 */
public record PercentilePoint(double percentile, long valueMicros) {}
