package io.httpmodels.harness.results;

/**
 * How noisy the machine was for a regression cell's CPU time per request, and what of it was left in the ratios.
 *
 * @param cpuWindowSpread the machine's noise as this cell saw it: the median, over every side and round, of how far
 *                        apart one JVM's windows were in CPU time per request (largest / smallest - 1; 0.12 for
 *                        12 %); null when not known. Base and candidate take turns within a window, so most of this
 *                        noise meets both sides alike and cancels in their ratio
 * @param cpuTurnSpread   what is left of it in the ratios: the median, over the rounds, of how far apart the
 *                        windows' ratios candidate / base of CPU time per request were (largest / smallest - 1); null
 *                        when not known (fewer than two windows, a stored baseline). Changes near it are hard to see
 *                        in one run
 */
public record CpuNoise(Double cpuWindowSpread, Double cpuTurnSpread) {}
