package io.httpmodels.harness.results;

/**
 * What the load client (the harness's own JVM) used over a cell's recorded window.
 *
 * @param cpuSeconds CPU time of the harness process over the window
 * @param cpuPercent that time as a share of one core (100 = one core busy)
 * @param cores      cores the client may run on (its pinning, or every online CPU)
 * @param bound      whether the client used at least the run's threshold of its cores: its requests/s then
 *                   measure the client as much as the server
 */
public record ClientUsage(double cpuSeconds, double cpuPercent, int cores, boolean bound) {}
