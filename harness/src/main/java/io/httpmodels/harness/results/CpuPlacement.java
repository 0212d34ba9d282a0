package io.httpmodels.harness.results;

/**
 * Where servers and client ran on the machine's CPUs.
 *
 * @param serverCpus CPUs the servers were pinned to, e.g. {@code 0}; null when not pinned
 * @param clientCpus CPUs the harness (client) was pinned to, e.g. {@code 1}; null when not pinned
 * @param pinning    in words: how client and servers shared the machine
 */
public record CpuPlacement(String serverCpus, String clientCpus, String pinning) {}
