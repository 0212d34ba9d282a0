package io.httpmodels.harness.process;

/**
 * A process's CPU time split as the kernel accounts it.
 *
 * @param userNanos   time running its own code
 * @param systemNanos time in the kernel on its behalf (system calls, page faults, the network stack's work
 *                    charged to it)
 */
public record CpuTimes(long userNanos, long systemNanos) {

    /** The sum of both. */
    public long totalNanos() {
        return userNanos + systemNanos;
    }

    /** This minus {@code earlier}. */
    public CpuTimes minus(CpuTimes earlier) {
        return new CpuTimes(userNanos - earlier.userNanos, systemNanos - earlier.systemNanos);
    }

    /** This plus {@code other}. */
    public CpuTimes plus(CpuTimes other) {
        return new CpuTimes(userNanos + other.userNanos, systemNanos + other.systemNanos);
    }
}
