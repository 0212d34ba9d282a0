package io.httpmodels.harness.process;

/**
 * What the kernel counts for one thread (a task), read from /proc/PID/task/TID.
 *
 * @param voluntarySwitches   times it gave up its core to wait (for a socket, a lock, a sleep)
 * @param involuntarySwitches times it was taken off its core while it could still run (preempted)
 * @param runDelayNanos       time it spent runnable but waiting for a core (schedstat's second field); -1 when
 *                            the kernel does not say
 * @param state               its state letter when read: R running, S sleeping, D in uninterruptible wait...
 */
public record TaskCounters(long voluntarySwitches, long involuntarySwitches, long runDelayNanos, char state) {}
