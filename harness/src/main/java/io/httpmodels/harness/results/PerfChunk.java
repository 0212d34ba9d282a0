package io.httpmodels.harness.results;

import java.util.List;

/**
 * What {@code perf stat} counted in a server over a short unrecorded chunk of the cell's own load, run right after
 * its warm-up and before its measured window. Counting every system call slows a server (each call and each
 * context switch pays for perf's counters), so it is done beside the measured window rather than in it; the
 * server is the same warm JVM (or nginx) under the same load.
 *
 * @param seconds                      how long the chunk ran
 * @param requests                     requests it completed
 * @param syscallsPerRequest           every system call, per request
 * @param syscalls                     the calls counted by name, per request, most frequent first
 * @param contextSwitchesPerRequest    context switches of the server's threads, per request
 * @param voluntarySwitchesPerRequest  of those, the ones in which a thread went to sleep
 * @param cpuMigrationsPerRequest      moves of a thread to another CPU, per request
 * @param threadsStartedPerRequest     threads (or processes) started, per request
 */
public record PerfChunk(
        double seconds,
        long requests,
        double syscallsPerRequest,
        List<SyscallRate> syscalls,
        double contextSwitchesPerRequest,
        double voluntarySwitchesPerRequest,
        double cpuMigrationsPerRequest,
        double threadsStartedPerRequest) {

    public PerfChunk {
        syscalls = List.copyOf(syscalls);
    }
}
