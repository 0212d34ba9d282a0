package io.httpmodels.harness.results;

/**
 * What the database behind a window's requests used over it: PostgreSQL's postmaster and every backend it forked,
 * read from /proc at the window's edges as the server is ({@code io.httpmodels.harness.process.CpuClock}), less what
 * the harness's own connection's backend used in the window (the sampling's, which no request caused).
 *
 * @param cpuSeconds          its CPU time over the window
 * @param cpuMicrosPerRequest that time per request the window completed
 */
public record DatabaseUsage(double cpuSeconds, Double cpuMicrosPerRequest) {}
