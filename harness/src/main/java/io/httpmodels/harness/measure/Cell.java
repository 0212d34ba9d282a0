package io.httpmodels.harness.measure;

import io.httpmodels.harness.results.CellResult;
import org.HdrHistogram.Histogram;

/**
 * What one window produced: the result for results.json, its latency histogram for exact merging (null when it
 * failed), and what ran, in the server's words (null when it never started).
 */
public record Cell(CellResult result, Histogram histogram, String running) {}
