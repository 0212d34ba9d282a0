package io.httpmodels.harness.results;

/**
 * The machine a run ran on, as the run found it.
 *
 * @param cpuModel    the processor, from /proc/cpuinfo
 * @param onlineCpus  CPUs online on the machine
 * @param kernel      {@code os.name}, {@code os.version} and {@code os.arch}
 * @param loadAverage /proc/loadavg's 1, 5 and 15 minute load averages when the run started: on a shared machine,
 *                    what else ran; null in older runs or without /proc
 */
public record Host(String cpuModel, int onlineCpus, String kernel, String loadAverage) {}
