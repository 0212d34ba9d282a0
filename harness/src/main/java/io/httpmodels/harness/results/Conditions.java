package io.httpmodels.harness.results;

import java.util.List;

/**
 * What every figure of a run was measured under, so that a number never travels without them.
 *
 * @param cpuModel          the processor, from /proc/cpuinfo
 * @param onlineCpus        CPUs online on the machine
 * @param kernel            {@code os.name} and {@code os.version}
 * @param jdk               the JDK that ran the client and the servers: vendor, version, VM
 * @param serverJvmFlags    flags of every server model's JVM
 * @param clientJvmFlags    flags of the harness JVM, which runs the load client
 * @param serverCpus        CPUs the servers were pinned to, e.g. {@code 0}; null when not pinned
 * @param clientCpus        CPUs the harness (client) was pinned to, e.g. {@code 1}; null when not pinned
 * @param pinning           in words: how client and servers shared the machine
 * @param projectVersion    this project's version
 * @param gitCommit         the commit the code was built from, or null outside a checkout
 * @param gitDirty          whether the work tree had uncommitted changes, or null
 * @param profile           the named profile, or {@code custom}
 * @param warmupSeconds     the least unrecorded warm-up of every server before its first window: it goes on until
 *                          the server's JIT is quiet (each cell says how long it took)
 * @param maxWarmupSeconds  the most warm-up of a server; absent (0) in runs from before the warm-up waited for the
 *                          JIT
 * @param durationSeconds   recorded duration of every cell
 * @param repetitions       how often each cell ran
 * @param clientThreads     event-loop threads of the load client
 * @param timeoutSeconds    a request unanswered this long counts as a timeout and its connection is reopened
 * @param clientBoundAt     client CPU share (of its cores) at or above which a cell is marked client-bound
 * @param command           the command line that produced the run
 * @param loadAverage       /proc/loadavg's 1, 5 and 15 minute load averages when the run started: on a shared
 *                          machine, what else ran; null in older runs or without /proc
 */
public record Conditions(
        String cpuModel,
        int onlineCpus,
        String kernel,
        String jdk,
        List<String> serverJvmFlags,
        List<String> clientJvmFlags,
        String serverCpus,
        String clientCpus,
        String pinning,
        String projectVersion,
        String gitCommit,
        Boolean gitDirty,
        String profile,
        double warmupSeconds,
        double maxWarmupSeconds,
        double durationSeconds,
        int repetitions,
        int clientThreads,
        double timeoutSeconds,
        double clientBoundAt,
        String command,
        String loadAverage) {

    public Conditions {
        serverJvmFlags = List.copyOf(serverJvmFlags);
        clientJvmFlags = List.copyOf(clientJvmFlags);
    }
}
