package io.httpmodels.harness.results;

/**
 * One system call's count per request.
 *
 * @param name       as the kernel names it ({@code accept4}, {@code io_uring_enter})
 * @param perRequest calls per completed request
 */
public record SyscallRate(String name, double perRequest) {}
